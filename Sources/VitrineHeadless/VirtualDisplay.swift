import VitrineSeams
import VitrineGraphics

/// The headless display: presents frames on a simulated vblank of the run loop's clock into
/// two or three real pixel buffers, whose ages it reports exactly as a DRM display does.
///
/// Vblanks fall on multiples of the refresh period (`1 / mode.refreshRate`). A presented frame
/// flips at the first vblank strictly after the present; until then `isFlipPending` is true.
/// Buffers are panel-sized (`mode`, unrotated) in `pixelFormat`; a present copies the scene into
/// the back buffer through `rotation` as a DRM display without plane rotation does. It records
/// what it was given, for tests. `setMode(_:)` changes the mode as a monitor swap (or a resized
/// desktop window) does, through `modeDidChange`.
@MainActor
public final class VirtualDisplay: Display {
    /// The mode (pixels of the unrotated panel, and refresh); changed by `setMode(_:)`.
    public private(set) var mode: DisplayMode
    /// How the scene is turned on the panel (changed by `setRotation`).
    public private(set) var rotation: ScreenRotation
    /// The format of the buffers.
    public let pixelFormat: PixelFormat
    /// How many buffers it cycles through: 2 or 3 as a DRM display, or 1 (a panel drawn in
    /// place, as small SPI panels are; its age is always 1 once filled).
    public let bufferCount: Int
    /// Called at each vblank that completed a flip or was requested.
    public var frameHandler: (@MainActor (FrameTiming) -> Void)?
    /// Called when the panel is turned on again: its picture must be repainted whole.
    public var needsFullRepaint: (@MainActor () -> Void)?
    /// Called when `setMode(_:)` changed the mode (buffers remade, ages unknown), at once or,
    /// with a flip in flight, at its vblank just before the frame callback.
    public var modeDidChange: (@MainActor (DisplayMode) -> Void)?
    /// A mode `setMode(_:)` was given while a flip was in flight, applied at its vblank.
    public private(set) var pendingMode: DisplayMode?
    /// Whether a presented frame waits for its vblank.
    public private(set) var isFlipPending = false
    /// Whether the panel is on (a display that is off presents nothing).
    public private(set) var isPoweredOn = true
    /// Frames presented so far.
    public var presentCount: Int { ages.presentCount }
    /// The damage of each present (scene pixels), oldest first (rebuilt on each read: the
    /// presents are recorded as rectangles, so that recording neither allocates per frame nor
    /// shares the compositor's regions).
    public var presentedDamage: [Region] { damageLog.regions }
    /// The area copied into the back buffer by each present (scene pixels), oldest first
    /// (rebuilt on each read, as `presentedDamage`).
    public var presentedCopies: [Region] { copyLog.regions }
    /// Bytes written into buffers by the last present.
    public private(set) var lastBytesCopied = 0
    /// Vblank callbacks delivered so far.
    public private(set) var frameCount: UInt64 = 0
    /// Frame callbacks asked for with `requestFrame()` and not yet delivered.
    public private(set) var isFrameRequested = false
    /// Every power change, oldest first: the time (on the loop's clock) and whether it turned
    /// the panel on. What the tests of the idle timer and the lid read.
    public private(set) var powerChanges: [(time: Double, isOn: Bool)] = []

    private let mainLoop: any MainLoop
    private var damageLog = RegionLog(), copyLog = RegionLog()
    /// What this frame copied ahead of its present (`copyAhead(from:rect:)`).
    private var ahead = CopyAhead()
    /// Whether `copyAhead(from:rect:)` copies (true) or declines, as a display without it
    /// does; for tests of both paths.
    public var copiesAhead = true
    /// Bytes the last present's frame copied ahead of it (part of `lastBytesCopied`).
    public private(set) var lastBytesCopiedAhead = 0
    /// Pixels the last present's frame moved and wrote out in one pass
    /// (`moveCopyingAhead(in:rect:dx:dy:)`); 0 when it moved none that way.
    public var lastPixelsMovedAhead: Int { ahead.lastPixelsMoved }
    private var vblankTimer: LoopTimer?
    /// The buffers, made at the first present (a display never presented to costs no memory).
    private var buffers: [Surface] = []
    /// Which buffer is drawn next, and the age of each.
    private var ages: BufferAges
    /// The buffer on screen (nil before the first flip).
    private var shownIndex: Int?
    /// The buffer waiting for its vblank.
    private var pendingIndex: Int?

