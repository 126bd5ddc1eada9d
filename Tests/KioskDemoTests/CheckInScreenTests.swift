import Testing
import VitrineTestSupport
@testable import KioskDemo
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// The folder of this target's reference images: Tests/KioskDemoTests/Goldens.
private func goldensFolder(_ filePath: String = #filePath) -> String {
    var parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast()
    return parts.joined(separator: "/") + "/Goldens"
}

/// A demo screen in a window of a headless app, with the demo's keyboard layouts (us, ru from
/// XKB), tapped and typed on by a script.
@MainActor
final class ShownScreen {
    let platform: HeadlessPlatform
    let app: Application
    let window: Window
    var messages: [String] = []

    init(_ controller: ViewController, width: Int = 800, height: Int = 480, scale: Double = 1) {
        platform = HeadlessPlatform(mode: DisplayMode(width: width, height: height), scale: scale)
        app = Application(platform: platform)
        window = Window(frame: app.screen.bounds)
        window.rootViewController = controller
        window.makeKeyAndVisible(in: app)
        let layouts = app.keyboard.layouts
        app.keyboard.layouts = ["us"]
        KioskTextEntry.start(in: app, log: { [unowned self] in self.messages.append($0) })
        #expect(layouts == ["us"] && app.keyboard.layouts == ["us", "ru"])
        settle()
    }

    /// Runs turns (and the animations' frames) until nothing changes any more.
    func settle() {
        platform.manualMainLoop.runUntilIdle()
        var rounds = 0
        while (platform.virtualDisplay.isFlipPending || app.hasPendingCommit) && rounds < 200 {
            platform.manualMainLoop.advance(by: 0.025)
            rounds += 1
        }
        platform.manualMainLoop.advance(by: 0.3)  // slides (0.25 s) end
        #expect(rounds < 200, "the screen keeps changing")
    }

    func tap(_ point: Point) {
        platform.input.down(0, at: point)
        platform.input.frame()
        platform.manualMainLoop.advance(by: 0.05)
        platform.input.up(0)
        platform.input.frame()
        platform.manualMainLoop.advance(by: 0.1)
    }

    func tap(_ view: View) { tap(view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil)) }

    func tapKey(_ kind: KeyboardKeyKind) {
        guard let frame = app.keyboard.frameOfKey(kind) else { Issue.record("no \(kind) key"); return }
        tap(Point(x: frame.midX, y: frame.midY))
    }

    /// Taps the keys of lower-case letters of the layout shown.
    func type(_ letters: String) {
        for letter in letters {
            guard let frame = app.keyboard.frameOfKey(typing: String(letter)) else { Issue.record("no key \(letter)"); continue }
            tap(Point(x: frame.midX, y: frame.midY))
        }
    }
}

