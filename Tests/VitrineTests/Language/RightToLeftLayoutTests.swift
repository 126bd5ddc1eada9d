import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// The layout direction in Core: `semanticContentAttribute` and
/// `effectiveUserInterfaceLayoutDirection` on views, Auto Layout's leading and trailing read
/// mirrored right to left (and re-solved when the direction changes), directional margins.
@MainActor
@Suite struct RightToLeftLayoutTests {
    /// Three views placed by leading/trailing constraints in a 400 × 200 container: one 100
    /// wide 20 from the leading edge, one 50 wide 8 after it, one at the margins' trailing edge.
    @MainActor final class Scene {
        let container = View(frame: Rect(x: 0, y: 0, width: 400, height: 200))
        let first = View(), second = View(), third = View(), quarter = View()

        init() {
            container.directionalLayoutMargins = DirectionalEdgeInsets(top: 0, leading: 30, bottom: 0, trailing: 10)
            for view in [first, second, third, quarter] {
                view.translatesAutoresizingMaskIntoConstraints = false
                container.addSubview(view)
            }
            LayoutConstraint.activate([
                first.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 20),
                first.topAnchor.constraint(equalTo: container.topAnchor, constant: 10),
                first.widthAnchor.constraint(equalToConstant: 100),
                first.heightAnchor.constraint(equalToConstant: 30),
                second.leadingAnchor.constraint(equalTo: first.trailingAnchor, constant: 8),
                second.topAnchor.constraint(equalTo: first.topAnchor),
                second.widthAnchor.constraint(equalToConstant: 50),
                second.heightAnchor.constraint(equalToConstant: 30),
                third.trailingAnchor.constraint(equalTo: container.layoutMarginsGuide.trailingAnchor),
                third.topAnchor.constraint(equalTo: container.topAnchor, constant: 60),
                third.widthAnchor.constraint(equalToConstant: 70),
                third.heightAnchor.constraint(equalToConstant: 20),
                // A multiplier: the leading edge a quarter of the way along.
                LayoutConstraint(item: quarter, attribute: .leading, relatedBy: .equal, toItem: container,
                                 attribute: .trailing, multiplier: 0.25, constant: 0),
                quarter.topAnchor.constraint(equalTo: container.topAnchor, constant: 100),
                quarter.widthAnchor.constraint(equalToConstant: 40),
                quarter.heightAnchor.constraint(equalToConstant: 20),
            ])
        }