    /// Creates a display of `mode` on `mainLoop`'s clock with `bufferCount` buffers of
    /// `pixelFormat`, showing the scene turned by `rotation`.
    public init(mode: DisplayMode = DisplayMode(width: 800, height: 480), mainLoop: any MainLoop, bufferCount: Int = 2,
                rotation: ScreenRotation = .none, pixelFormat: PixelFormat = .xrgb8888) {
        precondition((1...3).contains(bufferCount), "a VirtualDisplay has 1, 2 or 3 buffers")
        precondition(pixelFormat != .a8, "a VirtualDisplay shows colour: XRGB8888, ARGB8888 or RGB565")
        self.mode = mode
        self.mainLoop = mainLoop
        self.bufferCount = bufferCount
        self.rotation = rotation
        self.pixelFormat = pixelFormat
        self.ages = BufferAges(count: bufferCount)
    }

    /// The buffer on screen now (panel pixels), or nil before the first flip (and after a mode
    /// change, until the next flip). Tests read it; a real display's scanout memory is never read.
    public var shownBuffer: Surface? { shownIndex.map { buffers[$0] } }

    /// The refresh period in seconds.
    public var refreshPeriod: Double { 1 / mode.refreshRate }

    /// Age of the back buffer: 1 when it holds the last frame, 2 the one before…; 0 when it
    /// was never filled.
    public var bufferAge: Int { ages.age }

    /// Copies `copying` from `scene` into the back buffer (turned by `rotation`) and queues it
    /// for the next vblank. Returns the bytes written.
    @discardableResult
    public func present(scene: Surface, copying: Region, damage: Region) -> Int {
        precondition(!isFlipPending, "present while a flip is pending: wait for the frame callback")
        precondition(!copying.isEmpty && !damage.isEmpty, "present with no damage: nothing changed, nothing should be presented")
        precondition(copying.isSuperset(of: damage), "present: the damage \(damage) is not inside the copied area \(copying)")
        let size = sceneSize
        precondition(scene.width == size.width && scene.height == size.height,
                     "present: the scene is \(scene.width)×\(scene.height), the display shows \(size.width)×\(size.height)")
        guard isPoweredOn else { return 0 }
        makeBuffersIfNeeded()
        lastBytesCopiedAhead = ahead.bytes
        lastBytesCopied = ahead.present(copying, from: scene, into: buffers[ages.back], rotation: rotation)
        damageLog.append(damage)
        copyLog.append(copying)
        pendingIndex = ages.fillBack()
        isFlipPending = true
        armVblank()
        return lastBytesCopied
    }

    /// Copies `rect` of `scene` into the back buffer ahead of this frame's present (see
    /// `Display.copyAhead(from:rect:)`); declines while a flip is pending, while off, for a
    /// scene of another size, or when `copiesAhead` is false.
    public func copyAhead(from scene: Surface, rect: PixelRect) -> Bool {
        let size = sceneSize
        guard copiesAhead, !isFlipPending, isPoweredOn, scene.width == size.width, scene.height == size.height else { return false }
        makeBuffersIfNeeded()
        ahead.copy(rect, from: scene, into: buffers[ages.back], rotation: rotation)
        return true
    }

    /// Moves `rect` of `scene` and writes the moved pixels into the back buffer in one pass
    /// (see `Display.moveCopyingAhead(in:rect:dx:dy:)`); declines as `copyAhead` does, and
    /// for a turned picture.
    public func moveCopyingAhead(in scene: Surface, rect: PixelRect, dx: Int, dy: Int) -> Int? {
        let size = sceneSize
        guard copiesAhead, !isFlipPending, isPoweredOn, scene.width == size.width, scene.height == size.height else { return nil }
        makeBuffersIfNeeded()
        return ahead.move(rect, dx: dx, dy: dy, in: scene, into: buffers[ages.back], rotation: rotation)
    }

    private func makeBuffersIfNeeded() {
        if buffers.isEmpty {
            // Scanout buffers as a DRM display's are: nothing on the CPU reads them back (but a
            // test), so a frame streams into them past the cache (`Surface.isScanout`).
            buffers = (0..<bufferCount).map { _ in Surface(width: mode.width, height: mode.height, format: pixelFormat, isScanout: true) }
        }
    }