/// The check-in form on its own: laid out above the keyboard, typed into in two layouts, and
/// refusing incomplete values.
@MainActor
@Suite struct CheckInScreenTests {
    /// 800×480 at 1× and 1920×1080 at 1.5× (1280×720 points).
    @Test(arguments: [(800, 480, 1.0), (1920, 1080, 1.5)])
    func itFitsAboveTheKeyboard(width: Int, height: Int, scale: Double) {
        let form = CheckInController(log: { _ in })
        let shown = ShownScreen(form, width: width, height: height, scale: scale)
        #expect(form.nameField.isEditing && shown.app.keyboard.isVisible, "the name field takes focus as the form arrives")
        let views: [View] = [form.nameField, form.emailField, form.confirmButton, form.messageLabel]
        let frames = views.map { $0.convert($0.bounds, to: nil) }
        let keyboardTop = shown.app.keyboard.shownFrame.minY
        #expect(frames.allSatisfy { $0.minY >= 80 && $0.maxY <= keyboardTop && $0.minX >= 0 && $0.maxX <= shown.app.screen.bounds.width },
                "\(width)×\(height): \(frames) must sit between the bar and the keyboard (\(keyboardTop))")
        for i in frames.indices { for j in frames.indices where i < j { #expect(!frames[i].intersects(frames[j])) } }
        let result = Golden.compare(shown.platform.virtualDisplay.shownBuffer!, toReference: goldensFolder() + "/checkin-\(width)x\(height).png")
        #expect(result.passed, Comment(rawValue: result.message))
    }

    @Test func aNarrowScreenStacksTheFormAboveTheKeyboard() {
        let form = CheckInController(log: { _ in })
        let shown = ShownScreen(form, width: 480, height: 800)
        let keyboardTop = shown.app.keyboard.shownFrame.minY
        #expect(form.confirmButton.frame.minY > form.emailField.frame.maxY && form.messageLabel.frame.maxY <= keyboardTop)
    }

    @Test func theLayoutKeyTypesCyrillicAndReturnMovesToTheEmailKeyboard() {
        let form = CheckInController(log: { _ in })
        let shown = ShownScreen(form)
        let keyboard = shown.app.keyboard
        shown.type("ivan")
        shown.tapKey(.space)
        shown.tapKey(.layoutSwitch)
        #expect(keyboard.currentLayout == "ru")
        shown.type("иван")
        // The name field capitalizes words: Shift latches by itself at each word's start.
        #expect(form.nameField.text == "Ivan Иван")
        shown.tapKey(.returnKey)
        #expect(form.emailField.isEditing && !form.nameField.isEditing && keyboard.isVisible)
        #expect(keyboard.currentLayout == "us", "the email field types Latin letters")
        shown.type("a")
        #expect(form.emailField.text == "a")
        #expect(form.emailField.keyboardType == .emailAddress && form.emailField.autocapitalizationType == .none)
        #expect(form.nameField.returnKeyType == .next && form.emailField.returnKeyType == .done)
    }

    @Test func incompleteValuesAreRefusedWithTheReasonAndTheCaretWhereItIsMissing() {
        var messages: [String] = []
        let form = CheckInController(log: { messages.append($0) })
        let shown = ShownScreen(form)
        var guests: [Guest] = []
        form.onCheckIn = { guests.append($0) }
        shown.tap(form.confirmButton)
        #expect(guests.isEmpty && form.messageLabel.text == "Please type your name." && form.nameField.isEditing)
        form.nameField.text = "  Анна  "
        form.emailField.text = "anna@example"
        shown.tap(form.confirmButton)
        #expect(guests.isEmpty && form.emailField.isEditing)
        #expect(form.messageLabel.text == "Please type an email address such as anna@example.com.")
        form.emailField.insertText(".com")
        #expect(form.emailField.text == "anna@example.com")
        shown.tapKey(.returnKey)   // Return in the email field checks in
        #expect(guests == [Guest(name: "Анна", email: "anna@example.com")])
        #expect(!form.emailField.isEditing && !form.nameField.isEditing)
        #expect(messages.filter { $0.hasPrefix("check-in refused") }.count == 2)
    }

    @Test(arguments: [("", "a@b.c", false), ("Ким", "a@b.c", true), ("Ким", "ab.c", false), ("Ким", "@b.c", false),
                      ("Ким", "a@bc", false), ("Ким", "a@.bc", false), ("Ким", "a@b.", false), ("Ким", "a@b@c.d", false),
                      ("Ким", "a b@c.d", false)])
    func guestValues(name: String, email: String, valid: Bool) {
        #expect((Guest.problem(name: name, email: email) == nil) == valid, "\(name) \(email)")
    }

    @Test func theDemoKeepsAProfilesLayoutsAndAddsRussian() {
        let form = CheckInController(log: { _ in })
        let shown = ShownScreen(form)
        shown.app.keyboard.layouts = ["us", "fr"]
        KioskTextEntry.start(in: shown.app, log: { _ in })
        #expect(shown.app.keyboard.layouts == ["us", "fr", "ru"])
        KioskTextEntry.start(in: shown.app, log: { _ in })
        #expect(shown.app.keyboard.layouts == ["us", "fr", "ru"])
        #expect(shown.messages.contains("keyboard layouts: us, ru"))
    }
}

/// The check-in typed on a hardware keyboard (what the kernel ring does through uinput).
@MainActor
@Suite struct CheckInHardwareKeyboardTests {
    func press(_ shown: ShownScreen, _ code: Int, _ characters: String = "") {
        shown.platform.input.key(code, .pressed, characters: characters)
        shown.platform.manualMainLoop.runUntilIdle()
        shown.platform.input.key(code, .released, characters: characters)
        shown.platform.manualMainLoop.runUntilIdle()
    }

    @Test func returnMovesToTheEmailFieldAndTypingGoesOnThere() {
        let form = CheckInController(log: { _ in })
        let shown = ShownScreen(form)
        for (code, c) in [(30, "A"), (49, "n"), (49, "n"), (30, "a")] { press(shown, code, c) }
        #expect(form.nameField.text == "Anna")
        press(shown, 28, "\r")
        #expect(form.emailField.isEditing)
        for (code, c) in [(30, "a"), (49, "n")] { press(shown, code, c) }
        #expect(form.emailField.text == "an", "name \(form.nameField.text)")
    }
}
