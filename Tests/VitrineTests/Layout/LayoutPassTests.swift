import Testing
import Vitrine
import VitrineGraphics

/// The layout pass: deferred and coalesced to one top-down pass per commit, run early by
/// `layoutIfNeeded`, with a controller hearing about its root view's layout; and sizing.
@MainActor
struct LayoutPassTests {
    /// window ─ parent ─┬─ first
    ///                  └─ second ─ grandchild
    private func makeTree(in h: Harness, log: LayoutLog) -> [LayoutProbeView] {
        let parent = LayoutProbeView("parent", frame: Rect(x: 0, y: 0, width: 400, height: 400), log: log)
        let first = LayoutProbeView("first", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
        let second = LayoutProbeView("second", frame: Rect(x: 100, y: 0, width: 100, height: 100), log: log)
        let grandchild = LayoutProbeView("grandchild", frame: Rect(x: 0, y: 0, width: 10, height: 10), log: log)
        parent.addSubview(first)
        parent.addSubview(second)
        second.addSubview(grandchild)
        h.window.addSubview(parent)
        return [parent, first, second, grandchild]
    }

    @Test func manySetNeedsLayoutCallsInOneTurnCostOnePass() {
        let h = Harness()
        let log = LayoutLog()
        let views = makeTree(in: h, log: log)
        h.runLayoutTurn()
        log.entries.removeAll()
        let passes = h.app.statistics.layoutPasses

        for _ in 0..<50 {
            for view in views.reversed() { view.setNeedsLayout() }
        }
        #expect(views.allSatisfy { $0.needsLayout })
        #expect(log.entries.isEmpty)  // deferred to the commit
        h.runLayoutTurn()

        #expect(h.app.statistics.layoutPasses == passes + 1)
        // Each view once, top-down and in subview order, though they were marked bottom-up.
        #expect(log.entries == ["parent", "first", "second", "grandchild"])
        #expect(views.allSatisfy { !$0.needsLayout })

        // Nothing dirty: no further pass.
        h.runLayoutTurn()
        #expect(h.app.statistics.layoutPasses == passes + 1)
        #expect(log.entries.count == 4)
    }

    @Test func onlyTheMarkedViewsAreLaidOut() {
        let h = Harness()
        let log = LayoutLog()
        let views = makeTree(in: h, log: log)
        h.runLayoutTurn()
        log.entries.removeAll()

        views[3].setNeedsLayout()
        views[1].setNeedsLayout()
        h.runLayoutTurn()
        #expect(log.entries == ["first", "grandchild"])
    }

    @Test func layoutIfNeededRunsPendingLayoutNowTopDown() {
        let h = Harness()
        let log = LayoutLog()
        let views = makeTree(in: h, log: log)
        h.runLayoutTurn()
        log.entries.removeAll()

        views[3].setNeedsLayout()
        views[2].setNeedsLayout()
        views[0].setNeedsLayout()
        views[0].layoutIfNeeded()
        // Synchronously, with no turn of the loop: parent before child.
        #expect(log.entries == ["parent", "second", "grandchild"])
        #expect(views.allSatisfy { !$0.needsLayout })

        // The commit finds nothing left to lay out.
        h.runLayoutTurn()
        #expect(log.entries.count == 3)

        // With nothing pending it does nothing.
        views[0].layoutIfNeeded()
        #expect(log.entries.count == 3)
    }

    @Test func layoutIfNeededOnASubviewLeavesItsAncestorsPending() {
        let h = Harness()
        let log = LayoutLog()
        let views = makeTree(in: h, log: log)
        h.runLayoutTurn()
        log.entries.removeAll()

        views[0].setNeedsLayout()
        views[3].setNeedsLayout()
        // As UIView documents it: the receiver is the root of the layout it runs.
        views[2].layoutIfNeeded()
        #expect(log.entries == ["grandchild"])
        #expect(views[0].needsLayout)
        h.runLayoutTurn()
        #expect(log.entries == ["grandchild", "parent"])
    }

    @Test func aViewDirtiedDuringThePassIsLaidOutInTheSameCommit() {
        let h = Harness()
        let log = LayoutLog()
        let views = makeTree(in: h, log: log)
        h.runLayoutTurn()
        log.entries.removeAll()
        let passes = h.app.statistics.layoutPasses

        // The grandchild's layout finds that the parent (already walked past in this pass) must
        // lay out again, as a wrapping label tells its superview its new height.
        views[3].onNextLayout = { views[0].setNeedsLayout() }
        views[3].setNeedsLayout()
        h.runLayoutTurn()
        #expect(log.entries == ["grandchild", "parent"])
        #expect(!views[0].needsLayout)
        // In the same commit: the presented frame is never laid out halfway.
        #expect(h.app.statistics.layoutPasses == passes + 1)
    }

    @Test func aSizeChangeMarksTheViewForLayout() {
        let view = LayoutProbeView("v", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        view.layoutIfNeeded()
        #expect(!view.needsLayout)
        view.center = Point(x: 100, y: 100)
        #expect(!view.needsLayout)  // moving is not resizing
        view.frame = Rect(x: 0, y: 0, width: 20, height: 10)
        #expect(view.needsLayout)
        view.layoutIfNeeded()
        #expect(view.layoutCount == 2)
    }

    @Test func viewControllerHearsAroundItsRootViewsLayout() {
        final class Controller: ViewController {
            let log: LayoutLog
            init(log: LayoutLog) {
                self.log = log
                super.init()
            }
            override func loadView() {
                view = LayoutProbeView("root", frame: .zero, log: log)
            }
            override func viewWillLayoutSubviews() { log.entries.append("will") }
            override func viewDidLayoutSubviews() { log.entries.append("did") }
        }
        let h = Harness()
        let log = LayoutLog()
        let controller = Controller(log: log)
        h.window.rootViewController = controller
        h.runLayoutTurn()
        #expect(log.entries == ["will", "root", "did"])
        #expect(controller.view.frame == h.window.bounds)

        log.entries.removeAll()
        controller.view.setNeedsLayout()
        controller.view.setNeedsLayout()
        h.runLayoutTurn()
        #expect(log.entries == ["will", "root", "did"])
    }

    // MARK: Sizing

    @Test func sizeToFitKeepsTheOrigin() {
        final class Badge: View {
            override func sizeThatFits(_ size: Size) -> Size { Size(width: 36, height: 18) }
        }
        let badge = Badge(frame: Rect(x: 40, y: 70, width: 100, height: 100))
        badge.sizeToFit()
        #expect(badge.frame == Rect(x: 40, y: 70, width: 36, height: 18))
    }

    @Test func defaultSizingIsTheCurrentSizeAndNoIntrinsicMetric() {
        let view = View(frame: Rect(x: 5, y: 6, width: 70, height: 30))
        #expect(view.sizeThatFits(Size(width: 1000, height: 1000)) == Size(width: 70, height: 30))
        view.sizeToFit()
        #expect(view.frame == Rect(x: 5, y: 6, width: 70, height: 30))
        #expect(View.noIntrinsicMetric == -1)
        #expect(view.intrinsicContentSize == Size(width: -1, height: -1))
    }

    @Test func invalidateIntrinsicContentSizeLaysOutTheSuperviewAgain() {
        let parent = LayoutProbeView("parent", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = LayoutSizedView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        parent.addSubview(child)
        parent.layoutIfNeeded()
        #expect(!parent.needsLayout)
        child.intrinsic = Size(width: 30, height: 30)
        #expect(parent.needsLayout)
    }
}
