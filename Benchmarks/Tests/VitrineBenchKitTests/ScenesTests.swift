import KioskDemo
import Testing
import Vitrine
import VitrineBenchKit
import VitrineGraphics

/// The benchmarks are only as honest as their scenes: these check that each scene is what its
/// benchmark's name and the README say it is.
@MainActor
struct ScenesTests {
    /// Views in `view`'s subtree, itself included.
    func count(_ view: View) -> Int { view.subviews.reduce(1) { $0 + count($1) } }

    /// Levels from `view` up to its window.
    func depth(of view: View) -> Int {
        var levels = 0
        var current: View? = view
        while let view = current, !(view is Window) { levels += 1; current = view.superview }
        return levels
    }

    @Test(arguments: [(100, 10), (200, 5), (200, 10), (200, 40), (1_000, 10), (10_000, 10)])
    func viewTreeHasTheSizeAndDepthItClaims(views: Int, depth expected: Int) {
        let tree = ViewTree(views: views, depth: expected)
        #expect(count(tree.window) == views)
        #expect(tree.viewCount == views)
        #expect(depth(of: tree.target) == expected)
        #expect(tree.window.hitTest(tree.touchPoint, with: nil) === tree.target)
    }

    @Test func everyTouchFrameReachesTheEndOfTheResponderChain() {
        let dispatch = TouchDispatch(views: 200, depth: 10)
        #expect(dispatch.deliverFrames(25))
        #expect(dispatch.sink.callbacks == 25)
    }

    @Test func everyKeyEventReachesTheEndOfTheResponderChainInItsPhase() {
        let dispatch = KeyDispatch()
        #expect(dispatch.tree.target.isFirstResponder)
        #expect(dispatch.deliverEvents(30))
        #expect(dispatch.sink.callbacks == 30 && dispatch.sink.wrongPhases == 0)
        #expect(dispatch.application.pressPool.activeCount == 0)
    }

    @Test(arguments: [TouchDispatch.Target.button, .tapRecognizer])
    func everyLiftTriggersTheActionOnce(target: TouchDispatch.Target) {
        let dispatch = TouchDispatch(views: 200, depth: 10, target: target)
        #expect(dispatch.deliverFrames(30))
        #expect(dispatch.actions == 3)
    }

    @Test func framesComposeExactlyWhatChanged() throws {
        let frames = HeadlessFrames()
        let full = try #require(frames.frame(.fullRepaint))
        #expect(full.pixelsComposed == 1920 * 1080)
        #expect(full.viewsDrawn == 0)
        let redraw = try #require(frames.frame(.fullRedraw))
        #expect(redraw.viewsDrawn > 40)
        // Two frames of a kind: the second copies its own damage and the first's (buffer age 2),
        // which cover the same pixels for the button and the label.
        _ = frames.frame(.button)
        let button = try #require(frames.frame(.button))
        #expect(button.pixelsComposed == 200 * 60)
        #expect(button.bytesCopied == 200 * 60 * 4)
        #expect(button.viewsDrawn == 1)
        _ = frames.frame(.labelText)
        let label = try #require(frames.frame(.labelText))
        #expect(label.pixelsComposed == 480 * 48)
        _ = frames.frame(.moveView)
        let move = try #require(frames.frame(.moveView))
        #expect(move.pixelsComposed == 107 * 100)
        #expect(move.viewsDrawn == 0)
    }

    @Test func theKioskScreenHasAboutAHundredViews() {
        let frames = HeadlessFrames()
        #expect((85...115).contains(frames.screen.viewCount))
        #expect(frames.screen.button.frame.size == Size(width: 200, height: 60))
    }

    @Test func theLayoutScreenHasAboutTwoHundredViewsAndSettles() {
        let screen = LayoutScreen()
        #expect((180...230).contains(screen.viewCount))
        let before = screen.changingLabel.convert(screen.changingLabel.bounds, to: nil)
        #expect(screen.relayoutAll())
        #expect(screen.changingLabel.convert(screen.changingLabel.bounds, to: nil) != before)
        #expect(screen.relayoutAfterOneChange())
        #expect(!screen.window.needsLayout)
    }

    @Test func figureLinesAreParsedAndOtherLinesIgnored() {
        let figures = Figures.parse("noise\nvitrine-figure idle_wakeups=0\nvitrine-figure first_present_ns=123\nvitrine-figure bad=x\n")
        #expect(figures == ["idle_wakeups": 0, "first_present_ns": 123])
    }
}

/// `LanguageSwitch` measures what its name says: each switch shows the other language, every
/// screen in it and mirrored, with a list of rooms filling the 1920×1080 screen.
@MainActor
struct LanguageSwitchSceneTests {
    @Test func eachSwitchShowsTheOtherLanguageMirrored() {
        let saved = Localization.current
        defer { Localization.current = saved }
        let scene = LanguageSwitch()
        #expect(scene.shows(.english))
        #expect(scene.rooms.tableView.visibleCells.count >= 10, "the list fills the screen")
        let englishHeader = scene.rooms.tableView.dataSource?.tableView(scene.rooms.tableView, titleForHeaderInSection: 0)
        #expect(scene.switchLanguage() != nil)
        #expect(scene.shows(.arabic))
        #expect(scene.rooms.tableView.dataSource?.tableView(scene.rooms.tableView, titleForHeaderInSection: 0) != englishHeader)
        #expect(scene.switchLanguage() != nil)
        #expect(scene.shows(.english))
        #expect(scene.rooms.tableView.dataSource?.tableView(scene.rooms.tableView, titleForHeaderInSection: 0) == englishHeader)
        scene.application.localizer = Localizer()
    }
}
