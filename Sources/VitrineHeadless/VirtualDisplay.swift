import Vitrine
import VitrineGraphics

/// The headless display: presents frames on a simulated vblank of the run loop's clock and
/// keeps two or three buffers whose ages it reports exactly as a DRM display does.
///
/// Vblanks fall on multiples of the refresh period (`1 / mode.refreshRate`). A presented frame
/// flips at the first vblank strictly after the present; until then `isFlipPending` is true.
/// It records what it was given, for tests.
@MainActor
public final class VirtualDisplay: Display {
    /// The mode (pixels and refresh).
    public let mode: DisplayMode
    /// How many buffers it cycles through (2 or 3).
    public let bufferCount: Int
    /// Called at each vblank that completed a flip or was requested.
    public var frameHandler: (@MainActor (FrameTiming) -> Void)?
    /// Whether a presented frame waits for its vblank.
    public private(set) var isFlipPending = false
    /// Frames presented so far.
    public private(set) var presentCount = 0
    /// The damage passed to each `present(damage:)`, oldest first (pixels).
    public private(set) var presentedDamage: [[Rect]] = []
    /// Vblank callbacks delivered so far.
    public private(set) var frameCount: UInt64 = 0
    /// Frame callbacks asked for with `requestFrame()` and not yet delivered.
    public private(set) var isFrameRequested = false

    private let runLoop: any RunLoop
    private var vblankTimer: Timer?
    /// For each buffer, the number of the present that last filled it (nil: never).
    private var lastFilled: [Int?]
    /// The buffer the next frame will be drawn into.
    private var backBuffer = 0

    /// Creates a display of `mode` on `runLoop`'s clock with `bufferCount` buffers.
    public init(mode: DisplayMode = DisplayMode(width: 800, height: 480), runLoop: any RunLoop, bufferCount: Int = 2) {
        precondition((2...3).contains(bufferCount), "a VirtualDisplay has 2 or 3 buffers")
        self.mode = mode
        self.runLoop = runLoop
        self.bufferCount = bufferCount
        self.lastFilled = Array(repeating: nil, count: bufferCount)
    }

    /// The refresh period in seconds.
    public var refreshPeriod: Double { 1 / mode.refreshRate }

    /// Age of the back buffer: 1 when it holds the last frame, 2 the one before…; 0 when it
    /// was never filled.
    public var bufferAge: Int {
        guard let filled = lastFilled[backBuffer] else { return 0 }
        return presentCount - filled + 1
    }

    /// Queues a frame for the next vblank.
    public func present(damage: [Rect]) {
        precondition(!isFlipPending, "present(damage:) while a flip is pending: wait for the frame callback")
        precondition(!damage.isEmpty, "present(damage:) with no damage: nothing changed, nothing should be presented")
        presentCount += 1
        presentedDamage.append(damage)
        lastFilled[backBuffer] = presentCount
        backBuffer = (backBuffer + 1) % bufferCount
        isFlipPending = true
        armVblank()
    }

    /// Asks for a frame callback at the next vblank.
    public func requestFrame() {
        isFrameRequested = true
        armVblank()
    }

    private func armVblank() {
        guard vblankTimer == nil else { return }
        let now = runLoop.clock.now
        // The first vblank strictly after `now`. `now / period` is only nearly an integer when
        // `now` is itself a vblank (1/60 is not exact in binary): rounding down could pick that
        // same vblank and flip at once, so correct the index against the times it stands for.
        var index = (now / refreshPeriod).rounded(.down)
        if vblankTime(index) > now { index -= 1 }
        while vblankTime(index + 1) <= now { index += 1 }
        // Armed at the exact vblank time (not `now + delay`, which would drift off the grid).
        let timer = Timer(fireDate: vblankTime(index + 1)) { [weak self] _ in self?.vblank() }
        vblankTimer = timer
        timer.schedule(on: runLoop)
    }

    /// The time of vblank number `index`: `index / refreshRate`, correctly rounded.
    private func vblankTime(_ index: Double) -> Double {
        index / mode.refreshRate
    }

    private func vblank() {
        vblankTimer = nil
        guard isFlipPending || isFrameRequested else { return }
        isFlipPending = false
        isFrameRequested = false
        frameCount += 1
        let now = runLoop.clock.now
        frameHandler?(FrameTiming(timestamp: now, targetTimestamp: now + refreshPeriod, sequence: frameCount))
    }
}
