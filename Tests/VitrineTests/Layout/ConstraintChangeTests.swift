import Testing
import Vitrine
import VitrineGraphics

/// What a change of constraints lays out. The engine reads back only the views whose variables
/// the solver moved (and views new to it): those must still reach their solved frames wherever
/// they sit, and the rest keep theirs.
@MainActor
struct ConstraintChangeTests {
    /// A 400×600 root with `count` views in a column, each 40 high and 8 under the one above;
    /// returns the first's top constraint.
    private func column(_ count: Int) -> (root: View, views: [View], top: LayoutConstraint) {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        var views: [View] = []
        var constraints: [LayoutConstraint] = []
        for index in 0..<count {
            let view = View()
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
            constraints += [
                view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
                view.widthAnchor.constraint(equalToConstant: 100),
                view.heightAnchor.constraint(equalToConstant: 40),
                index == 0 ? view.topAnchor.constraint(equalTo: root.topAnchor, constant: 20)
                    : view.topAnchor.constraint(equalTo: views[index - 1].bottomAnchor, constant: 8),
            ]
            views.append(view)
        }
        LayoutConstraint.activate(constraints)
        root.layoutIfNeeded()
        return (root, views, constraints[3])
    }

    @Test func aConstantChangeMovesEveryViewThatDependsOnIt() {
        let (root, views, top) = column(5)
        #expect(views[4].frame == Rect(x: 10, y: 20 + 4 * 48, width: 100, height: 40))
        for constant in [30.0, 0, 55.5] {
            top.constant = constant
            root.layoutIfNeeded()
            for (index, view) in views.enumerated() {
                #expect(view.frame == Rect(x: 10, y: constant + Double(index) * 48, width: 100, height: 40))
            }
        }
    }

    @Test func aViewTheChangeDoesNotMoveKeepsItsFrameUntilItsSuperviewLaysOut() {
        let (root, views, _) = column(3)
        let other = View()
        other.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(other)
        let width = other.widthAnchor.constraint(equalToConstant: 50)
        LayoutConstraint.activate([
            other.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 200),
            other.topAnchor.constraint(equalTo: root.topAnchor),
            width, other.heightAnchor.constraint(equalToConstant: 50),
        ])
        root.layoutIfNeeded()
        #expect(other.frame == Rect(x: 200, y: 0, width: 50, height: 50))
        // A frame set by hand on a constrained view lasts until its superview's next layout
        // (UIKit's behaviour); a constant change in that superview is one.
        views[0].frame = Rect(x: 300, y: 300, width: 10, height: 10)
        width.constant = 60
        root.layoutIfNeeded()
        #expect(other.frame == Rect(x: 200, y: 0, width: 60, height: 50))
        #expect(views[0].frame == Rect(x: 10, y: 20, width: 100, height: 40))
    }

    @Test func aViewDeepInTheHierarchyFollowsAConstantOfAnAncestor() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let box = View(frame: Rect(x: 50, y: 50, width: 200, height: 200))
        let inner = View()
        inner.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(box)
        box.addSubview(inner)
        let left = inner.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 60)
        LayoutConstraint.activate([
            left, inner.topAnchor.constraint(equalTo: box.topAnchor, constant: 5),
            inner.widthAnchor.constraint(equalToConstant: 20), inner.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        // In its superview's space: 60 from the root's leading edge is 10 inside the box.
        #expect(inner.frame == Rect(x: 10, y: 5, width: 20, height: 20))
        left.constant = 90
        root.layoutIfNeeded()
        #expect(inner.frame == Rect(x: 40, y: 5, width: 20, height: 20))
    }

    @Test func aSolutionAtZeroStillMovesTheView() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let view = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        root.layoutIfNeeded()
        // The solver's variables start at 0, where these constraints leave them.
        LayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor), view.topAnchor.constraint(equalTo: root.topAnchor),
            view.widthAnchor.constraint(equalToConstant: 0), view.heightAnchor.constraint(equalToConstant: 0),
        ])
        root.layoutIfNeeded()
        #expect(view.frame == .zero)
    }
}
