import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

extension Harness {
    /// A field at the top of the window with focus and the keyboard slid up and at rest.
    func focusedFieldWithKeyboard(type: KeyboardType = .default, layouts: [String]? = nil,
                                  source: (any KeyboardLayoutSource)? = nil) -> TextField {
        if let source { app.keyboard.layoutSource = source }
        if let layouts { app.keyboard.layouts = layouts }
        let field = addField()
        field.keyboardType = type
        field.becomeFirstResponder()
        settle()
        advance(by: 1)
        settle()
        return field
    }

    /// The centre of the key typing `text`, in screen points.
    func keyCentre(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Point {
        guard let frame = app.keyboard.frameOfKey(typing: text) else {
            Issue.record("no key types \(text)", sourceLocation: sourceLocation)
            return Point(x: -100, y: -100)
        }
        return Point(x: frame.midX, y: frame.midY)
    }

    /// The centre of the first key of `kind`.
    func keyCentre(_ kind: KeyboardKeyKind) -> Point {
        let frame = app.keyboard.frameOfKey(kind) ?? Rect(x: -100, y: -100, width: 0, height: 0)
        return Point(x: frame.midX, y: frame.midY)
    }

    /// Taps the keys typing each character of `text` (lower case or the page's characters).
    func tapKeys(_ text: String) {
        for character in text { tap(at: keyCentre(String(character))) }
    }
}
