import Logging
import SystemPackage
import Testing
import Vitrine
import VitrineDRM
import VitrineGraphics
import VitrineTestSupport

/// An `Application` on a `DRMDisplay` over the fake device, with one full-screen window holding
/// a red bar pinned to the right edge. The test loop runs no turns by itself: `commit()` is the
/// end of a turn, `flip()` a flip event read from the descriptor.
@MainActor
final class HotplugApp {
    let device: FakeKMSDevice
    let loop = DRMTestLoop()
    let display: DRMDisplay
    let app: Application
    let window: Window
    let rightBar = View(frame: .zero)
    let logs = LogCapture(level: .notice)   // what the display logs at notice or above
    private var sequence: UInt32 = 0

    init(_ device: FakeKMSDevice = .vkmsLike(), configuration: DRMDisplay.Configuration = DRMDisplay.Configuration()) throws {
        self.device = device
        display = try DRMDisplay(device: device, configuration: configuration, mainLoop: loop, logger: logs.logger(label: "vitrine.drm.test"))
        app = Application(mainLoop: loop, display: display)
        window = Window(frame: app.screen.bounds)
        window.backgroundColor = Color(rgb: 0x30A0F0)
        rightBar.frame = Rect(x: window.bounds.width - 50, y: 10, width: 40, height: 30)
        rightBar.autoresizingMask = [.flexibleLeftMargin]
        rightBar.backgroundColor = .red
        window.addSubview(rightBar)
        window.makeKeyAndVisible(in: app)
        app.commit()
        flip()
    }

    func flip() {
        sequence += 1
        device.completeFlip(sequence: sequence, at: Double(sequence) / 60)
        loop.dispatchReadySources()
    }

    /// The framebuffer the last applied commit put on the primary plane, as the panel shows it.
    var shown: Surface? {
        device.committed(PropertyID.fbID, on: ObjectID.primaryPlane).flatMap { device.surface(ofFramebuffer: UInt32($0)) }
    }

    /// The app's scene as the display puts it in a buffer: turned in software, or as it is when
    /// the plane turns it.
    func sceneInBuffer() -> Surface? {
        guard let scene = app.compositor?.scene else { return nil }
        let rotation = display.usesPlaneRotation ? ScreenRotation.none : display.rotation
        let size = rotation.rotatedSize(width: scene.width, height: scene.height)
        let buffer = Surface(width: size.width, height: size.height, format: .xrgb8888)
        buffer.copy(Region(scene.bounds), from: scene, rotation: rotation)
        return buffer
    }
}

@MainActor
struct ApplicationHotplugTests {
    @Test func aMonitorWithALargerModeResizesTheAppAndShowsAFrameAtTheNewSize() throws {
        let h = try HotplugApp()
        #expect(h.app.screen.bounds.size == Size(width: 1024, height: 768))
        let frames = h.app.statistics.frames

        // Another monitor on the connector: 1280×720 preferred.
        h.device.connectors[0].modes = [Modes.svga, Modes.hd]
        h.display.handleHotplug()
        #expect(h.display.mode == DisplayMode(width: 1280, height: 720, refreshRate: Modes.hd.refreshRate))
        #expect(h.device.framebuffers.count == 2)
        #expect(h.device.framebuffers.values.allSatisfy { $0.width == 1280 && $0.height == 720 })
        #expect(h.app.hasPendingCommit)

        h.app.commit()
        #expect(h.app.screen.bounds == Rect(x: 0, y: 0, width: 1280, height: 720))
        #expect(h.app.compositor?.sceneBounds == PixelRect(x: 0, y: 0, width: 1280, height: 720))
        #expect(h.window.frame == h.app.screen.bounds)
        #expect(h.rightBar.frame.maxX == 1270)
        #expect(h.app.statistics.lastPresentedDamage == Region(PixelRect(x: 0, y: 0, width: 1280, height: 720)))
        // The frame modesets the new mode with a buffer of its size, holding the whole picture.
        let commit = try #require(h.device.appliedCommits.last)
        #expect(commit.flags.contains(.allowModeset))
        let blob = try #require(commit.request.value(of: PropertyID.modeID, on: ObjectID.crtc))
        #expect(h.device.blobs[UInt32(blob)] == .mode(Modes.hd))
        #expect(commit.request.value(of: PropertyID.srcW, on: ObjectID.primaryPlane) == 1280 << 16)
        let shown = try #require(h.shown)
        #expect(shown.width == 1280 && shown.height == 720)
        #expect(shown.color(x: 1265, y: 20) == Color.red)
        #expect(shown.color(x: 1279, y: 719) == Color(rgb: 0x30A0F0))
        #expect(shown.hasSamePixels(as: try #require(h.sceneInBuffer())))
        h.flip()
        #expect(h.app.statistics.frames == frames + 1)
        #expect(!h.display.isFlipPending)
    }

