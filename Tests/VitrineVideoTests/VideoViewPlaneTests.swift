import Glibc
import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineTestSupport
@testable import VitrineVideo

/// A plane that records what it is given, as a `VideoPlaneDisplay` would hand out.
@MainActor
final class RecordingVideoPlane: VideoPlane {
    let stacking = VideoPlaneStacking.aboveUI
    let frameWidth: Int
    let frameHeight: Int
    private(set) var geometry: VideoPlaneGeometry
    var isActive = true
    var droppedHandler: (@MainActor (VideoPlaneDropReason) -> Void)?
    private(set) var framesSet = 0
    private(set) var lastFrame: Surface?
    private(set) var geometries: [VideoPlaneGeometry] = []

    init(frameWidth: Int, frameHeight: Int, geometry: VideoPlaneGeometry) {
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        self.geometry = geometry
    }

    func setFrame(_ frame: Surface) {
        guard isActive else { return }
        framesSet += 1
        lastFrame = frame
    }
    func clearFrame() { lastFrame = nil }
    func setGeometry(_ geometry: VideoPlaneGeometry) throws(VideoPlaneError) {
        geometries.append(geometry)
        self.geometry = geometry
    }
    func release() {
        isActive = false
        lastFrame = nil
    }

    /// As a display does when it turns, goes off or ends.
    func drop(_ reason: VideoPlaneDropReason) {
        isActive = false
        droppedHandler?(reason)
    }
}

/// The headless display, with a video plane as `DRMDisplay` offers one (or a refusal).
@MainActor
final class PlaneOfferingDisplay: VideoPlaneDisplay {
    let inner: VirtualDisplay
    /// What `makeVideoPlane` throws, if anything.
    var refusal: VideoPlaneError?
    private(set) var planes: [RecordingVideoPlane] = []
    private(set) var asks = 0

    init(inner: VirtualDisplay) { self.inner = inner }

    func makeVideoPlane(frameWidth: Int, frameHeight: Int, geometry: VideoPlaneGeometry) throws(VideoPlaneError) -> any VideoPlane {
        asks += 1
        if let refusal { throw refusal }
        let plane = RecordingVideoPlane(frameWidth: frameWidth, frameHeight: frameHeight, geometry: geometry)
        planes.append(plane)
        return plane
    }

    var mode: DisplayMode { inner.mode }
    var rotation: ScreenRotation { inner.rotation }
    var pixelFormat: PixelFormat { inner.pixelFormat }
    var bufferAge: Int { inner.bufferAge }
    var isFlipPending: Bool { inner.isFlipPending }
    var isPoweredOn: Bool { inner.isPoweredOn }
    var frameHandler: (@MainActor (FrameTiming) -> Void)? {
        get { inner.frameHandler }
        set { inner.frameHandler = newValue }
    }
    var needsFullRepaint: (@MainActor () -> Void)? {
        get { inner.needsFullRepaint }
        set { inner.needsFullRepaint = newValue }
    }
    var modeDidChange: (@MainActor (DisplayMode) -> Void)? {
        get { inner.modeDidChange }
        set { inner.modeDidChange = newValue }
    }
    func present(scene: Surface, copying: Region, damage: Region) -> Int { inner.present(scene: scene, copying: copying, damage: damage) }
    func requestFrame() { inner.requestFrame() }
    func setPower(_ on: Bool) { inner.setPower(on) }
    func setRotation(_ rotation: ScreenRotation) -> Bool { inner.setRotation(rotation) }
}

/// `VideoView` choosing between a display plane and the compositor, with real GStreamer
/// frames on a headless app whose display offers a plane.
@MainActor
@Suite(.serialized)
struct VideoViewPlaneTests {
    @MainActor
    final class Rig {
        let loop = ManualMainLoop()
        let virtual: VirtualDisplay
        let display: PlaneOfferingDisplay
        let app: Application
        let window: Window
        let player: VideoPlayer
        let view: VideoView
        let directory: TemporaryDirectory
        let log = LogCapture(level: .debug)

        init(frame: Rect = Rect(x: 40, y: 30, width: 160, height: 120)) throws {
            virtual = VirtualDisplay(mode: DisplayMode(width: 400, height: 300), mainLoop: loop)
            display = PlaneOfferingDisplay(inner: virtual)
            VideoPlaneRoute.logger = log.logger(label: "vitrine.video")
            app = Application(mainLoop: loop, display: display)
            window = Window(frame: app.screen.bounds)
            window.backgroundColor = .white
            window.makeKeyAndVisible(in: app)
            player = try VideoPlayer(mainLoop: loop)
            view = VideoView(frame: frame)
            view.player = player
            window.addSubview(view)
            directory = try TemporaryDirectory(prefix: "vitrine-video-plane")
            settle()
        }

        /// Plays a 160×120 clip of `frames` frames and waits for `count` frames taken.
        func play(frames: Int = 60, until count: Int) throws {
            let clip = try makeClip(in: directory, frames: frames, width: 160, height: 120)
            player.replaceCurrentItem(with: VideoItem(path: clip))
            player.play()
            #expect(wait { player.framesShown >= count }, "only \(player.framesShown) frames arrived")
        }

