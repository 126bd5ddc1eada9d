import Testing
import Vitrine
import VitrineGraphics

/// Constraints on views: well-known UIKit patterns give UIKit's frames in the layout pass.
@MainActor
struct AutoLayoutTests {
    /// A 400×300 root (placed by its frame) with one constrained child.
    private func makeRoot() -> (root: View, child: View) {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let child = View()
        child.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(child)
        return (root, child)
    }

    @Test func translatesAutoresizingMaskIntoConstraintsDefaultsToTrue() {
        #expect(View().translatesAutoresizingMaskIntoConstraints)
    }

    @Test func centeredFixedSize() {
        let (root, child) = makeRoot()
        LayoutConstraint.activate([
            child.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            child.centerYAnchor.constraint(equalTo: root.centerYAnchor),
            child.widthAnchor.constraint(equalToConstant: 100),
            child.heightAnchor.constraint(equalToConstant: 50),
        ])
        root.layoutIfNeeded()
        #expect(child.frame == Rect(x: 150, y: 125, width: 100, height: 50))
    }

    @Test func pinnedToSuperviewEdgesWithInsets() {
        let (root, child) = makeRoot()
        LayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            child.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            child.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            child.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -30),
        ])
        root.layoutIfNeeded()
        #expect(child.frame == Rect(x: 20, y: 10, width: 360, height: 260))
        // The superview's new size (a translated frame) reaches the solution in the next pass.
        root.frame = Rect(x: 0, y: 0, width: 600, height: 200)
        root.layoutIfNeeded()
        #expect(child.frame == Rect(x: 20, y: 10, width: 560, height: 160))
    }

    @Test func equalWidthsOfTwoSiblings() {
        let (root, first) = makeRoot()
        let second = View()
        second.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(second)
        LayoutConstraint.activate([
            first.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            second.leadingAnchor.constraint(equalTo: first.trailingAnchor, constant: 10),
            second.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
            first.widthAnchor.constraint(equalTo: second.widthAnchor),
            first.topAnchor.constraint(equalTo: root.topAnchor),
            second.topAnchor.constraint(equalTo: first.topAnchor),
            first.heightAnchor.constraint(equalToConstant: 44),
            second.heightAnchor.constraint(equalTo: first.heightAnchor),
        ])
        root.layoutIfNeeded()
        #expect(first.frame == Rect(x: 10, y: 0, width: 185, height: 44))
        #expect(second.frame == Rect(x: 205, y: 0, width: 185, height: 44))
    }

    @Test func aspectRatio() {
        let (root, child) = makeRoot()
        LayoutConstraint.activate([
            child.leftAnchor.constraint(equalTo: root.leftAnchor),
            child.topAnchor.constraint(equalTo: root.topAnchor),
            child.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5),
            child.heightAnchor.constraint(equalTo: child.widthAnchor, multiplier: 9.0 / 16.0),
        ])
        root.layoutIfNeeded()
        #expect(child.frame == Rect(x: 0, y: 0, width: 200, height: 112.5))
    }

    @Test func inequalitiesWithPriorities() {
        let (root, child) = makeRoot()
        let wish = child.widthAnchor.constraint(equalToConstant: 500)
        wish.priority = .defaultHigh
        let tall = child.heightAnchor.constraint(equalToConstant: 20)
        tall.priority = .defaultHigh
        let short = child.heightAnchor.constraint(equalToConstant: 80)
        short.priority = .defaultLow
        LayoutConstraint.activate([
            child.leftAnchor.constraint(equalTo: root.leftAnchor),
            child.topAnchor.constraint(equalTo: root.topAnchor),
            // Required bounds win over the wish; of two wishes the higher priority wins.
            child.widthAnchor.constraint(lessThanOrEqualTo: root.widthAnchor, constant: -100),
            child.heightAnchor.constraint(greaterThanOrEqualToConstant: 10),
            wish, tall, short,
        ])
        root.layoutIfNeeded()
        #expect(child.frame == Rect(x: 0, y: 0, width: 300, height: 20))
        // Deactivating restores what the others say.
        tall.isActive = false
        root.layoutIfNeeded()
        #expect(child.frame.height == 80)
        tall.isActive = true
        root.layoutIfNeeded()
        #expect(child.frame.height == 20)
        // Lowering a priority while active re-adds the constraint at the new one.
        tall.priority = LayoutPriority(100)
        root.layoutIfNeeded()
        #expect(child.frame.height == 80)
    }

    @Test func changingAConstantMovesTheViewInTheNextLayoutPass() {
        let (root, child) = makeRoot()
        let leading = child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20)
        LayoutConstraint.activate([
            leading,
            child.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            child.widthAnchor.constraint(equalToConstant: 50),
            child.heightAnchor.constraint(equalToConstant: 50),
        ])
        root.layoutIfNeeded()
        #expect(child.frame.minX == 20)
        for step in 1...10 {
            leading.constant = 20 + Double(step) * 10
            #expect(root.needsLayout)
            #expect(child.frame.minX == 20 + Double(step - 1) * 10, "not before the layout pass")
            root.layoutIfNeeded()
            #expect(child.frame == Rect(x: 20 + Double(step) * 10, y: 20, width: 50, height: 50))
        }
    }

    @Test func deactivatingRestoresTheFrameTheOtherConstraintsGive() {
        let (root, child) = makeRoot()
        let base = [
            child.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 5),
            child.topAnchor.constraint(equalTo: root.topAnchor, constant: 5),
            child.widthAnchor.constraint(equalToConstant: 40),
            child.heightAnchor.constraint(equalToConstant: 40),
        ]
        for constraint in base { constraint.priority = .defaultLow }
        LayoutConstraint.activate(base)
        root.layoutIfNeeded()
        let before = child.frame
        #expect(before == Rect(x: 5, y: 5, width: 40, height: 40))
        let fill = [
            child.leftAnchor.constraint(equalTo: root.leftAnchor),
            child.rightAnchor.constraint(equalTo: root.rightAnchor),
            child.topAnchor.constraint(equalTo: root.topAnchor),
            child.bottomAnchor.constraint(equalTo: root.bottomAnchor),
        ]
        LayoutConstraint.activate(fill)
        root.layoutIfNeeded()
        #expect(child.frame == root.bounds)
        LayoutConstraint.deactivate(fill)
        #expect(fill.allSatisfy { !$0.isActive })
        root.layoutIfNeeded()
        #expect(child.frame == before)
    }

    @Test func positionsAcrossLevelsAreInTheCommonAncestorsSpace() {
        let (root, child) = makeRoot()
        // A hand-placed panel at (100, 50) holds a view constrained to the root's edges.
        let panel = View(frame: Rect(x: 100, y: 50, width: 200, height: 200))
        root.addSubview(panel)
        let inner = View()
        inner.translatesAutoresizingMaskIntoConstraints = false
        panel.addSubview(inner)
        LayoutConstraint.activate([
            child.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10),
            child.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            child.widthAnchor.constraint(equalToConstant: 30),
            child.heightAnchor.constraint(equalToConstant: 30),
            inner.leftAnchor.constraint(equalTo: child.rightAnchor, constant: 100),
            inner.topAnchor.constraint(equalTo: child.bottomAnchor, constant: 20),
            inner.rightAnchor.constraint(equalTo: root.rightAnchor, constant: -110),
            inner.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        // In the root's space inner spans x 140…290, y 60…70; in the panel's, 100 and 50 less.
        #expect(inner.frame == Rect(x: 40, y: 10, width: 150, height: 10))
        // Moving the panel by hand moves the constrained view the other way within it.
        panel.frame.origin = Point(x: 120, y: 50)
        root.layoutIfNeeded()
        #expect(inner.frame == Rect(x: 20, y: 10, width: 150, height: 10))
    }

    @Test func conflictingRequiredConstraintsBreakTheNewOneWithoutTrapping() {
        let (root, child) = makeRoot()
        let narrow = child.widthAnchor.constraint(equalToConstant: 100)
        let wide = child.widthAnchor.constraint(equalToConstant: 200)
        wide.identifier = "wide"
        LayoutConstraint.activate([narrow, child.heightAnchor.constraint(equalToConstant: 10),
                                   child.leftAnchor.constraint(equalTo: root.leftAnchor),
                                   child.topAnchor.constraint(equalTo: root.topAnchor)])
        wide.isActive = true
        root.layoutIfNeeded()
        #expect(wide.isActive && wide.isBroken && !narrow.isBroken)
        #expect(child.frame.width == 100)
        // Once the conflict is gone, changing the broken one's constant lets it in.
        narrow.isActive = false
        wide.constant = 150
        root.layoutIfNeeded()
        #expect(!wide.isBroken)
        #expect(child.frame.width == 150)
    }

    @Test func constraintsWithoutACommonAncestorStayInactive() {
        let lone = View(), other = View()
        let constraint = lone.leftAnchor.constraint(equalTo: other.leftAnchor)
        constraint.isActive = true
        #expect(!constraint.isActive)
    }

    @Test func leavingTheSuperviewDeactivatesConstraintsToOutside() {
        let (root, child) = makeRoot()
        let toRoot = child.leftAnchor.constraint(equalTo: root.leftAnchor)
        let own = child.widthAnchor.constraint(equalToConstant: 10)
        LayoutConstraint.activate([toRoot, own])
        child.removeFromSuperview()
        #expect(!toRoot.isActive)
        #expect(own.isActive)
    }

    @Test func aDroppedHierarchyIsFreedWithItsActiveConstraints() {
        weak var weakRoot: View?
        weak var weakChild: View?
        weak var weakConstraint: LayoutConstraint?
        do {
            let (root, child) = makeRoot()
            let width = child.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5)
            LayoutConstraint.activate([width, child.heightAnchor.constraint(equalToConstant: 10),
                                       child.leftAnchor.constraint(equalTo: root.leftAnchor),
                                       child.topAnchor.constraint(equalTo: root.topAnchor)])
            root.layoutIfNeeded()
            #expect(child.frame.width == 200)
            weakRoot = root
            weakChild = child
            weakConstraint = width
        }
        #expect(weakRoot == nil)
        #expect(weakChild == nil)
        #expect(weakConstraint == nil)
        // The engine goes on working for the views that remain.
        let (root, child) = makeRoot()
        LayoutConstraint.activate([child.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.25),
                                   child.heightAnchor.constraint(equalToConstant: 10),
                                   child.leftAnchor.constraint(equalTo: root.leftAnchor),
                                   child.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        #expect(child.frame == Rect(x: 0, y: 0, width: 100, height: 10))
    }

    @Test func constraintsPlaceViewsInAWindowsCommit() {
        let h = Harness()
        let child = View()
        child.translatesAutoresizingMaskIntoConstraints = false
        h.window.addSubview(child)
        LayoutConstraint.activate([
            child.centerXAnchor.constraint(equalTo: h.window.centerXAnchor),
            child.bottomAnchor.constraint(equalTo: h.window.bottomAnchor, constant: -8),
            child.widthAnchor.constraint(equalTo: h.window.widthAnchor, multiplier: 0.5),
            child.heightAnchor.constraint(equalToConstant: 40),
        ])
        h.runLayoutTurn()
        #expect(child.frame == Rect(x: 200, y: 432, width: 400, height: 40))
    }
}
