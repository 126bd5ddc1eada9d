import CEvdev
import Testing
import KioskDemo
import Vitrine

extension KernelRing {
    /// Typing on a keyboard the kernel knows (uinput), through libinput and xkbcommon, into the
    /// demo's text fields.
    @Suite("Typing through uinput into the demo")
    @MainActor
    struct TypingOnTheKernel {
        /// A key pressed and released, with Shift held around it when `shift`.
        static func stroke(_ keyboard: UInputDevice, _ code: Int32, shift: Bool = false) {
            if shift { keyboard.write(Int32(EV_KEY), Int32(KEY_LEFTSHIFT), 1); keyboard.sync() }
            keyboard.write(Int32(EV_KEY), code, 1)
            keyboard.sync()
            keyboard.write(Int32(EV_KEY), code, 0)
            keyboard.sync()
            if shift { keyboard.write(Int32(EV_KEY), Int32(KEY_LEFTSHIFT), 0); keyboard.sync() }
        }

        /// Types `text` on the US keys of lower-case letters, "@" (Shift-2) and "." into `field`,
        /// one stroke at a time, each read by the app before the next. A burst written while the
        /// app does not read is lost whole once it passes the evdev client's buffer (64 events:
        /// 15 strokes of 4 events all arrived, 17 none, measured in the VM). Records an issue for
        /// a stroke that typed nothing.
        static func type(_ keyboard: UInputDevice, _ text: String, into field: TextField, kernel: KernelApp,
                         sourceLocation: SourceLocation = #_sourceLocation) {
            let letters: [Character: Int32] = [
                "a": Int32(KEY_A), "c": Int32(KEY_C), "e": Int32(KEY_E), "l": Int32(KEY_L), "m": Int32(KEY_M),
                "n": Int32(KEY_N), "o": Int32(KEY_O), "p": Int32(KEY_P), "x": Int32(KEY_X),
            ]
            for character in text {
                let before = field.text.count
                switch character {
                case "@": stroke(keyboard, Int32(KEY_2), shift: true)
                case ".": stroke(keyboard, Int32(KEY_DOT))
                default:
                    guard let code = letters[Character(character.lowercased())] else {
                        Issue.record("no key for \(character)", sourceLocation: sourceLocation)
                        continue
                    }
                    stroke(keyboard, code, shift: character.isUppercase)
                }
                if !kernel.driver.run(until: { field.text.count > before }, timeout: 10) {
                    Issue.record("\(character) typed nothing into \"\(field.text)\"", sourceLocation: sourceLocation)
                    return
                }
            }
        }

        @Test("a uinput keyboard types a name and an email into the demo's check-in and checks in with Return")
        func checkInTypedOnAKeyboard() throws {
            let keyboard = try UInputDevice.keyboard()
            let kernel = try KernelApp(input: true)
            defer { kernel.shutdown() }
            try #require(kernel.waitForInputDevice(keyboard.name))
            var messages: [String] = []
            let kiosk = KioskDelegate(secondsOfDay: 9 * 3600)
            kiosk.log = { messages.append($0) }
            kernel.window.rootViewController = kiosk.welcome
            try #require(kernel.settle())

            kiosk.welcome.checkIn(nil)
            let form = try #require(kiosk.welcome.presentedViewController as? CheckInController)
            #expect(kernel.driver.run(until: { form.nameField.isEditing }, timeout: 10), "the name field did not take focus")

            Self.type(keyboard, "Anna", into: form.nameField, kernel: kernel)
            #expect(form.nameField.text == "Anna")
            Self.stroke(keyboard, Int32(KEY_ENTER))
            #expect(kernel.driver.run(until: { form.emailField.isEditing }, timeout: 10), "Return did not move to the email field")
            Self.type(keyboard, "anna@example.com", into: form.emailField, kernel: kernel)
            #expect(form.emailField.text == "anna@example.com")

            Self.stroke(keyboard, Int32(KEY_ENTER))
            #expect(kernel.driver.run(until: { kiosk.welcome.presentedViewController is DetailController }, timeout: 10),
                    "Return in the email field did not check in: \(messages)")
            #expect((kiosk.welcome.presentedViewController as? DetailController)?.guestName == "Anna")
            #expect(messages.contains("checked in: Anna <anna@example.com>"), "\(messages)")
            #expect(kernel.settle())
            #expect(kernel.unexpectedLogMessages.isEmpty, "\(kernel.unexpectedLogMessages)")
        }
    }
}
