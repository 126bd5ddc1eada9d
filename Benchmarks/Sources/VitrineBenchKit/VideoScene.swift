import Glibc
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineVideo

/// A 1080p30 video filling a 1920×1080 headless screen (issue 36): a `VideoPlayer` playing a
/// clip of GStreamer's moving ball (`VideoItem.writeTestPattern`, 1920×1080 at 30 frames a
/// second, made once in /tmp) in a `VideoView` the size of the screen, looping.
///
/// GStreamer decodes and converts on its own threads in real time, as in an app; what a
/// benchmark measures is the main thread's handling of each frame as it arrives
/// (`showFrame()`): the wake (the player's eventfd readable, one turn of the loop), taking the
/// newest frame, then either the plane's commit (one copy of the frame into the plane's buffer)
/// or the UI's commit (the view redrawn, its rectangle composed and presented), and the
/// vblank that completes it. Waiting for the frame (`waitForFrame()`) is not measured.
///
/// The display is the headless display wrapped in `BenchVideoPlaneDisplay`, which offers a
/// video plane modelled on `DRMDisplay`'s (the frame kept at `setFrame`, copied into the buffer
/// not on screen at the end of the turn when nothing is in flight, the flip completed at the
/// next vblank). Two ways to the screen (`path`):
/// - `.plane`: the view is opaque and uncovered, so the frames go to the plane;
/// - `.composited`: the view does not allow a plane (`allowsDisplayPlane` false), as on a
///   display without one.
///
/// One scene per process at a time: the video view finds the display through the most
/// recently created `Application` (`isCurrent` says whether that is still this scene's).
///
/// The loop is a `ManualMainLoop` whose descriptors are not real: when the player's eventfd
/// is readable (polled), one turn delivers it, as the epoll loop would wake for it. Each turn
/// of the loop stands for one wake-up of a real loop (`turnCount`).
@MainActor
public final class VideoScene {
    /// Which way the frames go to the screen.
    public enum Path: String, Sendable, CaseIterable {
        /// On a display plane: the UI composes nothing for a frame.
        case plane
        /// Composited: the view's rectangle is drawn, composed and presented per frame.
        case composited
    }

    /// What the main thread did for one frame shown.
    public struct FrameCost: Sendable, Hashable {
        /// Scene pixels the UI composed (0 on a plane).
        public var pixelsComposed = 0
        /// Bytes copied into display memory: the UI's present, or the frame into the plane's buffer.
        public var bytesCopied = 0
        /// Views whose `draw(_:in:)` ran.
        public var viewsDrawn = 0
        /// Turns of the loop (wake-ups of a real loop) from the frame's wake to its vblank.
        public var wakeUps = 0
        /// Frames the player took (1, unless a frame was lost on the way).
        public var framesShown = 0
    }

    /// The frame's size and the screen's.
    public static let width = 1920
    /// The frame's height and the screen's.
    public static let height = 1080

    /// The way to the screen: the next frames go this way.
    public var path: Path {
        didSet { view.allowsDisplayPlane = path == .plane }
    }
    /// The headless backends (1920×1080; a `ManualMainLoop`).
    public let platform: HeadlessPlatform
    /// The display, which offers the plane.
    public let planeDisplay: BenchVideoPlaneDisplay
    /// The application.
    public let application: Application
    /// The player.
    public let player: VideoPlayer
    /// The view showing it, the size of the screen.
    public let view: VideoView
    /// The player's wake descriptor (the eventfd the loop watches).
    public let wakeDescriptor: Int32

    private var loop: ManualMainLoop { platform.manualMainLoop }

    /// Where the clip is written (once; reused by later runs).
    public static let clipPath = "/tmp/vitrine-bench-ball-1920x1080-30fps-4s.webm"

    /// Builds the scene, starts the clip looping and waits for its first frames (up to 30
    /// seconds of real time, the clip's first making included). Throws when GStreamer cannot
    /// make or play the clip, or no frame comes.
    public init(path: Path) throws {
        self.path = path
        platform = HeadlessPlatform(mode: DisplayMode(width: Self.width, height: Self.height))
        planeDisplay = BenchVideoPlaneDisplay(inner: platform.virtualDisplay, mainLoop: platform.manualMainLoop)
        application = Application(mainLoop: platform.manualMainLoop, display: planeDisplay)
        let window = Window(frame: application.screen.bounds)
        window.backgroundColor = .white
        window.makeKeyAndVisible(in: application)
        let watching = WatchRecordingLoop(platform.manualMainLoop)
        player = try VideoPlayer(mainLoop: watching)
        guard let descriptor = watching.watchedDescriptors.last else { throw VideoSceneError.noWake }
        wakeDescriptor = descriptor
        view = VideoView(frame: application.screen.bounds)
        view.allowsDisplayPlane = path == .plane
        view.player = player
        window.addSubview(view)
        platform.manualMainLoop.advance(by: 0.1)
        let item: VideoItem
        if access(Self.clipPath, R_OK) == 0 {
            item = VideoItem(path: Self.clipPath)
        } else {
            // Written next to its final name and renamed, so that a run stopped half-way
            // leaves no cut-short clip behind.
            let partial = Self.clipPath + ".part"
            _ = try VideoItem.writeTestPattern(.ball, seconds: 4, width: Self.width, height: Self.height, to: partial)
            guard rename(partial, Self.clipPath) == 0 else { throw VideoSceneError.clip(Self.clipPath) }
            item = VideoItem(path: Self.clipPath)
        }
        player.isLooping = true
        player.replaceCurrentItem(with: item)
        player.play()
        for _ in 0..<5 {
            guard waitForFrame(milliseconds: 30_000) else { throw VideoSceneError.noFrame(player.status) }
            showFrame()
        }
        if path == .plane && !view.isOnDisplayPlane { throw VideoSceneError.notOnPlane }
    }

