import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
@testable import VitrineInput

/// A hardware keyboard found by libinput hides the on-screen keyboard under the `.auto` policy;
/// unplugged, the on-screen keyboard comes back.
@MainActor
struct HardwareKeyboardTests {
    /// A field in the harness's window, focused, with the loop run until idle.
    private func focusedField(_ h: AppHarness) -> TextField {
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        h.window.addSubview(field)
        field.becomeFirstResponder()
        h.run()
        h.loop.advance(by: 1)
        return field
    }

    @Test func pluggingAKeyboardInHidesTheOnScreenKeyboardAndUnpluggingShowsIt() throws {
        let h = try AppHarness { $0.addTouchscreen(1) }
        let field = focusedField(h)
        #expect(field.isFirstResponder)
        #expect(h.app.keyboard.isVisible)
        #expect(!h.app.isHardwareKeyboardAttached)

        let keyboard = h.fake.addKeyboard(2, name: "USB keyboard")
        h.run()
        #expect(h.app.isHardwareKeyboardAttached)
        #expect(h.app.keyboard.isHardwareKeyboardAttached)
        #expect(!h.app.keyboard.isVisible)
        #expect(field.isFirstResponder)
        // Typing goes on from the hardware keyboard (the field capitalizes the sentence's start).
        h.fake.tap(keyboard, Code.keyA)
        h.run()
        #expect(field.text == "A")

        h.fake.remove(keyboard)
        h.run()
        #expect(!h.app.isHardwareKeyboardAttached)
        #expect(h.app.keyboard.isVisible)
    }

    @Test func aKeyboardPresentAtStartKeepsTheOnScreenKeyboardDown() throws {
        let h = try AppHarness {
            $0.addTouchscreen(1)
            $0.addKeyboard(2)
        }
        let field = focusedField(h)
        #expect(field.isFirstResponder)
        #expect(h.app.isHardwareKeyboardAttached)
        #expect(!h.app.keyboard.isVisible)
    }

    @Test func aPowerButtonIsNoKeyboard() throws {
        // A power button or a lid's "keyboard" has CAP_KEYBOARD but no letter keys.
        let h = try AppHarness {
            $0.addTouchscreen(1)
            $0.add(2, name: "Power Button", capabilities: .keyboard)
        }
        _ = focusedField(h)
        #expect(!h.app.isHardwareKeyboardAttached)
        #expect(h.app.keyboard.isVisible)
    }

    @Test func theKeyboardStaysHiddenWhileAnyOfTwoKeyboardsRemains() throws {
        let h = try AppHarness { $0.addTouchscreen(1) }
        _ = focusedField(h)
        let first = h.fake.addKeyboard(2)
        let second = h.fake.addKeyboard(3)
        h.run()
        #expect(!h.app.keyboard.isVisible)
        h.fake.remove(first)
        h.run()
        #expect(!h.app.keyboard.isVisible)
        h.fake.remove(second)
        h.run()
        #expect(h.app.keyboard.isVisible)
    }

    @Test func thePolicyAlwaysShowsTheKeyboardDespiteAHardwareKeyboard() throws {
        let h = try AppHarness {
            $0.addTouchscreen(1)
            $0.addKeyboard(2)
        }
        h.app.onScreenKeyboard = .always
        _ = focusedField(h)
        #expect(h.app.keyboard.isVisible)
    }

    @Test func aSuspendedSeatDetachesTheKeyboardAndResumingAttachesItAgain() throws {
        let h = try AppHarness {
            $0.addTouchscreen(1)
            $0.addKeyboard(2)
        }
        #expect(h.app.isHardwareKeyboardAttached)
        h.source.suspend()
        h.run()
        #expect(!h.app.isHardwareKeyboardAttached)
        try h.source.resume()
        h.fake.addKeyboard(2)
        h.run()
        #expect(h.app.isHardwareKeyboardAttached)
    }
}
