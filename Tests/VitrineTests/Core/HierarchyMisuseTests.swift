import Logging
import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineTestSupport

/// App bugs in the view hierarchy — a sibling that is not a subview, a view added to itself
/// or under its own descendant — are logged once and survived, never trapped on: what
/// UIKit-compatible implementations do.
@MainActor
@Suite struct HierarchyMisuseTests {
    /// The app of the last `scene()` (a window holds its application weakly).
    @MainActor final class Keeper { static var app: Application? }

    /// A window of an app that logs into `lines`, holding `a` and `b` (in that order).
    func scene() -> (LogCapture, Window, View, View) {
        let lines = LogCapture(level: .info)
        let app = Application(mainLoop: ManualMainLoop(), logger: lines.logger)
        Keeper.app = app
        let window = Window(frame: app.screen.bounds)
        window.makeKeyAndVisible(in: app)
        let a = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let b = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(a)
        window.addSubview(b)
        return (lines, window, a, b)
    }

    @Test func insertingAboveAViewThatIsNotASubviewPutsTheViewOnTopAndLogsOnce() {
        let (lines, window, a, b) = scene()
        let stranger = View()
        let newcomer = View()
        window.insertSubview(newcomer, aboveSubview: stranger)
        #expect(window.subviews.map { ObjectIdentifier($0) } == [a, b, newcomer].map { ObjectIdentifier($0) })
        #expect(newcomer.superview === window)
        #expect(lines.messages(atLeast: .warning).count == 1)
        #expect(lines.messages(atLeast: .warning).first?.contains("not a subview") == true)
    }

    @Test func insertingBelowAViewThatIsNotASubviewPutsTheViewOnTopAndLogsOnce() {
        let (lines, window, a, b) = scene()
        let stranger = View()
        window.insertSubview(a, belowSubview: stranger)
        #expect(window.subviews.map { ObjectIdentifier($0) } == [b, a].map { ObjectIdentifier($0) })
        #expect(lines.messages(atLeast: .warning).count == 1)
    }

    @Test func addingAViewToItselfIsLoggedAndIgnored() {
        let (lines, window, a, _) = scene()
        a.addSubview(a)
        #expect(a.superview === window)
        #expect(a.subviews.isEmpty)
        a.insertSubview(a, at: 0)
        a.insertSubview(a, aboveSubview: a)
        #expect(a.subviews.isEmpty)
        #expect(lines.messages(atLeast: .warning).count == 3)
    }

    @Test func addingAnAncestorUnderItsDescendantIsLoggedAndIgnored() {
        let (lines, window, a, _) = scene()
        let child = View()
        a.addSubview(child)
        child.addSubview(a)
        child.addSubview(window)
        #expect(a.superview === window)
        #expect(child.superview === a)
        #expect(child.subviews.isEmpty)
        #expect(lines.messages(atLeast: .warning).count == 2)
    }

    @Test func misuseOffScreenTrapsNotEither() {
        let parent = View()
        let child = View()
        parent.addSubview(child)
        parent.insertSubview(View(), aboveSubview: View())
        child.addSubview(parent)
        parent.addSubview(parent)
        #expect(parent.subviews.count == 2)
        #expect(child.subviews.isEmpty)
    }
}