    /// Turns the panel off or on. Off: pending frames still complete, nothing new is shown.
    /// On again: every buffer's age is unknown, as after a DRM modeset.
    public func setPower(_ on: Bool) {
        guard on != isPoweredOn else { return }
        isPoweredOn = on
        powerChanges.append((mainLoop.clock.now, on))
        if on {
            ages.forget()
            needsFullRepaint?()
            if isFrameRequested { armVblank() }
        }
    }

    /// Turns the picture: the panel-sized buffers stay, the copy turns the scene the new way,
    /// and every buffer's age is unknown (the next present copies the whole scene).
    public func setRotation(_ rotation: ScreenRotation) -> Bool {
        precondition(!isFlipPending, "setRotation while a flip is pending: wait for the frame callback")
        guard rotation != self.rotation else { return true }
        self.rotation = rotation
        ages.forget()
        ahead.reset()
        return true
    }

    /// Changes the panel's mode, as a monitor swapped on the connector (or a desktop window
    /// resized) does: the buffers are remade at the new size (at the next present), every
    /// buffer's age becomes unknown, vblanks follow the new refresh rate and `modeDidChange` is
    /// called. With a flip in flight the change waits for its vblank (the buffer being shown
    /// stays until then) and happens just before that frame callback; a later call before it
    /// replaces the waiting mode. The same mode changes nothing. Throws, changing nothing, for
    /// a mode no display can show (a side of 0, absurd sizes or refresh rates).
    public func setMode(_ newMode: DisplayMode) throws(DisplayModeError) {
        try newMode.checkUsable()
        guard !isFlipPending else {
            pendingMode = newMode == mode ? nil : newMode
            return
        }
        applyMode(newMode)
    }

    private func applyMode(_ newMode: DisplayMode) {
        pendingMode = nil
        guard newMode != mode else { return }
        mode = newMode
        buffers = []
        ahead.reset()
        ages.restart()
        shownIndex = nil
        pendingIndex = nil
        if let vblankTimer, vblankTimer.isValid {
            // A requested frame waits for a vblank of the old refresh: move it onto the new grid.
            vblankTimer.invalidate()
            armVblank()
        }
        modeDidChange?(newMode)
    }

    /// Asks for a frame callback at the next vblank. While the panel is off no vblank comes
    /// (as on DRM): the request is served once it is on again.
    public func requestFrame() {
        isFrameRequested = true
        if isPoweredOn { armVblank() }
    }

    /// Arms the vblank timer (made once and re-armed, so that a frame allocates nothing here)
    /// unless it is armed already.
    private func armVblank() {
        if let vblankTimer, vblankTimer.isValid { return }
        let now = mainLoop.clock.now
        // The first vblank strictly after `now`. `now / period` is only nearly an integer when
        // `now` is itself a vblank (1/60 is not exact in binary): rounding down could pick that
        // same vblank and flip at once, so correct the index against the times it stands for.
        var index = (now / refreshPeriod).rounded(.down)
        if vblankTime(index) > now { index -= 1 }
        while vblankTime(index + 1) <= now { index += 1 }
        // Armed at the exact vblank time (not `now + delay`, which would drift off the grid).
        if let vblankTimer {
            vblankTimer.rearm(at: vblankTime(index + 1))
            return
        }
        let timer = LoopTimer(fireDate: vblankTime(index + 1)) { [weak self] _ in self?.vblank() }
        vblankTimer = timer
        timer.schedule(on: mainLoop)
    }

    /// The time of vblank number `index`: `index / refreshRate`, correctly rounded.
    private func vblankTime(_ index: Double) -> Double {
        index / mode.refreshRate
    }

    private func vblank() {
        guard isFlipPending || isFrameRequested else { return }
        // Off: a flip in flight still completes; a mere request waits for the panel.
        guard isPoweredOn || isFlipPending else { return }
        if let pendingIndex { shownIndex = pendingIndex }
        pendingIndex = nil
        isFlipPending = false
        if let pendingMode { applyMode(pendingMode) }
        isFrameRequested = false
        frameCount += 1
        let now = mainLoop.clock.now
        frameHandler?(FrameTiming(timestamp: now, targetTimestamp: now + refreshPeriod, sequence: frameCount))
    }
}
