import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// The keyboard follows focus, tells observers, and keeps a focused field in sight.
@MainActor
struct KeyboardShowHideTests {
    @Test func theKeyboardSlidesUpWithFocusAndDownWhenFocusGoesAndObserversHearFrames() {
        let h = Harness()
        var notes: [KeyboardNotification] = []
        let observation = h.app.keyboard.addObserver { notes.append($0) }
        let field = h.addField()
        let other = h.addField(frame: Rect(x: 20, y: 80, width: 300, height: 40))
        field.becomeFirstResponder()
        h.turn()
        let shown = h.app.keyboard.shownFrame
        #expect(h.app.keyboard.isVisible)
        #expect(notes.map(\.kind) == [.willShow])
        #expect(notes.first?.frameEnd == shown)
        #expect(notes.first?.frameBegin.minY == h.app.screen.bounds.height)
        // 480-point landscape screen: rows of 48 points, five rows.
        #expect(shown == Rect(x: 0, y: 240, width: 800, height: 240))
        h.advance(by: 0.5)
        #expect(notes.map(\.kind) == [.willShow, .didShow])
        // Moving focus to another field keeps the keyboard up: no hide in between.
        other.becomeFirstResponder()
        h.settle()
        h.advance(by: 0.5)
        #expect(notes.map(\.kind) == [.willShow, .didShow])
        other.resignFirstResponder()
        h.turn()
        #expect(notes.map(\.kind) == [.willShow, .didShow, .willHide])
        #expect(notes.last?.frameBegin == shown)
        #expect(notes.last?.frameEnd.minY == 480)
        h.advance(by: 0.5)
        #expect(notes.map(\.kind) == [.willShow, .didShow, .willHide, .didHide])
        #expect(h.app.windows.last?.isHidden == true)
        observation.cancel()
        field.becomeFirstResponder()
        h.settle()
        #expect(notes.count == 4)
    }

    @Test func thePolicyDecidesWithAHardwareKeyboard() {
        let h = Harness()
        h.app.keyboard.isHardwareKeyboardAttached = true
        let field = h.addField()
        field.becomeFirstResponder()
        h.settle()
        #expect(!h.app.keyboard.isVisible)
        h.app.onScreenKeyboard = .always
        h.settle()
        #expect(h.app.keyboard.isVisible)
        h.app.onScreenKeyboard = .never
        h.settle()
        h.advance(by: 0.5)
        #expect(!h.app.keyboard.isVisible)
    }

    @Test func aTouchOutsideTheKeyboardStillReachesTheApp() {
        let h = Harness()
        let field = h.focusedFieldWithKeyboard()
        let button = RecordingView("app", frame: Rect(x: 400, y: 20, width: 100, height: 100))
        h.window.addSubview(button)
        h.tap(at: Point(x: 450, y: 70))
        #expect(button.log == ["began 1", "ended 1"])
        #expect(field.text == "")
    }

    @Test func theKeyboardTakesTheRotatedScreensSize() {
        let h = Harness()
        _ = h.focusedFieldWithKeyboard()
        h.app.setScreenRotation(.clockwise90)
        h.settle()
        h.advance(by: 0.5)
        let frame = h.app.keyboard.shownFrame
        #expect(frame.width == h.app.screen.bounds.width)
        #expect(frame.maxY == h.app.screen.bounds.height)
        #expect(h.app.keyboard.frameOfKey(.space)!.maxY <= frame.maxY)
        #expect(h.app.keyboard.frameOfKey(typing: "q")!.minX >= 0)
    }

    @Test func aScrollViewKeepsTheFocusedFieldAboveTheKeyboard() {
        let h = Harness()
        let scroll = ScrollView(frame: h.window.bounds)
        scroll.contentSize = Size(width: 800, height: 600)
        h.window.addSubview(scroll)
        let field = TextField(frame: Rect(x: 20, y: 400, width: 300, height: 40))
        scroll.addSubview(field)
        h.settle()
        field.becomeFirstResponder()
        h.settle()
        h.advance(by: 1)
        let keyboardTop = h.app.keyboard.shownFrame.minY
        #expect(scroll.contentInset.bottom == 480 - keyboardTop)
        let inScreen = field.convert(field.bounds, to: nil)
        #expect(inScreen.maxY <= keyboardTop)
        #expect(inScreen.minY >= 0)
        field.resignFirstResponder()
        h.settle()
        h.advance(by: 1)
        #expect(scroll.contentInset.bottom == 0)
    }
}