    @Test(arguments: [false, true])
    func aSmallerModeOnATurnedScreenResizesTheAppAndItsBuffers(planeRotation: Bool) throws {
        let device = FakeKMSDevice.vkmsLike(rotations: planeRotation ? ["rotate-0", "rotate-90", "rotate-180", "rotate-270"] : nil)
        let h = try HotplugApp(device, configuration: DRMDisplay.Configuration(rotation: .clockwise90))
        #expect(h.display.usesPlaneRotation == planeRotation)
        #expect(h.app.screen.bounds.size == Size(width: 768, height: 1024))

        // The monitor is unplugged, and a smaller one plugged in.
        h.device.connectors[0].status = .disconnected
        h.device.connectors[0].modes = []
        h.display.handleHotplug()
        h.device.connectors[0].status = .connected
        h.device.connectors[0].modes = [Modes.svga]
        h.display.handleHotplug()
        h.app.commit()

        #expect(h.display.mode.width == 800 && h.display.mode.height == 600)
        #expect(h.app.screen.bounds == Rect(x: 0, y: 0, width: 600, height: 800))
        #expect(h.window.frame == h.app.screen.bounds)
        #expect(h.rightBar.frame.maxX == 590)
        // Buffers: the panel's size when the copy turns the picture, the scene's when the plane does.
        let buffer = planeRotation ? (600, 800) : (800, 600)
        #expect(h.device.framebuffers.values.allSatisfy { $0.width == buffer.0 && $0.height == buffer.1 })
        let shown = try #require(h.shown)
        #expect(shown.hasSamePixels(as: try #require(h.sceneInBuffer())))
        #expect(h.device.appliedCommits.last?.request.value(of: PropertyID.crtcW, on: ObjectID.primaryPlane) == 800)
    }

    @Test func aNewModeDuringAFlipIsAppliedAtItsVblankBeforeTheNextFrame() throws {
        let h = try HotplugApp()
        h.rightBar.backgroundColor = .green
        h.app.commit()
        #expect(h.display.isFlipPending)
        h.device.connectors[0].modes = [Modes.hd]
        h.display.handleHotplug()
        h.app.commit()
        // The buffer in flight stays, and so does the app's size.
        #expect(h.display.mode.width == 1024 && h.app.screen.bounds.width == 1024)
        h.flip()
        #expect(h.display.mode.width == 1280)
        h.app.commit()
        #expect(h.app.screen.bounds == Rect(x: 0, y: 0, width: 1280, height: 720))
        let shown = try #require(h.shown)
        #expect(shown.width == 1280 && shown.color(x: 1265, y: 20) == Color.green)
    }

    @Test func aMonitorWhosePreferredModeIsUnusableGetsItsNextBestMode() throws {
        let h = try HotplugApp()
        let broken = KMSMode(width: 0, height: 0, refreshRate: 60, isPreferred: true)
        h.device.connectors[0].modes = [broken, Modes.svga]
        h.display.handleHotplug()
        h.app.commit()
        #expect(h.display.mode.width == 800 && h.display.mode.height == 600)
        #expect(h.app.screen.bounds.size == Size(width: 800, height: 600))
        #expect(h.logs.lines.contains { $0.hasPrefix("error:") && $0.contains("0x0") && $0.contains("refused") })
    }

    @Test(arguments: [KMSMode(width: 0, height: 0, refreshRate: 60, isPreferred: true),
                      KMSMode(width: 20000, height: 600, refreshRate: 60, isPreferred: true),
                      KMSMode(width: 800, height: 600, refreshRate: 5000, isPreferred: true)])
    func aMonitorOfferingOnlyUnusableModesKeepsTheOldMode(broken: KMSMode) throws {
        let h = try HotplugApp()
        var changes = 0
        let appHandler = h.display.modeDidChange
        h.display.modeDidChange = { changes += 1; appHandler?($0) }
        h.device.connectors[0].status = .disconnected
        h.device.connectors[0].modes = []
        h.display.handleHotplug()
        h.device.connectors[0].status = .connected
        h.device.connectors[0].modes = [broken]
        h.display.handleHotplug()
        h.app.commit()
        #expect(changes == 0)
        #expect(h.display.mode.width == 1024 && h.display.isPoweredOn)
        #expect(h.app.screen.bounds.size == Size(width: 1024, height: 768))
        #expect(h.device.framebuffers.values.allSatisfy { $0.width == 1024 && $0.height == 768 })
        #expect(h.logs.lines.contains { $0.hasPrefix("error:") && $0.contains("refused") && $0.contains("the mode it had") })
        // Reconnected with the old mode: the whole picture is shown again.
        let commit = try #require(h.device.appliedCommits.last)
        #expect(commit.flags.contains(.allowModeset))
        #expect(try #require(h.shown).hasSamePixels(as: try #require(h.sceneInBuffer())))
    }

    @Test func buffersThatCannotBeMadeForTheNewModeKeepTheOldModeUntilTheNextChange() throws {
        let h = try HotplugApp()
        h.device.connectors[0].modes = [Modes.hd]
        h.device.dumbBufferErrors = [.noMemory]
        h.display.handleHotplug()
        h.app.commit()
        // The app and the display agree on the old size; nothing is presented meanwhile.
        #expect(h.display.mode.width == 1024 && !h.display.isConnected)
        #expect(h.app.screen.bounds.size == Size(width: 1024, height: 768))
        #expect(h.device.framebuffers.values.allSatisfy { $0.width == 1024 && $0.height == 768 })
        #expect(h.logs.lines.contains { $0.hasPrefix("error:") && $0.contains("new buffers") })
        // The next change event tries again, and succeeds.
        h.display.handleHotplug()
        h.app.commit()
        #expect(h.display.isPoweredOn)
        #expect(h.app.screen.bounds.size == Size(width: 1280, height: 720))
        #expect(try #require(h.shown).width == 1280)
    }
}
