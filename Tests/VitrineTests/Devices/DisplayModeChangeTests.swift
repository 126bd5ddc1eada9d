import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// A monitor swapped for one of another mode (here `VirtualDisplay.setMode`, what a hotplug
/// does on DRM): the screen, the scene and the windows follow, the next frame repaints the
/// whole new screen, and fingers down are cancelled once.
@MainActor
@Suite struct DisplayModeChangeTests {
    final class Root: View {
        var layouts: [Size] = []
        override func layoutSubviews() {
            super.layoutSubviews()
            layouts.append(bounds.size)
        }
    }

    /// A screen with a full-screen autoresizing root, a bar pinned to the right edge and a
    /// drawn pattern, settled; and a recording view under finger 0, which is down.
    struct Scene {
        let root: Root
        let rightBar: View
        let recorder: RecordingView
    }

    private func makeScene(_ h: Harness) -> Scene {
        h.window.backgroundColor = Color(rgb: 0xF0F0E8)
        let root = Root(frame: h.window.bounds)
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        h.window.addSubview(root)
        let rightBar = View(frame: Rect(x: root.bounds.width - 50, y: 10, width: 40, height: 30))
        rightBar.autoresizingMask = [.flexibleLeftMargin]
        rightBar.backgroundColor = .red
        root.addSubview(rightBar)
        let pattern = PatternView(frame: Rect(x: 20, y: 20, width: 90.5, height: 60))
        pattern.autoresizingMask = [.flexibleRightMargin, .flexibleBottomMargin]
        root.addSubview(pattern)
        let recorder = RecordingView("r", frame: Rect(x: 200, y: 100, width: 100, height: 100))
        root.addSubview(recorder)
        h.settle()
        h.down(0, at: Point(x: 250, y: 150))
        h.settle()
        return Scene(root: root, rightBar: rightBar, recorder: recorder)
    }

    /// The screen as a fresh full composition of the app's windows at the display's scene size,
    /// turned onto the panel as the display shows it.
    private func freshPanel(_ h: Harness) -> Surface {
        let size = h.display.sceneSize
        let compositor = Compositor(width: size.width, height: size.height, scale: h.app.screen.scale)
        compositor.compose(Region(compositor.sceneBounds), windows: h.app.windows)
        let panel = Surface(width: h.display.mode.width, height: h.display.mode.height, format: .xrgb8888)
        panel.copy(Region(compositor.sceneBounds), from: compositor.scene, rotation: h.display.rotation)
        return panel
    }

    nonisolated static let cases: [(DisplayMode, ScreenRotation)] = [
        (DisplayMode(width: 640, height: 400), .none),
        (DisplayMode(width: 1024, height: 768), .none),
        (DisplayMode(width: 640, height: 400), .clockwise90),
        (DisplayMode(width: 1024, height: 768), .upsideDown),
        (DisplayMode(width: 1280, height: 720, refreshRate: 50), .clockwise270),
    ]

    @Test(arguments: cases)
    func aNewModeResizesScreenSceneAndWindowsAndRepaintsTheWholeNewScreen(mode: DisplayMode, rotation: ScreenRotation) throws {
        let h = Harness(width: 800, height: 480, rotation: rotation)
        let s = makeScene(h)
        let layoutsBefore = s.root.layouts.count
        let presents = h.display.presentCount

        try h.display.setMode(mode)
        // The finger is cancelled at once: input maps positions by the new size already.
        #expect(s.recorder.log == ["began 1", "cancelled 1"])
        h.settle()

        let scene = rotation.rotatedSize(width: mode.width, height: mode.height)
        let bounds = Rect(x: 0, y: 0, width: Double(scene.width), height: Double(scene.height))
        #expect(h.display.mode == mode)
        #expect(h.app.screen.nativeSize == bounds.size)
        #expect(h.app.screen.bounds == bounds)
        #expect(h.app.compositor?.sceneBounds == PixelRect(x: 0, y: 0, width: scene.width, height: scene.height))
        #expect(h.window.frame == bounds)
        #expect(s.root.frame == bounds)
        #expect(s.root.layouts.count > layoutsBefore)
        #expect(s.root.layouts.last == bounds.size)
        // The bar stays 10 points from the right edge; the pattern stays at the top-left.
        #expect(s.rightBar.frame == Rect(x: bounds.width - 50, y: 10, width: 40, height: 30))
        // One frame, the whole new scene: repainted and copied.
        let whole = Region(PixelRect(x: 0, y: 0, width: scene.width, height: scene.height))
        #expect(h.display.presentCount == presents + 1)
        #expect(h.app.statistics.lastPresentedDamage == whole)
        #expect(h.display.presentedDamage.last == whole)
        #expect(h.display.presentedCopies.last == whole)
        let shown = try #require(h.display.shownBuffer)
        #expect(shown.width == mode.width && shown.height == mode.height)
        #expect(shown.hasSamePixels(as: freshPanel(h)))

        // Cancelled once: the finger's later moves and lift reach nobody.
        h.move(0, to: Point(x: 260, y: 160))
        h.up(0)
        #expect(s.recorder.log == ["began 1", "cancelled 1"])
        #expect(h.app.touchPool.activeTouches.isEmpty)
        // A new finger is hit-tested on the new screen.
        let recorderCentre = s.recorder.convert(Point(x: 50, y: 50), to: nil)
        h.tap(at: recorderCentre, slot: 1)
        #expect(s.recorder.log == ["began 1", "cancelled 1", "began 1", "ended 1"])
    }

