import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineTestSupport

/// `hasAmbiguousLayout` as UIKit's: true when another frame satisfies the view's constraints at
/// the same cost; constraints of every priority count; asking changes no frame.
@MainActor
@Suite struct AmbiguityTests {
    /// Keeps the app of the last scene alive (a window holds its application weakly).
    @MainActor final class Keeper { static var app: Application? }

    private func constrained(in root: View, _ name: String = "") -> View {
        let view = View()
        view.accessibilityIdentifier = name.isEmpty ? nil : name
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        return view
    }

    private func root() -> View { View(frame: Rect(x: 0, y: 0, width: 400, height: 300)) }

    @Test func aPinnedViewIsNotAmbiguous() {
        let root = root()
        let view = constrained(in: root)
        LayoutConstraint.activate([
            view.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10),
            view.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            view.widthAnchor.constraint(equalToConstant: 100),
            view.heightAnchor.constraint(equalTo: root.heightAnchor, multiplier: 0.5),
        ])
        root.layoutIfNeeded()
        #expect(!view.hasAmbiguousLayout)
        #expect(view.ambiguousLayoutAxes.isEmpty)
        #expect(!root.hasAmbiguousLayout)
        #expect(view.frame == Rect(x: 10, y: 20, width: 100, height: 150))
    }

    @Test func aViewWithOnlyAWidthIsAmbiguousInPositionAndHeight() {
        let root = root()
        let view = constrained(in: root)
        view.widthAnchor.constraint(equalToConstant: 100).isActive = true
        root.layoutIfNeeded()
        let frame = view.frame
        #expect(view.hasAmbiguousLayout)
        #expect(view.ambiguousLayoutAxes == [.x, .y, .height])
        // Asking moved nothing.
        root.layoutIfNeeded()
        #expect(view.frame == frame)
    }

    @Test func inequalitiesAloneLeaveARange() {
        let root = root()
        let view = constrained(in: root)
        LayoutConstraint.activate([
            view.leftAnchor.constraint(greaterThanOrEqualTo: root.leftAnchor),
            view.rightAnchor.constraint(lessThanOrEqualTo: root.rightAnchor),
            view.topAnchor.constraint(equalTo: root.topAnchor),
            view.widthAnchor.constraint(equalToConstant: 100),
            view.heightAnchor.constraint(lessThanOrEqualToConstant: 40),
            view.heightAnchor.constraint(greaterThanOrEqualToConstant: 40),
        ])
        root.layoutIfNeeded()
        #expect(view.ambiguousLayoutAxes == [.x])
        // Resting at an end of its range (x = 0 or 300): one of the two directions is free.
        let upToTheEdge = constrained(in: root)
        LayoutConstraint.activate([
            upToTheEdge.leftAnchor.constraint(lessThanOrEqualTo: root.leftAnchor, constant: 50),
            upToTheEdge.topAnchor.constraint(equalTo: root.topAnchor),
            upToTheEdge.widthAnchor.constraint(equalToConstant: 10),
            upToTheEdge.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(upToTheEdge.ambiguousLayoutAxes == [.x])
    }

    @Test func aPositionHeldOnlyAtALowPriorityIsNotAmbiguous() {
        let root = root()
        let view = constrained(in: root)
        let weakLeft = view.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 30)
        weakLeft.priority = .defaultLow
        let weakestTop = view.topAnchor.constraint(equalTo: root.topAnchor, constant: 40)
        weakestTop.priority = LayoutPriority(1)
        LayoutConstraint.activate([
            weakLeft, weakestTop,
            view.widthAnchor.constraint(equalToConstant: 100),
            view.heightAnchor.constraint(equalToConstant: 50),
        ])
        root.layoutIfNeeded()
        #expect(!view.hasAmbiguousLayout)
        #expect(view.frame == Rect(x: 30, y: 40, width: 100, height: 50))
    }

    @Test func aLabelPlacedByItsPositionIsSizedByItsText() {
        let root = root()
        let label = Label(text: "Departures")
        label.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        LayoutConstraint.activate([label.leftAnchor.constraint(equalTo: root.leftAnchor),
                                   label.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        #expect(!label.hasAmbiguousLayout)
        // Without its text nothing sizes it.
        label.text = nil
        root.layoutIfNeeded()
        #expect(label.ambiguousLayoutAxes.isEmpty)  // an empty label's intrinsic size is zero
    }

    @Test func ambiguityFollowsTheViewsThatPlaceIt() {
        let root = root()
        let anchor = constrained(in: root)
        let follower = constrained(in: root)
        LayoutConstraint.activate([
            anchor.topAnchor.constraint(equalTo: root.topAnchor),
            anchor.widthAnchor.constraint(equalToConstant: 50),
            anchor.heightAnchor.constraint(equalToConstant: 50),
            follower.leftAnchor.constraint(equalTo: anchor.rightAnchor, constant: 8),
            follower.topAnchor.constraint(equalTo: anchor.topAnchor),
            follower.widthAnchor.constraint(equalTo: anchor.widthAnchor),
            follower.heightAnchor.constraint(equalTo: anchor.heightAnchor),
        ])
        root.layoutIfNeeded()
        #expect(anchor.ambiguousLayoutAxes == [.x])
        #expect(follower.ambiguousLayoutAxes == [.x])
        anchor.leftAnchor.constraint(equalTo: root.leftAnchor).isActive = true
        root.layoutIfNeeded()
        #expect(!anchor.hasAmbiguousLayout && !follower.hasAmbiguousLayout)
        #expect(follower.frame == Rect(x: 58, y: 0, width: 50, height: 50))
    }

    @Test func aViewNothingPlacesIsAmbiguousOnlyWhenConstraintsShould() {
        let root = root()
        let byFrame = View(frame: Rect(x: 1, y: 2, width: 3, height: 4))
        root.addSubview(byFrame)
        #expect(!byFrame.hasAmbiguousLayout)
        byFrame.translatesAutoresizingMaskIntoConstraints = false
        #expect(byFrame.ambiguousLayoutAxes == .all)
    }

    @Test func theReportNamesTheAmbiguousViewsInOneWarning() {
        let lines = LogCapture(level: .info)
        let app = Application(mainLoop: ManualMainLoop(), logger: lines.logger)
        Keeper.app = app
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        window.makeKeyAndVisible(in: app)
        let badge = constrained(in: window, "badge")
        let pinned = constrained(in: window, "pinned")
        let loose = Label(text: "Loose")
        loose.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(loose)
        LayoutConstraint.activate([
            badge.leftAnchor.constraint(equalTo: window.leftAnchor),
            badge.topAnchor.constraint(equalTo: window.topAnchor),
            badge.widthAnchor.constraint(equalToConstant: 10),
            pinned.leftAnchor.constraint(equalTo: window.leftAnchor),
            pinned.topAnchor.constraint(equalTo: window.topAnchor),
            pinned.widthAnchor.constraint(equalToConstant: 10),
            pinned.heightAnchor.constraint(equalToConstant: 10),
            loose.topAnchor.constraint(equalTo: window.topAnchor),
        ])
        window.layoutIfNeeded()
        let before = lines.messages(atLeast: .warning).count
        let found = window.reportAmbiguousLayout()
        #expect(found.count == 2 && found[0] === badge && found[1] === loose)
        let warnings = lines.messages(atLeast: .warning).dropFirst(before)
        #expect(warnings.count == 1)
        let message = warnings.first ?? ""
        #expect(message.contains("badge (height)"), "\(message)")
        #expect(message.contains("Label (x)"), "\(message)")
        #expect(!message.contains("pinned"), "\(message)")
        // Nothing ambiguous: nothing logged.
        badge.heightAnchor.constraint(equalToConstant: 10).isActive = true
        loose.leftAnchor.constraint(equalTo: window.leftAnchor).isActive = true
        window.layoutIfNeeded()
        #expect(window.reportAmbiguousLayout().isEmpty)
        #expect(lines.messages(atLeast: .warning).count == before + 1)
    }

    @Test func exercisingMovesAnAmbiguousViewWithinWhatItsConstraintsAllow() {
        let root = root()
        let view = constrained(in: root)
        let pinned = constrained(in: root)
        LayoutConstraint.activate([
            view.leftAnchor.constraint(greaterThanOrEqualTo: root.leftAnchor),
            view.leftAnchor.constraint(lessThanOrEqualTo: root.leftAnchor, constant: 50),
            view.topAnchor.constraint(equalTo: root.topAnchor),
            view.widthAnchor.constraint(equalToConstant: 10),
            view.heightAnchor.constraint(equalToConstant: 10),
            pinned.leftAnchor.constraint(equalTo: root.leftAnchor),
            pinned.topAnchor.constraint(equalTo: root.topAnchor),
            pinned.widthAnchor.constraint(equalToConstant: 10),
            pinned.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        let before = view.frame
        view.exerciseAmbiguityInLayout()
        #expect(view.frame.minX != before.minX)
        #expect(view.frame.minX >= 0 && view.frame.minX <= 50)
        #expect(view.frame.minY == 0 && view.frame.size == Size(width: 10, height: 10))
        let pinnedFrame = pinned.frame
        pinned.exerciseAmbiguityInLayout()
        #expect(pinned.frame == pinnedFrame)
    }
}