        var frames: [Rect] { [first, second, third, quarter].map(\.frame) }
    }

    /// `frames` mirrored in a `width` wide container.
    static func mirrored(_ frames: [Rect], width: Double) -> [Rect] {
        frames.map { Rect(x: width - $0.maxX, y: $0.minY, width: $0.width, height: $0.height) }
    }

    @Test func theSameConstraintsGiveMirroredFramesRightToLeft() {
        let ltr = Scene()
        ltr.container.semanticContentAttribute = .forceLeftToRight
        ltr.container.layoutIfNeeded()
        #expect(ltr.frames == [Rect(x: 20, y: 10, width: 100, height: 30), Rect(x: 128, y: 10, width: 50, height: 30),
                               Rect(x: 320, y: 60, width: 70, height: 20), Rect(x: 100, y: 100, width: 40, height: 20)])
        let rtl = Scene()
        rtl.container.semanticContentAttribute = .forceRightToLeft
        rtl.container.layoutIfNeeded()
        #expect(rtl.container.layoutMargins == EdgeInsets(top: 0, left: 10, bottom: 0, right: 30))
        #expect(rtl.frames == Self.mirrored(ltr.frames, width: 400))
    }

    @Test func aSwitchWhileRunningReSolvesAndBack() {
        let h = Harness(width: 400, height: 200)
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let scene = Scene()
        scene.container.frame = h.window.bounds
        h.window.addSubview(scene.container)
        h.runLayoutTurn()
        let ltr = scene.frames
        #expect(ltr[0].minX == 20)

        h.app.userInterfaceLayoutDirection = .rightToLeft
        #expect(scene.container.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        h.runLayoutTurn()
        #expect(scene.frames == Self.mirrored(ltr, width: 400))
        #expect(scene.container.directionalLayoutMargins == DirectionalEdgeInsets(top: 0, leading: 30, bottom: 0, trailing: 10))

        h.app.userInterfaceLayoutDirection = .leftToRight
        h.runLayoutTurn()
        #expect(scene.frames == ltr)
    }

    @Test func aForcedSubtreeKeepsItsDirectionAndASemanticChangeReSolvesIt() {
        let h = Harness(width: 400, height: 200)
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        h.app.userInterfaceLayoutDirection = .rightToLeft
        let outer = Scene(), inner = Scene()
        outer.container.frame = h.window.bounds
        h.window.addSubview(outer.container)
        inner.container.semanticContentAttribute = .forceLeftToRight
        h.window.addSubview(inner.container)
        inner.container.frame = h.window.bounds
        h.runLayoutTurn()
        #expect(outer.first.frame.maxX == 380)
        #expect(inner.first.frame.minX == 20)
        #expect(inner.first.effectiveUserInterfaceLayoutDirection == .leftToRight)
        #expect(inner.first.traitCollection.layoutDirection == .leftToRight)
        #expect(inner.container.traitCollection.layoutDirection == .rightToLeft, "its own traits come from above")

        inner.container.semanticContentAttribute = .unspecified
        h.runLayoutTurn()
        #expect(inner.first.frame.maxX == 380)
        inner.container.semanticContentAttribute = .forceLeftToRight
        h.runLayoutTurn()
        #expect(inner.first.frame.minX == 20)
    }

    @Test func aSubtreeMovedUnderAForcedViewReadsItsDirection() {
        let host = View(frame: Rect(x: 0, y: 0, width: 400, height: 200))
        host.semanticContentAttribute = .forceLeftToRight
        let scene = Scene()
        host.addSubview(scene.container)
        host.layoutIfNeeded()
        #expect(scene.first.frame.minX == 20)
        let mirroredHost = View(frame: Rect(x: 0, y: 0, width: 400, height: 200))
        mirroredHost.semanticContentAttribute = .forceRightToLeft
        mirroredHost.addSubview(scene.container)
        mirroredHost.layoutIfNeeded()
        #expect(scene.first.frame.maxX == 380)
    }

    @Test func relatingLeadingToLeftIsInvalid() {
        let container = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = View()
        container.addSubview(child)
        let mixed = child.leadingAnchor.constraint(equalTo: container.leadingAnchor)
        #expect(mixed.firstAttribute == .leading)
        let invalid = LayoutConstraint(item: child, attribute: .leading, relatedBy: .equal, toItem: container,
                                       attribute: .left, multiplier: 1, constant: 0)
        invalid.isActive = true
        #expect(!invalid.isActive)
        mixed.isActive = true
        #expect(mixed.isActive)
    }

    @Test func directionalMarginsFollowTheDirectionUntilMarginsAreSet() {
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.semanticContentAttribute = .forceLeftToRight
        view.directionalLayoutMargins = DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        #expect(view.layoutMargins == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        view.semanticContentAttribute = .forceRightToLeft
        #expect(view.layoutMargins == EdgeInsets(top: 1, left: 4, bottom: 3, right: 2))
        #expect(view.directionalLayoutMargins == DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
        // Absolute margins set afterwards stay where they are set.
        view.layoutMargins = EdgeInsets(top: 0, left: 5, bottom: 0, right: 6)
        view.semanticContentAttribute = .forceLeftToRight
        #expect(view.layoutMargins == EdgeInsets(top: 0, left: 5, bottom: 0, right: 6))
        #expect(view.directionalLayoutMargins == DirectionalEdgeInsets(top: 0, leading: 5, bottom: 0, trailing: 6))
    }

    @Test func effectiveDirectionAndTraits() {
        let h = Harness(width: 400, height: 200)
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let outer = View(), middle = View(), inner = View()
        h.window.addSubview(outer)
        outer.addSubview(middle)
        middle.addSubview(inner)
        #expect(inner.effectiveUserInterfaceLayoutDirection == .leftToRight)
        h.app.userInterfaceLayoutDirection = .rightToLeft
        #expect(inner.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(View.userInterfaceLayoutDirection(for: .unspecified) == .rightToLeft)
        #expect(View.userInterfaceLayoutDirection(for: .forceLeftToRight) == .leftToRight)
        #expect(View.userInterfaceLayoutDirection(for: .unspecified, relativeTo: .leftToRight) == .leftToRight)
        #expect(View.userInterfaceLayoutDirection(for: .forceRightToLeft, relativeTo: .leftToRight) == .rightToLeft)

        @MainActor final class Recorder: View {
            var previous: [UserInterfaceLayoutDirection?] = []
            override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
                previous.append(previousTraitCollection?.layoutDirection)
            }
        }
        let probe = Recorder()
        inner.addSubview(probe)
        h.runLayoutTurn()
        middle.semanticContentAttribute = .forceLeftToRight
        #expect(middle.effectiveUserInterfaceLayoutDirection == .leftToRight)
        #expect(middle.traitCollection.layoutDirection == .rightToLeft)
        #expect(inner.traitCollection.layoutDirection == .leftToRight)
        #expect(probe.previous == [.rightToLeft])
        #expect(probe.needsLayout && inner.needsLayout)
        // The application's direction no longer reaches under the forced view.
        h.app.userInterfaceLayoutDirection = .leftToRight
        h.app.userInterfaceLayoutDirection = .rightToLeft
        #expect(probe.previous == [.rightToLeft, .leftToRight, .leftToRight], "told, with its unchanged direction")
        #expect(probe.effectiveUserInterfaceLayoutDirection == .leftToRight)
    }
}
