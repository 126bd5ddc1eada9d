import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineTestSupport

/// A text field lays its line out again in place on every edit (its layout and line geometry
/// keep their storage). After any sequence of edits it must place every caret exactly where a
/// field given the same text afresh places it: checked over seeded random insertions and
/// deletions of mixed-script text, with secure entry and a larger font switched on midway.
@MainActor
@Suite struct TextFieldRelayoutTests {
    static let pieces = ["a", "Ana ", "María", "שלום", " ", "مرحبا", "你好", "👩‍👩‍👧", "e\u{301}", "42", "@"]

    /// Wide enough that the line never scrolls (scrolling keeps the caret in view, which
    /// depends on where the caret has been, not on the layout).
    private func field(_ h: Harness) -> TextField {
        let field = TextField(frame: Rect(x: 20, y: 20, width: 6000, height: 40))
        field.autocapitalizationType = .none
        h.window.addSubview(field)
        return field
    }

    /// Every caret place.
    private func carets(_ field: TextField) -> [Rect] {
        (0...field.text.count).map { field.caretRect(for: $0) }
    }

    @Test func editsPlaceCaretsAsAFreshFieldDoes() {
        let h = Harness()
        let edited = field(h)
        #expect(edited.becomeFirstResponder())
        var generator = SeededRandom(seed: 0xF1E1D)
        for step in 0..<150 {
            randomEdit(edited, count: edited.text.count, pieces: Self.pieces, using: &generator)
            if step == 50 { edited.isSecureTextEntry = true }
            if step == 100 { edited.isSecureTextEntry = false; edited.font = .system(size: 22) }
            // A new field each time: one that never laid anything else out.
            let fresh = field(h)
            fresh.isSecureTextEntry = edited.isSecureTextEntry
            fresh.font = edited.font
            fresh.text = edited.text
            #expect(carets(edited) == carets(fresh), "step \(step): \(edited.text.debugDescription)")
            fresh.removeFromSuperview()
        }
    }
}