        func wait(timeout: Double = 15, until condition: () -> Bool) -> Bool {
            let deadline = monotonicNow() + timeout
            loop.runUntilIdle()
            while !condition() {
                let left = deadline - monotonicNow()
                if left <= 0 { return false }
                var ready = pollfd(fd: player.wakeDescriptor, events: Int16(POLLIN), revents: 0)
                if poll(&ready, 1, Int32(left * 1000) + 1) > 0 {
                    loop.setReadiness(.readable, of: player.wakeDescriptor)
                    loop.runTurn()
                    loop.setReadiness([], of: player.wakeDescriptor)
                    loop.runUntilIdle()
                }
            }
            return true
        }

        func settle() {
            loop.wakeUp()
            loop.runUntilIdle()
            while virtual.isFlipPending || app.hasPendingCommit {
                loop.advance(by: 1.5 * virtual.refreshPeriod)
            }
        }
    }

    @Test func anOpaqueUncoveredViewPutsItsFramesOnThePlaneAndComposesNothingForThem() throws {
        let rig = try Rig()
        try rig.play(until: 3)
        let plane = try #require(rig.display.planes.first)
        #expect(rig.view.isOnDisplayPlane)
        #expect(rig.display.planes.count == 1)
        // 160×120 frames at 1:1 where the view is (scale 1).
        #expect(plane.geometry == VideoPlaneGeometry(source: PixelRect(x: 0, y: 0, width: 160, height: 120),
                                                     destination: PixelRect(x: 40, y: 30, width: 160, height: 120)))
        rig.settle()
        let presents = rig.virtual.presentCount, drawn = rig.app.statistics.viewsDrawn
        let framesSet = plane.framesSet, shown = rig.player.framesShown
        #expect(rig.wait { rig.player.framesShown >= shown + 5 })
        rig.settle()
        #expect(plane.framesSet - framesSet == rig.player.framesShown - shown, "every frame taken goes to the plane")
        #expect(rig.virtual.presentCount == presents, "the UI composed and presented nothing for video frames")
        #expect(rig.app.statistics.viewsDrawn == drawn)
        #expect(plane.lastFrame === rig.player.currentFrame)
    }

    @Test func aRefusedPlaneMeansCompositedAndOneLogLine() throws {
        let rig = try Rig()
        let geometry = VideoPlaneGeometry(source: PixelRect(x: 0, y: 0, width: 160, height: 120),
                                          destination: PixelRect(x: 40, y: 30, width: 160, height: 120))
        rig.display.refusal = .refused(geometry: geometry, detail: "the driver's test commit answered EINVAL")
        try rig.play(until: 5)
        rig.settle()
        #expect(!rig.view.isOnDisplayPlane)
        #expect(rig.display.asks == 1, "a refused geometry is not asked again while it stays")
        let lines = rig.log.lines(atLeast: .notice).filter { $0.contains("refused a video plane") }
        #expect(lines.count == 1, "\(rig.log.lines(atLeast: .notice))")
        // Composited: the frame is on the UI's screen.
        let pixel = try #require(rig.virtual.shownBuffer).color(x: 40 + 160 / 14, y: 60)
        #expect(pixel.red > 0.55 && pixel.green > 0.55 && pixel.blue > 0.55, "the first (white) bar: \(pixel)")
    }

    @Test func aDisplayWithoutPlanesIsAskedOnce() throws {
        let rig = try Rig()
        rig.display.refusal = .noPlane(detail: "no free overlay plane")
        try rig.play(until: 5)
        #expect(rig.display.asks == 1)
        #expect(!rig.view.isOnDisplayPlane)
        #expect(rig.log.lines(atLeast: .notice).filter { $0.contains("no display plane for video") }.count == 1)
    }

    @Test(arguments: ["alpha", "transform", "viewAbove", "subview", "hidden", "posterOnly"])
    func aViewThatBecomesIneligibleGoesBackToCompositedInTheSameCommit(_ change: String) throws {
        let rig = try Rig()
        try rig.play(until: 2)
        rig.settle()
        let plane = try #require(rig.display.planes.first)
        #expect(rig.view.isOnDisplayPlane)
        let presents = rig.virtual.presentCount
        switch change {
        case "alpha": rig.view.alpha = 0.5
        case "transform": rig.view.transform = AffineTransform(rotationAngle: 0.1)
        case "viewAbove":
            let badge = View(frame: Rect(x: 150, y: 100, width: 80, height: 40))
            badge.backgroundColor = .black
            rig.window.addSubview(badge)
        case "subview":
            rig.view.addSubview(View(frame: Rect(x: 0, y: 0, width: 20, height: 20)))
        case "hidden": rig.view.isHidden = true
        default: rig.view.allowsDisplayPlane = false
        }
        rig.settle()
        // The commit that shows the change left the plane and composited the video again.
        #expect(!plane.isActive, "the plane was not released")
        #expect(!rig.view.isOnDisplayPlane)
        #expect(rig.virtual.presentCount > presents)
        if change == "viewAbove" || change == "subview" || change == "alpha" {
            // The next frames are composited: the view is marked for display with each.
            let drawn = rig.app.statistics.viewsDrawn, shown = rig.player.framesShown
            #expect(rig.wait { rig.player.framesShown >= shown + 2 })
            rig.settle()
            #expect(rig.app.statistics.viewsDrawn > drawn)
            #expect(rig.display.planes.count == 1, "no new plane while ineligible")
        }
    }

    @Test func aViewMovedOnThePlaneMovesThePlaneInTheCommitThatMovesIt() throws {
        let rig = try Rig()
        try rig.play(until: 2)
        rig.player.pause()
        rig.settle()
        let plane = try #require(rig.display.planes.first)
        rig.view.frame = Rect(x: 200, y: 150, width: 160, height: 120)
        rig.settle()
        #expect(plane.isActive && rig.view.isOnDisplayPlane)
        #expect(plane.geometries.last == VideoPlaneGeometry(source: PixelRect(x: 0, y: 0, width: 160, height: 120),
                                                            destination: PixelRect(x: 200, y: 150, width: 160, height: 120)))
    }

    @Test func aViewBesideTheVideoDoesNotCoverIt() throws {
        let rig = try Rig()
        let label = View(frame: Rect(x: 210, y: 30, width: 100, height: 40))
        label.backgroundColor = .black
        rig.window.addSubview(label)
        try rig.play(until: 2)
        #expect(rig.view.isOnDisplayPlane)
    }

    @Test func droppedByTheDisplayTheViewCompositesAndAsksAgainLater() throws {
        let rig = try Rig()
        try rig.play(until: 2)
        rig.settle()
        let plane = try #require(rig.display.planes.first)
        let drawn = rig.app.statistics.viewsDrawn
        plane.drop(.powerOff)
        rig.settle()
        #expect(!rig.view.isOnDisplayPlane)
        #expect(rig.app.statistics.viewsDrawn > drawn, "the view was drawn again, composited")
        let shown = rig.player.framesShown
        #expect(rig.wait { rig.player.framesShown >= shown + 1 })
        #expect(rig.display.planes.count == 2 && rig.view.isOnDisplayPlane, "a later frame asks again")
    }

    @Test func aHalfHiddenViewShowsOnlyItsVisiblePartOnThePlane() throws {
        // Clipped by a container: the plane shows the part of the frame inside it.
        let rig = try Rig()
        let container = View(frame: Rect(x: 0, y: 0, width: 120, height: 300))
        container.clipsToBounds = true
        rig.window.insertSubview(container, at: 0)
        rig.view.removeFromSuperview()
        container.addSubview(rig.view)
        try rig.play(until: 2)
        let plane = try #require(rig.display.planes.last)
        #expect(plane.geometry == VideoPlaneGeometry(source: PixelRect(x: 0, y: 0, width: 80, height: 120),
                                                     destination: PixelRect(x: 40, y: 30, width: 80, height: 120)))
    }

    /// Records what the plane route tells frame observers (a VNC server draws it for viewers).
    @MainActor
    final class PlaneMirror: FrameObserver {
        var shown: [(frame: Surface, source: PixelRect, destination: PixelRect)] = []
        var clears = 0
        func application(_ application: Application, didPresent scene: Surface, damage: Region, rotation: ScreenRotation) {}
        func application(_ application: Application, planeDidShow frame: Surface, source: PixelRect, destination: PixelRect) {
            shown.append((frame, source, destination))
        }
        func applicationPlaneDidClear(_ application: Application) { clears += 1 }
    }

    @Test func frameObserversAreToldWhatThePlaneShowsWhereAndWhenItGoes() throws {
        let rig = try Rig()
        let mirror = PlaneMirror()
        rig.app.addFrameObserver(mirror)
        try rig.play(until: 3)
        rig.player.pause()
        rig.settle()
        let plane = try #require(rig.display.planes.first)
        #expect(mirror.shown.count == plane.framesSet, "every frame on the plane")
        #expect(mirror.shown.last?.frame === rig.player.currentFrame)
        #expect(mirror.shown.last?.source == PixelRect(x: 0, y: 0, width: 160, height: 120))
        #expect(mirror.shown.last?.destination == PixelRect(x: 40, y: 30, width: 160, height: 120))
        // Moved: the plane moves, and the observers hear where.
        rig.view.frame = Rect(x: 200, y: 150, width: 160, height: 120)
        rig.settle()
        #expect(mirror.shown.last?.destination == PixelRect(x: 200, y: 150, width: 160, height: 120))
        #expect(mirror.clears == 0)
        // Off the plane: the observers forget it.
        rig.view.alpha = 0.5
        rig.settle()
        #expect(!rig.view.isOnDisplayPlane)
        #expect(mirror.clears == 1)
    }
}
