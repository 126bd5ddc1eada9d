import Testing
@testable import KioskDemo
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineTestSupport
// The frames shown while an animation runs (the presentation values) are internal.
@testable import VitrineCore

/// The folder of this target's reference images: Tests/KioskDemoTests/Goldens.
private func goldensFolder(_ filePath: String = #filePath) -> String {
    var parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast()
    return parts.joined(separator: "/") + "/Goldens"
}

/// The room screen, laid out by constraints alone: side by side on 800×480 and 1920×1080,
/// stacked when the screen is turned to portrait, everything in the safe area, nothing
/// overlapping, no text cut short.
@MainActor
@Suite struct RoomDetailScreenTests {
    /// The Boardroom's screen (the tour's room) as the root of a window of a headless app.
    @MainActor
    final class Shown {
        let platform: HeadlessPlatform
        let app: Application
        let detail = RoomDetailController(room: RoomDirectory().rooms[0][1])

        init(width: Int, height: Int, safeArea: EdgeInsets = .zero) {
            platform = HeadlessPlatform(mode: DisplayMode(width: width, height: height))
            app = Application(platform: platform)
            app.screen.panelSafeAreaInsets = safeArea
            let window = Window(frame: app.screen.bounds)
            window.rootViewController = detail
            window.makeKeyAndVisible(in: app)
            settle()
        }

        func settle() {
            platform.manualMainLoop.runUntilIdle()
            // Bounded: a screen that never stops relayouting fails instead of hanging.
            var rounds = 0
            while (platform.virtualDisplay.isFlipPending || app.hasPendingCommit) && rounds < 200 {
                platform.manualMainLoop.advance(by: 0.025)
                rounds += 1
            }
            #expect(rounds < 200, "the screen keeps changing")
        }

        /// The bar, the picture and the labels.
        var parts: [View] { [detail.bar, detail.picture] + detail.labels }

        /// `view`'s frame on screen (window space: the window fills the screen).
        func onScreen(_ view: View) -> Rect { view.convert(view.bounds, to: nil) }

