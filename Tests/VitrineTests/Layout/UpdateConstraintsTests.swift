import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// The update-constraints step: bottom-up before the top-down layout, once for a new view and
/// after `setNeedsUpdateConstraints()`; and the constraints a view holds.
@MainActor
struct UpdateConstraintsTests {
    /// Records its `updateConstraints` and `layoutSubviews` calls into a shared log.
    final class Probe: View {
        var name = ""
        var log: LayoutLog?
        var onUpdate: (() -> Void)?
        convenience init(_ name: String, log: LayoutLog) {
            self.init(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            self.name = name
            self.log = log
        }
        override func updateConstraints() {
            log?.entries.append("update \(name)")
            onUpdate?()
            super.updateConstraints()
        }
        override func layoutSubviews() { log?.entries.append("layout \(name)") }
    }

    final class Screen: ViewController {
        var log = LayoutLog()
        var badge = View()
        var wide = true
        var widthConstraint: LayoutConstraint?
        override func updateViewConstraints() {
            log.entries.append("updateViewConstraints")
            if widthConstraint == nil {
                badge.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(badge)
                LayoutConstraint.activate([badge.leftAnchor.constraint(equalTo: view.leftAnchor),
                                           badge.topAnchor.constraint(equalTo: view.topAnchor),
                                           badge.heightAnchor.constraint(equalToConstant: 10)])
            }
            widthConstraint?.isActive = false
            widthConstraint = badge.widthAnchor.constraint(equalToConstant: wide ? 300 : 100)
            widthConstraint?.isActive = true
            super.updateViewConstraints()
        }
    }

    @Test func updatesRunBottomUpBeforeLayoutTopDown() {
        let h = Harness()
        let log = LayoutLog()
        let outer = Probe("outer", log: log), inner = Probe("inner", log: log), leaf = Probe("leaf", log: log)
        h.window.addSubview(outer)
        outer.addSubview(inner)
        inner.addSubview(leaf)
        #expect(leaf.needsUpdateConstraints())
        h.runLayoutTurn()
        // A new view is updated once, leaves first; then the layout pass runs top-down.
        #expect(log.entries == ["update leaf", "update inner", "update outer", "layout outer", "layout inner", "layout leaf"])
        #expect(!leaf.needsUpdateConstraints())
        log.entries.removeAll()
        h.runLayoutTurn()
        #expect(log.entries.isEmpty)
        // Asked for, an update runs in the next commit without laying anything out.
        inner.setNeedsUpdateConstraints()
        #expect(inner.needsUpdateConstraints())
        h.runLayoutTurn()
        #expect(log.entries == ["update inner"])
        // updateConstraintsIfNeeded runs it at once.
        log.entries.removeAll()
        leaf.setNeedsUpdateConstraints()
        outer.updateConstraintsIfNeeded()
        #expect(log.entries == ["update leaf"])
    }

    @Test func theControllerUpdatesItsViewsConstraintsBeforeTheFirstLayout() {
        let h = Harness()
        let screen = Screen()
        h.window.rootViewController = screen
        h.runLayoutTurn()
        #expect(screen.log.entries == ["updateViewConstraints"])
        #expect(screen.badge.frame == Rect(x: 0, y: 0, width: 300, height: 10))
        // Constraints changed in an update are laid out in the same pass.
        screen.wide = false
        screen.view.setNeedsUpdateConstraints()
        h.runLayoutTurn()
        #expect(screen.log.entries == ["updateViewConstraints", "updateViewConstraints"])
        #expect(screen.badge.frame.width == 100)
    }

    @Test func aViewAddedLaterIsUpdatedBeforeItsFirstLayout() {
        let h = Harness()
        let log = LayoutLog()
        let probe = Probe("probe", log: log)
        h.window.addSubview(probe)
        h.runLayoutTurn()
        log.entries.removeAll()
        let other = Probe("other", log: log)
        probe.addSubview(other)
        h.runLayoutTurn()
        // The new view's update comes before the pass lays it out.
        #expect(log.entries == ["update other", "layout other"])
    }

    @Test func aViewHoldsTheConstraintsOfWhichItIsTheNearestCommonAncestor() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let a = View(), b = View()
        root.addSubview(a)
        root.addSubview(b)
        for view in [a, b] { view.translatesAutoresizingMaskIntoConstraints = false }
        let between = a.leftAnchor.constraint(equalTo: b.rightAnchor)
        let own = a.widthAnchor.constraint(equalToConstant: 40)
        let toRoot = b.topAnchor.constraint(equalTo: root.topAnchor)
        LayoutConstraint.activate([between, own, toRoot])
        #expect(root.constraints.count == 2 && root.constraints.contains { $0 === between } && root.constraints.contains { $0 === toRoot })
        #expect(a.constraints.count == 1 && a.constraints.first === own)
        #expect(b.constraints.isEmpty)
        // removeConstraint takes what the view (or its subtree) holds; other views ignore it.
        b.removeConstraint(between)
        #expect(between.isActive)
        root.removeConstraint(own)
        #expect(!own.isActive && a.constraints.isEmpty)
        root.removeConstraints(root.constraints)
        #expect(root.constraints.isEmpty && !between.isActive && !toRoot.isActive)
        // addConstraint activates, held by the nearest common ancestor.
        root.addConstraints([between, own])
        #expect(between.isActive && own.isActive && a.constraints.first === own)
        // A constraint reaching outside the view's subtree is refused and logged (UIKit raises).
        let outside = View()
        let stray = a.widthAnchor.constraint(equalTo: root.widthAnchor)
        outside.addConstraint(stray)
        a.addConstraint(stray)
        #expect(!stray.isActive)
        root.addConstraint(stray)
        #expect(stray.isActive && root.constraints.contains { $0 === stray })
    }
}