    /// Whether this scene's application is the most recently created one, whose display the
    /// video view asks for a plane.
    public var isCurrent: Bool { Application.shared === application }

    /// Blocks until the player has a frame for the main thread (its eventfd readable), at most
    /// `milliseconds`; true when it has. Not a frame's cost: outside the measured region.
    @discardableResult
    public func waitForFrame(milliseconds: Int32 = 1_000) -> Bool {
        var entry = pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) > 0
    }

    /// The main thread's handling of the frame waiting (see the type): the turn the eventfd
    /// wakes (the frame taken, set on the plane or the view marked; the end-of-turn commit),
    /// then the vblank that completes the flip. Returns what it cost.
    @discardableResult
    public func showFrame() -> FrameCost {
        let turns = loop.turnCount, shown = player.framesShown
        let presents = application.statistics.presents, drawn = application.statistics.viewsDrawn
        let planeBytes = planeDisplay.bytesCopied
        loop.setReadiness(.readable, of: wakeDescriptor)
        loop.runTurn()
        loop.setReadiness([], of: wakeDescriptor)
        loop.advance(by: platform.virtualDisplay.refreshPeriod)
        var cost = FrameCost()
        if application.statistics.presents != presents {
            cost.pixelsComposed = application.statistics.lastFrame.pixelsComposed
            cost.bytesCopied = application.statistics.lastFrame.bytesCopied
        }
        cost.bytesCopied += planeDisplay.bytesCopied - planeBytes
        cost.viewsDrawn = application.statistics.viewsDrawn - drawn
        cost.wakeUps = loop.turnCount - turns
        cost.framesShown = player.framesShown - shown
        return cost
    }

    /// Pauses, lets the frame GStreamer pauses on arrive and be shown, then counts the
    /// wake-ups of `seconds` of real time: each time the eventfd became readable, and each
    /// turn the loop ran for its timers meanwhile (the manual clock moved on as far). Plays
    /// again before returning.
    public func wakeUpsWhilePaused(seconds: Double) -> Int {
        player.pause()
        // The pause's own frame and messages.
        while waitForFrame(milliseconds: 300) { showFrame() }
        loop.advance(by: 0.5)
        let turns = loop.turnCount
        var wakes = 0
        let end = Self.monotonicNow() + seconds
        while true {
            let left = end - Self.monotonicNow()
            guard left > 0 else { break }
            if waitForFrame(milliseconds: Int32(left * 1000) + 1) {
                wakes += 1
                showFrame()
            }
        }
        loop.advance(by: seconds)
        let timerTurns = loop.turnCount - turns
        player.play()
        return max(wakes, timerTurns)
    }

    private static func monotonicNow() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// Why a `VideoScene` could not be built.
public enum VideoSceneError: Error, CustomStringConvertible {
    case noWake
    case clip(String)
    case noFrame(VideoPlayer.Status)
    case notOnPlane

    public var description: String {
        switch self {
        case .noWake: "the player watched no descriptor on the loop"
        case .clip(let path): "cannot write the clip \(path): check /tmp is writable"
        case .noFrame(let status): "no video frame came in 30 s (player \(status)): is gstreamer1.0-plugins-good installed?"
        case .notOnPlane: "the video did not go to the bench display's plane"
        }
    }
}

/// A `MainLoop` that forwards to a `ManualMainLoop` and records the descriptors watched: how
/// the scene learns the player's eventfd without any API of the player's for it.
@MainActor
final class WatchRecordingLoop: MainLoop {
    let inner: ManualMainLoop
    private(set) var watchedDescriptors: [Int32] = []

    init(_ inner: ManualMainLoop) { self.inner = inner }

    var clock: any TimeSource { inner.clock }
    func addInputSource(_ source: any InputSource, handler: @escaping @MainActor (InputEvent) -> Void) {
        inner.addInputSource(source, handler: handler)
    }
    func removeInputSource(_ source: any InputSource) { inner.removeInputSource(source) }
    func watch(_ descriptor: Int32, events: DescriptorEvents,
               _ handler: @escaping @MainActor (DescriptorEvents) -> Void) throws(DescriptorWatchError) -> DescriptorWatch {
        watchedDescriptors.append(descriptor)
        return try inner.watch(descriptor, events: events, handler)
    }
    func add(_ timer: LoopTimer) { inner.add(timer) }
    func remove(_ timer: LoopTimer) { inner.remove(timer) }
    func addBeforeWaitingObserver(_ body: @escaping @MainActor () -> Void) { inner.addBeforeWaitingObserver(body) }
    func wakeUp() { inner.wakeUp() }
    func run() { inner.run() }
    func stop() { inner.stop() }
}
