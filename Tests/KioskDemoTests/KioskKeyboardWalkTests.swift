import Testing
import KioskDemo
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// The demo operated by keys alone (issue 20): Tab and the arrows reach every button of every
/// screen, Enter opens and activates, Escape backs out; no touch is used.
@MainActor
@Suite struct KioskKeyboardWalkTests {
    @MainActor final class Walk {
        let platform = HeadlessPlatform(mode: DisplayMode(width: 800, height: 480))
        let application: Application
        let kiosk = KioskDelegate(secondsOfDay: 9 * 3600)

        init() {
            application = Application(platform: platform)
            kiosk.log = { _ in }
            application.delegate = kiosk
            application.launch()
            platform.manualMainLoop.advance(by: 0.1)
        }

        func press(_ code: Int, shift: Bool = false) {
            platform.input.key(code, .pressed, characters: "", modifiers: shift ? .shift : [])
            platform.manualMainLoop.runUntilIdle()
            platform.input.key(code, .released, characters: "", modifiers: shift ? .shift : [])
            platform.manualMainLoop.advance(by: 1)
        }

        var focused: String { application.focusedView?.accessibilityLabel ?? "nil" }

        /// The labels Tab visits from the focused element until it comes back.
        func tabCycle(limit: Int = 40) -> [String] {
            let start = application.focusedView
            var labels = [focused]
            for _ in 0..<limit {
                press(15)
                if application.focusedView === start { break }
                labels.append(focused)
            }
            return labels
        }
    }

    static let tab = 15, enter = 28, escape = 1, up = 103, left = 105, right = 106, down = 108

    @Test func theClockIsAnElementThatReadsTheTime() {
        let walk = Walk()
        guard let window = walk.application.windows.first,
              let clock = window.accessibilityElementsInReadingOrder().first(where: { $0 is ClockView }) else {
            Issue.record("the welcome screen's clock is not an accessibility element")
            return
        }
        #expect(clock.accessibilityLabel == "Time")
        #expect(clock.accessibilityValue == "09:00")
        #expect(clock.accessibilityTraits.contains(.updatesFrequently))
        (clock as? ClockView)?.tick()
        for _ in 0..<59 { (clock as? ClockView)?.tick() }
        #expect(clock.accessibilityValue == "09:01")
    }

    @Test func theWelcomeScreensButtonsAreReachedByTabAndArrows() {
        let walk = Walk()
        #expect(walk.application.focusedView == nil)
        walk.press(Self.tab)
        #expect(walk.focused == "Check in")
        // The buttons, then the language picker's segments (each language named in itself).
        #expect(walk.tabCycle() == ["Check in", "Find a room", "Opening hours", "Help", "English", "Français", "Deutsch", "العربية"])
        walk.press(Self.right)
        #expect(walk.focused == "Opening hours")
        walk.press(Self.down)
        #expect(walk.focused == "Help")
        walk.press(Self.left)
        #expect(walk.focused == "Find a room")
        walk.press(Self.up)
        #expect(walk.focused == "Check in")
    }

    @Test func everyScreenOpensAndClosesByKeys() {
        let walk = Walk()
        walk.press(Self.tab)
        // Check in: a presented screen takes focus, and Tab walks its form (the fields, then
        // the button). Enter on Back dismisses it and focus returns; so does Escape.
        walk.press(Self.enter)
        #expect(walk.tabCycle() == ["Back", "Name", "Email", "Check in"])
        walk.press(Self.enter)
        #expect(walk.focused == "Check in")
        walk.press(Self.enter)
        #expect(walk.focused == "Back")
        walk.press(Self.escape)
        #expect(walk.focused == "Check in")
        // Help: an alert traps focus; Escape cancels it.
        for _ in 0..<3 { walk.press(Self.tab) }
        #expect(walk.focused == "Help")
        walk.press(Self.enter)
        let alert = walk.tabCycle()
        #expect(alert.count >= 2 && !alert.contains("Check in"), "\(alert)")
        walk.press(Self.escape)
        #expect(walk.focused == "Help")
        // Find a room: a list of rooms walked with the arrows, a room opened with Enter,
        // Escape back.
        walk.press(Self.left)
        #expect(walk.focused == "Find a room")
        walk.press(Self.enter)
        let first = walk.focused
        walk.press(Self.down)
        walk.press(Self.down)
        let third = walk.focused
        #expect(first != third && first != "nil", "\(first) \(third)")
        walk.press(Self.enter)
        let roomScreen = walk.focused
        #expect(roomScreen != third, "a room's screen has focus")
        walk.press(Self.escape)
        walk.press(Self.escape)
        walk.press(Self.escape)
        // Opening hours, then back home.
        #expect(walk.tabCycle().contains("Opening hours"))
    }
}