        /// Checks the layout's promises: every part in the safe area and of some size, none
        /// overlapping another, every label as large as its text and not truncated.
        func expectSoundLayout(_ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let safe = detail.view.safeAreaLayoutGuide.layoutFrame
            let margins = detail.view.layoutMarginsGuide.layoutFrame
            for part in parts {
                let frame = part.frame
                let name = part.accessibilityIdentifier ?? "\(type(of: part))"
                #expect(frame.width > 0 && frame.height > 0, "\(context): \(name) is \(frame)", sourceLocation: sourceLocation)
                #expect(safe.contains(frame), "\(context): \(name) \(frame) is outside the safe area \(safe)", sourceLocation: sourceLocation)
                if part !== detail.bar {
                    #expect(margins.contains(frame), "\(context): \(name) \(frame) is outside the margins \(margins)", sourceLocation: sourceLocation)
                }
            }
            let frames = parts.map { $0.frame }
            for i in frames.indices {
                for j in frames.indices where i < j {
                    #expect(!frames[i].intersects(frames[j]), "\(context): \(parts[i].accessibilityIdentifier ?? "") \(frames[i]) overlaps \(parts[j].accessibilityIdentifier ?? "") \(frames[j])",
                            sourceLocation: sourceLocation)
                }
            }
            for label in detail.labels {
                let text = label.intrinsicContentSize
                #expect(label.bounds.width >= text.width && label.bounds.height >= text.height,
                        "\(context): \(label.text ?? "") is \(label.bounds.size), its text \(text)", sourceLocation: sourceLocation)
                #expect(label.textLayout?.isTruncated == false, "\(context): \(label.text ?? "") is truncated", sourceLocation: sourceLocation)
            }
        }

        func expectGolden(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
            guard let scene = app.compositor?.scene else {
                Issue.record("no scene", sourceLocation: sourceLocation)
                return
            }
            let result = Golden.compare(scene, toReference: goldensFolder() + "/\(name).png")
            #expect(result.passed, Comment(rawValue: result.message), sourceLocation: sourceLocation)
        }
    }

    @Test func aSevenInchPanelInLandscapePutsThePictureBesideTheTextTightly() {
        let shown = Shown(width: 800, height: 480)
        let detail = shown.detail
        #expect(detail.view.traitCollection.verticalSizeClass == .compact)
        #expect(detail.arrangement == .sideBySide && !detail.isRoomy)
        shown.expectSoundLayout("800×480")
        // A square picture as tall as the margins allow under the bar, the text to its right.
        let picture = detail.picture.frame
        #expect(picture == Rect(x: 16, y: 104, width: 360, height: 360))
        #expect(detail.labels.allSatisfy { $0.frame.minX == picture.maxX + 24 })
        #expect(detail.nameLabel.frame.minY == picture.minY)
        shown.expectGolden("room-800x480")
    }

    @Test func aFullHDPanelIsRoomy() {
        let shown = Shown(width: 1920, height: 1080)
        let detail = shown.detail
        #expect(detail.arrangement == .sideBySide && detail.isRoomy)
        shown.expectSoundLayout("1920×1080")
        let picture = detail.picture.frame
        #expect(picture.minX == 48 && picture.width == picture.height && picture.maxY == 1080 - 48)
        #expect(detail.nameLabel.font.pointSize == 56)
        shown.expectGolden("room-1920x1080")
    }

    @Test func turnedToPortraitItStacks() {
        let shown = Shown(width: 800, height: 480)
        shown.app.setScreenRotation(.clockwise90)
        shown.settle()
        let detail = shown.detail
        #expect(detail.view.bounds.size == Size(width: 480, height: 800))
        #expect(detail.view.traitCollection.horizontalSizeClass == .compact)
        #expect(detail.arrangement == .stacked && !detail.isRoomy)
        shown.expectSoundLayout("800×480 turned")
        // The picture across the margins, the text under it.
        let picture = detail.picture.frame
        #expect(picture.minX == 16 && picture.maxX == 480 - 16)
        #expect(detail.labels.allSatisfy { $0.frame.minX == 16 && $0.frame.minY > picture.maxY })
        shown.expectGolden("room-portrait")
        // Turned back, it is as it was.
        shown.app.setScreenRotation(.none)
        shown.settle()
        #expect(detail.arrangement == .sideBySide)
        #expect(detail.picture.frame == Rect(x: 16, y: 104, width: 360, height: 360))
    }

    /// A full-HD panel mounted upright is regular both ways: the shape, not the size classes,
    /// stacks it.
    @Test func aFullHDPanelInPortraitStacksRoomily() {
        let shown = Shown(width: 1080, height: 1920)
        #expect(shown.detail.arrangement == .stacked && shown.detail.isRoomy)
        shown.expectSoundLayout("1080×1920")
        // Turned to landscape (regular both ways still): the alongside block swaps the sets.
        shown.app.setScreenRotation(.clockwise90)
        shown.settle()
        #expect(shown.detail.arrangement == .sideBySide && shown.detail.isRoomy)
        shown.expectSoundLayout("1080×1920 turned")
    }

    /// Turned with animation, the views glide from their frames side by side to their frames
    /// stacked over `Application.screenRotationDuration`, on the clock the test moves: where
    /// they were at the start, between the two halfway, where the constraints put them at the
    /// end, with nothing left animating and every touch reaching its view again.
    @Test func anAnimatedTurnGlidesTheViewsToTheirStackedFrames() {
        let shown = Shown(width: 800, height: 480)
        let detail = shown.detail
        let parts = shown.parts
        let before = parts.map(\.frame)
        let back = detail.bar.backButton
        let clock = shown.platform.manualMainLoop.manualClock
        /// The frame `view` is shown at now, in its superview's space.
        func shownFrame(_ view: View) -> Rect {
            let b = view.renderBounds
            return Rect(origin: b.origin, size: b.size).applying(view.renderTransformToSuperview)
        }
        func same(_ a: Rect, _ b: Rect) -> Bool {
            abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9 && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
        }
        func backIsHit() -> Bool {
            guard let window = detail.view.window else { return false }
            return window.hitTest(shown.onScreen(back).center, with: nil) === back
        }
        #expect(backIsHit())

        shown.app.setScreenRotation(.clockwise90, animated: true)
        // The turn's commit: the model is the stacked layout at once, the screen shows the old.
        shown.platform.manualMainLoop.runUntilIdle()
        let start = clock.now
        #expect(detail.arrangement == .stacked)
        let after = parts.map(\.frame)
        #expect(same(after[1], Rect(x: 16, y: 104, width: 448, height: 448 * 0.6)), "\(after[1])")
        for (index, part) in parts.enumerated() {
            #expect(same(shownFrame(part), before[index]), "\(part.accessibilityIdentifier ?? ""): shown \(shownFrame(part)) at the start")
        }
        #expect(!backIsHit(), "the bar is animating: its button takes no touch")

        // Halfway: strictly between, for each part that moves.
        shown.platform.manualMainLoop.advance(to: start + Application.screenRotationDuration / 2)
        for (index, part) in parts.enumerated() where before[index] != after[index] {
            let now = shownFrame(part), from = before[index], to = after[index]
            func between(_ value: Double, _ a: Double, _ b: Double) -> Bool {
                abs(a - b) < 1e-9 ? abs(value - a) < 1e-9 : min(a, b) < value && value < max(a, b)
            }
            #expect(between(now.minX, from.minX, to.minX) && between(now.minY, from.minY, to.minY)
                    && between(now.width, from.width, to.width) && between(now.height, from.height, to.height),
                    "\(part.accessibilityIdentifier ?? ""): \(now) halfway from \(from) to \(to)")
        }
        // The picture and the text moved a good way each: it is a glide, not a jump at the end.
        let picture = shownFrame(detail.picture)
        #expect(picture.width > 360 + 20 && picture.width < 448 - 20)
        let name = shownFrame(detail.nameLabel)
        #expect(name.minX > 16 + 40 && name.minX < 400 - 40)

        // The end: shown where laid out, nothing animating, touches reach the button again.
        shown.platform.manualMainLoop.advance(to: start + Application.screenRotationDuration + 0.1)
        for (index, part) in parts.enumerated() {
            #expect(same(shownFrame(part), after[index]), "\(part.accessibilityIdentifier ?? ""): shown \(shownFrame(part)) at the end")
            #expect(part.presentation == nil)
        }
        #expect(shown.app.animator.count == 0)
        #expect(backIsHit())
        shown.settle()
        shown.expectSoundLayout("turned with animation")
        // Nothing is left ticking: the loop sleeps.
        let turns = shown.platform.manualMainLoop.turnCount
        shown.platform.manualMainLoop.advance(by: 2)
        #expect(shown.platform.manualMainLoop.turnCount == turns)
    }

    /// A bezel lip over the panel's top and a wide frame on its left: everything moves inside.
    @Test func everythingStaysInTheSafeArea() {
        let insets = EdgeInsets(top: 24, left: 40, bottom: 12, right: 0)
        let shown = Shown(width: 800, height: 480, safeArea: insets)
        shown.expectSoundLayout("800×480 with a bezel")
        #expect(shown.detail.bar.frame.minY == 24 && shown.detail.bar.frame.minX == 40)
        shown.app.setScreenRotation(.clockwise90)
        shown.settle()
        shown.expectSoundLayout("800×480 with a bezel, turned")
    }
}