    @Test func aModeChangeAndARotationInTheSameTurnEndAsOne() throws {
        let h = Harness(width: 800, height: 480)
        let s = makeScene(h)
        h.app.setScreenRotation(.clockwise90)
        try h.display.setMode(DisplayMode(width: 1024, height: 600))
        h.settle()
        #expect(s.recorder.log == ["began 1", "cancelled 1"])
        #expect(h.display.rotation == .clockwise90)
        let bounds = Rect(x: 0, y: 0, width: 600, height: 1024)
        #expect(h.app.screen.bounds == bounds)
        #expect(h.window.frame == bounds && s.root.layouts.last == bounds.size)
        #expect(h.display.presentedCopies.last == Region(PixelRect(x: 0, y: 0, width: 600, height: 1024)))
        #expect(h.display.shownBuffer?.hasSamePixels(as: freshPanel(h)) == true)
    }

    @Test func aModeGivenDuringAFlipWaitsForItsVblank() throws {
        let h = Harness(width: 800, height: 480)
        let s = makeScene(h)
        s.rightBar.backgroundColor = .blue
        h.turn()
        #expect(h.display.isFlipPending)
        try h.display.setMode(DisplayMode(width: 640, height: 480))
        // The buffer in flight is 800 pixels wide until its vblank.
        #expect(h.display.mode.width == 800 && h.display.pendingMode?.width == 640)
        #expect(h.app.screen.bounds.width == 800)
        h.settle()
        #expect(h.display.mode.width == 640 && h.display.pendingMode == nil)
        #expect(h.app.screen.bounds.width == 640 && s.rightBar.frame.maxX == 630)
        #expect(h.display.shownBuffer?.hasSamePixels(as: freshPanel(h)) == true)
    }

    /// A view whose layout changes the mode, once, when it first sees a given width.
    final class ModeChangingView: View {
        var display: VirtualDisplay?
        var atWidth = 0.0
        var newMode = DisplayMode(width: 640, height: 400)
        var layouts: [Size] = []
        override func layoutSubviews() {
            super.layoutSubviews()
            layouts.append(bounds.size)
            if bounds.width == atWidth, let display {
                self.display = nil
                try? display.setMode(newMode)
            }
        }
    }

    @Test func aModeChangedInsideACommitIsFollowedBeforeThePresent() {
        let h = Harness(width: 800, height: 480)
        let view = ModeChangingView(frame: h.window.bounds)
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        h.window.addSubview(view)
        h.settle()
        view.display = h.display
        view.atWidth = 800
        view.setNeedsLayout()
        h.settle()
        #expect(h.app.screen.bounds == Rect(x: 0, y: 0, width: 640, height: 400))
        #expect(view.layouts.last == Size(width: 640, height: 400))
        #expect(h.display.presentedCopies.last == Region(PixelRect(x: 0, y: 0, width: 640, height: 400)))
        #expect(h.display.shownBuffer?.hasSamePixels(as: freshPanel(h)) == true)
    }

    @Test func theSameModeChangesNothing() throws {
        let h = Harness(width: 800, height: 480)
        let s = makeScene(h)
        let presents = h.display.presentCount
        try h.display.setMode(h.display.mode)
        h.settle()
        #expect(h.display.presentCount == presents)
        #expect(s.recorder.log == ["began 1"])
    }

    nonisolated static let unusableModes: [DisplayMode] = [
        DisplayMode(width: 0, height: 480),
        DisplayMode(width: 800, height: 0),
        DisplayMode(width: -800, height: 480),
        DisplayMode(width: 100_000, height: 480),
        DisplayMode(width: 800, height: 480, refreshRate: 0),
        DisplayMode(width: 800, height: 480, refreshRate: .nan),
        DisplayMode(width: 800, height: 480, refreshRate: .infinity),
    ]

    @Test(arguments: unusableModes)
    func anUnusableModeIsRefusedKeepingTheOldOne(mode: DisplayMode) {
        let h = Harness(width: 800, height: 480)
        let s = makeScene(h)
        let presents = h.display.presentCount
        #expect(throws: DisplayModeError.self) { try h.display.setMode(mode) }
        h.settle()
        #expect(h.display.mode == DisplayMode(width: 800, height: 480))
        #expect(h.app.screen.bounds == Rect(x: 0, y: 0, width: 800, height: 480))
        #expect(h.display.presentCount == presents)
        #expect(s.recorder.log == ["began 1"])
    }

    @Test func theRefusalSaysWhatToDo() {
        let size = String(describing: DisplayModeError.unusableSize(DisplayMode(width: 0, height: 0)))
        #expect(size.contains("0x0") && size.contains("board profile"))
        let rate = String(describing: DisplayModeError.unusableRefreshRate(DisplayMode(width: 8, height: 8, refreshRate: 0)))
        #expect(rate.contains("60 when unsure"))
    }
}
