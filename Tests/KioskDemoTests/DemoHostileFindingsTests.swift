import Testing
import KioskDemo
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// What the hostile stream through the demo (DemoHostileInputTests) found besides traps, each
/// reduced to its few steps: two bugs of the runtime's presentation, each of which left the
/// kiosk stuck until a restart.
@MainActor
@Suite struct DemoHostileFindingsTests {
    @MainActor final class Kiosk {
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

        var loop: ManualMainLoop { platform.manualMainLoop }

        func press(_ code: Int, thenWait seconds: Double = 0) {
            platform.input.key(code, .pressed)
            platform.input.key(code, .released)
            loop.runUntilIdle()
            loop.advance(by: seconds)
        }

        /// The window's views that take touches other than the navigation's (the screens shown
        /// above it).
        var viewsOverTheNavigation: [View] {
            guard let window = kiosk.window, let root = kiosk.welcome.navigationController?.viewIfLoaded else { return [] }
            return window.subviews.filter { $0 !== root && $0.isUserInteractionEnabled }
        }
    }

    static let tab = 15, enter = 28, down = 108

    /// Enter on the rooms' Back dismisses the list, which slides away for 0.3 s still in the
    /// window; Down moves focus to one of its rows there, and Enter selects it. A controller
    /// being dismissed presents nothing (`isBeingDismissed`): the room it would have presented
    /// would stay when the slide ends, presented by nobody, its Back and its swipe asking a
    /// presenter that is gone, and the kiosk stuck under a dead screen.
    @Test func aScreenBeingDismissedPresentsNothing() {
        let k = Kiosk()
        k.press(Self.tab, thenWait: 1)                       // "Check in"
        k.press(Self.tab, thenWait: 1)                       // "Find a room"
        k.press(Self.enter, thenWait: 1)                     // the rooms, focus on Back
        #expect(k.kiosk.welcome.presentedViewController is RoomsController)
        #expect(k.application.focusedView?.accessibilityLabel == "Back")
        let rooms = k.kiosk.welcome.presentedViewController
        k.press(Self.enter)                                  // dismissed: sliding away
        #expect(rooms?.isBeingDismissed == true)
        k.press(Self.down)                                   // focus into the leaving list
        k.press(Self.enter, thenWait: 1)                     // a room, from the dismissed list
        #expect(rooms?.isBeingDismissed == false)
        #expect(k.kiosk.welcome.presentedViewController == nil)
        #expect(k.viewsOverTheNavigation.isEmpty, "left in the window: \(k.viewsOverTheNavigation.map { $0.subviews.map { "\(type(of: $0))" } })")
        // The kiosk goes on: the focused button presents its screen.
        k.press(Self.enter, thenWait: 1)
        #expect(k.kiosk.welcome.presentedViewController != nil)
        #expect(k.viewsOverTheNavigation.count == 1)
    }

    /// A full-screen presentation takes the covered root view out of the window; the screen
    /// turns meanwhile, and the dismissal puts the root view back at its old size, which it
    /// keeps (turned back, autoresizing then makes it 1120×160 points, then 1440×0…), unless it
    /// catches up with the turn as it returns, as its autoresizing mask says.
    @Test func aRootViewCoveredDuringATurnComesBackAtTheWindowsSize() {
        let k = Kiosk()
        k.kiosk.welcome.showHours(nil)
        k.loop.advance(by: 1)
        k.application.setScreenRotation(.clockwise90)
        k.loop.advance(by: 1)
        k.kiosk.welcome.dismiss(animated: true)
        k.loop.advance(by: 1)
        let root = k.kiosk.welcome.navigationController?.viewIfLoaded
        #expect(root?.frame == root?.window?.bounds, "the root view is \(String(describing: root?.frame)) in a window of \(String(describing: root?.window?.bounds))")
        #expect(root?.window?.bounds.size == Size(width: 480, height: 800))
        k.application.setScreenRotation(.none)
        k.loop.advance(by: 1)
        #expect(root?.frame == root?.window?.bounds)
    }
}
