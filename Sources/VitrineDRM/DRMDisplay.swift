import Logging
import SystemPackage
import VitrineSeams
import VitrineGraphics

/// The display on a DRM/KMS device: dumb buffers flipped on vblank, atomic when the driver
/// can (FB_DAMAGE_CLIPS, plane rotation), legacy SetCrtc + PageFlip (+ DirtyFB) otherwise.
///
/// Follows the `Display` contract. Besides:
/// - **Spaces.** Buffers are panel-sized (`mode`) and the copy turns the scene by `rotation`,
///   unless the primary plane rotates in hardware (`usesPlaneRotation`): then buffers are
///   scene-sized, the copy is straight and the plane's `rotation` property turns the picture.
///   FB_DAMAGE_CLIPS are in buffer pixels either way.
/// - **Timing.** The flip event's vblank timestamp (CLOCK_MONOTONIC, the clock of the epoll run
///   loop) is `FrameTiming.timestamp`. The DRM descriptor is a source of the run loop given at
///   creation; events are read when it is readable.
/// - **One flip in flight.** A present commits at once (the first one modesets); EBUSY keeps the
///   frame and commits it again at the next vblank, never reaching the app. A `requestFrame()`
///   while idle asks the kernel for one vblank event (drmWaitVBlank): it works on the atomic and
///   the legacy path alike and, unlike an empty atomic commit, occupies no flip slot, so a
///   present right after it is not refused. A request while a flip is in flight is answered by
///   that flip's event. Each flip and vblank request carries a token of its own as user data
///   (`KMSEventTokens`): an event carrying another (another display's, a test commit's, a
///   leftover) completes nothing.
/// - **Commit paths.** Atomic and legacy calls live behind `KMSCommitPath`
///   (`AtomicCommitPath`, `LegacyCommitPath`); the state machine is the display's, held as one
///   value (`DRMDisplayState`), in DRMDisplay+Frames.swift; hotplug and session changes are in
///   DRMDisplay+Hotplug.swift.
/// - **Life.** The CRTC's configuration is saved at creation and put back by `restore()` (or
///   deinit), which then releases every buffer and drops DRM master.
/// - **Hotplug.** `handleHotplug()` (called by `DRMHotplugMonitor` on udev `drm` change events)
///   re-probes the connector: unplugged, the display stops presenting (`isPoweredOn` is false);
///   plugged again, it re-chooses the mode (new buffers if it changed, then `modeDidChange`),
///   modesets at the next present, makes every buffer age 0 and calls `needsFullRepaint`. A
///   mode Vitrine cannot show (0×0 from a broken EDID, absurd sizes or refresh) is refused with
///   a log line: the next best mode of the connector is used, else the old one is kept.
@MainActor
public final class DRMDisplay: Display {
    /// How to set the display up; the board profile's display section.
    public struct Configuration: Sendable, Hashable {
        /// The connector to drive (`HDMI-A-1`, `DSI-1`), or nil for the first connected.
        public var connectorName: String?
        /// The mode to use, or nil for the preferred (else the largest).
        public var mode: ModeRequest?
        /// How the scene is turned on the panel.
        public var rotation: ScreenRotation
        /// The scanout format: `.xrgb8888` (default) or `.rgb565`.
        public var pixelFormat: PixelFormat
        /// Buffers to cycle through: 2 (default) or 3.
        public var bufferCount: Int
        /// Whether to use atomic modesetting when the driver offers it.
        public var modesetting: Modesetting
        /// Whether the plane may rotate in hardware when it supports the rotation.
        public var allowsPlaneRotation: Bool

        /// Creates a configuration.
        public init(connectorName: String? = nil, mode: ModeRequest? = nil, rotation: ScreenRotation = .none,
                    pixelFormat: PixelFormat = .xrgb8888, bufferCount: Int = 2, modesetting: Modesetting = .automatic,
                    allowsPlaneRotation: Bool = true) {
            self.connectorName = connectorName
            self.mode = mode
            self.rotation = rotation
            self.pixelFormat = pixelFormat
            self.bufferCount = bufferCount
            self.modesetting = modesetting
            self.allowsPlaneRotation = allowsPlaneRotation
        }
    }

    /// Which modesetting API to use.
    public enum Modesetting: Sendable, Hashable {
        /// Atomic when the driver accepts the atomic client capability, else legacy.
        case automatic
        /// Legacy SetCrtc and PageFlip even when atomic is offered (to test the fallback).
        case legacy
    }

    // MARK: Display

    /// The panel's mode (unrotated pixels, refresh).
    public internal(set) var mode: DisplayMode
    /// How the scene is turned on the panel (the configuration's, until `setRotation`).
    public private(set) var rotation: ScreenRotation
    /// The format of the scanout buffers.
    public let pixelFormat: PixelFormat
    /// Called on the main actor once per completed flip or requested vblank.
    public var frameHandler: (@MainActor (FrameTiming) -> Void)?

    /// Age of the back buffer: 1 when it holds the previous frame, 2 the one before…; 0 when
    /// unknown (never filled, or since a modeset or power-on).
    public var bufferAge: Int { ages.age }

    /// Whether a presented frame has not reached the screen yet (in flight, or waiting to be
    /// committed again after EBUSY).
    public var isFlipPending: Bool { state.flip != .idle }

    /// Whether the panel is on, connected and the session active: otherwise presents are ignored.
    public var isPoweredOn: Bool { !state.holds.contains(.poweredOff) && isConnected && !isPaused }

    // MARK: DRM

    /// The device (libdrm, or a fake in tests).
    package let device: any KMSDevice
    /// What is driven: connector, mode, encoder, CRTC, plane.
    package internal(set) var pipeline: KMSPipeline
    /// Whether commits are atomic (else legacy SetCrtc + PageFlip).
    public var usesAtomic: Bool { commitPath.isAtomic }
    /// Whether the primary plane turns the picture (else the copy does).
    public internal(set) var usesPlaneRotation: Bool
    /// Whether frames carry FB_DAMAGE_CLIPS (atomic, and the plane has the property).
    public let sendsDamageClips: Bool
    /// How many buffers it cycles through.
    public let bufferCount: Int
    /// The page flip's state.
    public var pageFlip: PageFlip { state.publicFlip }
    /// Whether the connector has a sink (false after an unplug, until it is plugged again).
    public var isConnected: Bool { !state.holds.contains(.unplugged) }
    /// Frames presented so far.
    public var presentCount: Int { ages.presentCount }
    /// Frame callbacks delivered so far (`FrameTiming.sequence` of the last one).
    public internal(set) var frameCount: UInt64 = 0
    /// Whether a `requestFrame()` waits for its vblank.
    public var isFrameRequested: Bool { state.isFrameRequested }
    /// Whether `restore()` has run.
    public var isRestored: Bool { state.holds.contains(.restored) }
    /// Whether the session is paused (`pause()`: switched to another VT).
    public var isPaused: Bool { state.holds.contains(.switchedAway) }

    /// Called after a hotplug changed the mode (new buffers, new size, ages 0), as the `Display`
    /// contract says: the app must lay out for `mode` (turned by `rotation`) and repaint. Nil:
    /// nobody is told.
    public var modeDidChange: (@MainActor (DisplayMode) -> Void)?
    /// Called when the screen must be repainted in full because what it showed is gone (the
    /// connector came back; scanout restarts from buffers of unknown age). The platform marks
    /// every window dirty here. Without a present nothing is shown.
    public var needsFullRepaint: (@MainActor () -> Void)?

    /// The udev monitor watching for connector changes, when one was attached.
    package var hotplugMonitor: DRMHotplugMonitor?

    let configuration: Configuration
    let fourcc: UInt32
    let mainLoop: any MainLoop
    let logger: Logger
    var eventWatch: DescriptorWatch?
    let properties: AtomicPropertyIDs?
    let saved: SavedConfiguration
    let timestampsAreMonotonic: Bool
    /// How commits reach the kernel: atomic or legacy.
    let commitPath: any KMSCommitPath

    /// The flip cycle, the CRTC, what holds presenting back, frame requests: one value.
    var state = DRMDisplayState()
    /// The user data of each event asked for.
    var tokens = KMSEventTokens()
    var buffers: [ScanoutBuffer] = []
    /// Which buffer is drawn next, and the age of each.
    var ages: BufferAges
    /// The clips of the frame being committed (framebuffer pixels), storage kept across frames.
    var clips: [PixelRect] = []
    /// What this frame copied ahead of its present (`copyAhead(from:rect:)`).
    var ahead = CopyAhead()
    /// Video on a plane of its own (DRMDisplay+VideoPlane.swift).
    var video = VideoPlaneSlot()
    /// Pixels the last present's frame moved and wrote out in one pass
    /// (`moveCopyingAhead(in:rect:dx:dy:)`); 0 when it moved none that way.
    public var lastPixelsMovedAhead: Int { ahead.lastPixelsMoved }

    /// Opens `path` (or the first card with a connected connector when nil), takes DRM master,
    /// chooses the pipeline, creates the buffers, watches the descriptor on `mainLoop` and, when
    /// udev is available, connector hotplug. Nothing is shown until the first present.
    public static func open(path: String? = nil, configuration: Configuration = Configuration(), mainLoop: any MainLoop,
                            logger: Logger = Logger(label: "vitrine.drm")) throws(DRMError) -> DRMDisplay {
        let device = if let path { try LibDRMDevice(path: path) } else { try LibDRMDevice.openFirstConnected() }
        return try open(device: device, configuration: configuration, mainLoop: mainLoop, logger: logger)
    }

    /// Sets up a display on an open `device`: takes DRM master, picks atomic or legacy,
    /// chooses the pipeline, saves the CRTC's configuration, creates and maps the buffers and
    /// adds the descriptor to `mainLoop`. Throws a `DRMError` with a remedy.
    package init(device: any KMSDevice, configuration: Configuration = Configuration(), mainLoop: any MainLoop,
                logger: Logger = Logger(label: "vitrine.drm")) throws(DRMError) {
        let path = device.path
        precondition((2...3).contains(configuration.bufferCount), "a DRMDisplay has 2 or 3 buffers")
        guard configuration.pixelFormat == .xrgb8888 || configuration.pixelFormat == .rgb565,
              let fourcc = KMSFourCC.code(for: configuration.pixelFormat) else {
            throw .unsupportedPixelFormat(configuration.pixelFormat.description)
        }
        guard device.isKMS else { throw .notKMS(path: path) }
        if !device.isMaster {
            do { try device.setMaster() } catch { throw DRMError.takingMaster(path, errno: error) }
        }
        guard (try? device.capability(KMSCapability.dumbBuffer)) == 1 else { throw .noDumbBuffers(path: path) }
        // Universal planes show the primary plane (atomic implies them; legacy ignores them).
        _ = try? device.setClientCapability(KMSCapability.universalPlanes, to: 1)
        var atomic = false
        if configuration.modesetting == .automatic {
            atomic = (try? device.setClientCapability(KMSCapability.atomic, to: 1)) != nil
        }
        let description: KMSDeviceDescription
        do { description = try device.describe(supportsAtomic: atomic, probingConnectors: true) } catch {
            throw .systemCall(path: path, operation: "reading the mode objects", errno: error)
        }
        var pipeline = try KMSChoice.pipeline(in: description, connectorName: configuration.connectorName,
                                              request: configuration.mode, fourcc: fourcc, needsPlane: atomic)
        if let request = configuration.mode, !request.matches(pipeline.mode) {
            logger.warning("\(path): \(pipeline.connectorName) offers no mode \(request); using \(pipeline.mode)")
        }
        var properties: AtomicPropertyIDs?
        if atomic {
            properties = AtomicPropertyIDs(description: description, pipeline: pipeline)
            if properties == nil {
                logger.warning("\(path): the driver lacks an atomic property Vitrine needs; using legacy modesetting")
                atomic = false
                pipeline.planeID = nil
            }
        }
        let saved = SavedConfiguration(description: description, pipeline: pipeline)
        if let properties {
            commitPath = AtomicCommitPath(device: device, properties: properties, saved: saved, logger: logger)
        } else {
            commitPath = LegacyCommitPath(device: device, saved: saved, logger: logger)
        }
        self.device = device
        self.configuration = configuration
        self.fourcc = fourcc
        self.mainLoop = mainLoop
        self.logger = logger
        self.pipeline = pipeline
        self.properties = properties
        self.sendsDamageClips = properties?.planeDamageClips != nil
        self.rotation = configuration.rotation
        self.pixelFormat = configuration.pixelFormat
        self.bufferCount = configuration.bufferCount
        self.mode = pipeline.mode.displayMode
        self.ages = BufferAges(count: configuration.bufferCount)
        self.saved = saved
        self.timestampsAreMonotonic = (try? device.capability(KMSCapability.timestampMonotonic)) == 1
        self.usesPlaneRotation = configuration.rotation != .none && configuration.allowsPlaneRotation
            && properties?.rotationValue(for: configuration.rotation) != nil
        do {
            buffers = try makeBuffers()
        } catch {
            throw .systemCall(path: path, operation: "creating the scanout buffers", errno: error)
        }
        if usesPlaneRotation && !planeRotationPassesTest() {
            logger.notice("\(path): the plane refuses \(rotation) in hardware; rotating in software")
            releaseBuffers()
            usesPlaneRotation = false
            do { buffers = try makeBuffers() } catch {
                throw .systemCall(path: path, operation: "creating the scanout buffers", errno: error)
            }
        }
        if atomic {
            let found = VideoOverlay.find(in: description, pipeline: pipeline)
            video.overlay = found.overlay
            video.absence = found.absence
        }
        do {
            eventWatch = try mainLoop.watch(device.fileDescriptor) { [weak self] _ in self?.handleDeviceEvents() }
        } catch {
            throw .systemCall(path: path, operation: "watching the descriptor on the run loop", errno: Errno(rawValue: error.errno))
        }
        logger.info("\(path) (\(description.driver.name)): \(pipeline.connectorName) \(pipeline.mode), CRTC \(pipeline.crtcID), \(atomic ? "atomic" : "legacy"), \(bufferCount) × \(pixelFormat)\(usesPlaneRotation ? ", plane rotation" : "")")
    }

    isolated deinit {
        restore()
    }

    /// The size of a buffer: the panel, or the scene when the plane rotates.
    var bufferSize: (width: Int, height: Int) {
        usesPlaneRotation ? sceneSize : (mode.width, mode.height)
    }

    /// The rotation the copy applies.
    var copyRotation: ScreenRotation { usesPlaneRotation ? .none : rotation }

    /// What a commit shows now.
    var scanoutSetup: ScanoutSetup {
        let size = bufferSize
        return ScanoutSetup(pipeline: pipeline, bufferWidth: size.width, bufferHeight: size.height,
                            planeRotation: usesPlaneRotation ? rotation : .none)
    }

    // MARK: Presenting

    /// Copies `copying` (scene pixels) from `scene` into the back buffer and commits it for the
    /// next vblank (the first present, and the first after a reconnect, modesets). Returns the
    /// bytes written to scanout memory; 0 when the display is off or unplugged.
    @discardableResult
    public func present(scene: Surface, copying: Region, damage: Region) -> Int {
        precondition(!isFlipPending, "present while a flip is pending: wait for the frame callback")
        precondition(!copying.isEmpty && !damage.isEmpty, "present with no damage: nothing changed, nothing should be presented")
        let size = sceneSize
        precondition(scene.width == size.width && scene.height == size.height,
                     "present: the scene is \(scene.width)×\(scene.height), the display shows \(size.width)×\(size.height)")
        guard isPoweredOn, !isRestored, !buffers.isEmpty else {
            ahead.reset()
            return 0
        }
        let written = ahead.present(copying, from: scene, into: buffers[ages.back].surface, rotation: copyRotation)
        commit(buffer: ages.fillBack(), damage: damage)
        return written
    }

    /// Copies `rect` of `scene` into the back buffer ahead of this frame's present (see
    /// `Display.copyAhead(from:rect:)`): written, never read, as the present's copy. Declines
    /// while a flip is pending, while off or unplugged, or for a scene of another size.
    public func copyAhead(from scene: Surface, rect: PixelRect) -> Bool {
        let size = sceneSize
        guard !isFlipPending, isPoweredOn, !isRestored, !buffers.isEmpty,
              scene.width == size.width, scene.height == size.height else { return false }
        ahead.copy(rect, from: scene, into: buffers[ages.back].surface, rotation: copyRotation)
        return true
    }

    /// Moves `rect` of `scene` and writes the moved pixels into the back buffer in one pass
    /// (see `Display.moveCopyingAhead(in:rect:dx:dy:)`); declines as `copyAhead` does, and
    /// for a turned picture.
    public func moveCopyingAhead(in scene: Surface, rect: PixelRect, dx: Int, dy: Int) -> Int? {
        let size = sceneSize
        guard !isFlipPending, isPoweredOn, !isRestored, !buffers.isEmpty,
              scene.width == size.width, scene.height == size.height else { return nil }
        return ahead.move(rect, dx: dx, dy: dy, in: scene, into: buffers[ages.back].surface, rotation: copyRotation)
    }

    /// Asks for one `frameHandler` call at the next vblank, committing nothing. Coalesces with
    /// other requests and with a flip in flight. Ignored while off or unplugged (no vblank
    /// comes); served once the panel is on again.
    public func requestFrame() {
        guard !isRestored else { return }
        state.isFrameRequested = true
        if state.flip == .idle && isPoweredOn { requestVBlankEvent() }
    }

    /// Turns the panel off (CRTC ACTIVE = 0, or DPMS off on the legacy path) or on again. On
    /// again, every buffer's age is 0 and a waiting frame request is served.
    public func setPower(_ on: Bool) {
        guard on == state.holds.contains(.poweredOff), !isRestored else { return }
        if !on {
            // The plane goes off with the CRTC, in the same commit.
            dropVideoPlane(.powerOff)
            prepareVideoPart()
        }
        do {
            guard try commitPath.setActive(on, scanoutSetup) else {
                videoPartRefused()
                logger.warning("\(device.path): \(pipeline.connectorName) has no DPMS property; power unchanged")
                return
            }
            videoBlockingCommitDone()
        } catch {
            videoPartRefused()
            logger.error("\(device.path): turning the display \(on ? "on" : "off") failed: \(error)")
            return
        }
        if on {
            state.holds.remove(.poweredOff)
            ages.forget()
            if isFrameRequested && state.flip == .idle { requestVBlankEvent() }
        } else {
            state.holds.insert(.poweredOff)
        }
    }

    /// Turns the picture to `rotation` (auto-rotation). The plane turns it when it can and the
    /// configuration allows, else the copy does; buffers are remade when their size changes
    /// (scene-sized buffers of a plane rotation across a quarter turn). The next present
    /// modesets, carrying the plane's new rotation, and copies the whole scene. Returns false,
    /// keeping the old rotation, when new buffers cannot be made.
    public func setRotation(_ newRotation: ScreenRotation) -> Bool {
        precondition(state.flip == .idle, "setRotation while a flip is pending: wait for the frame callback")
        guard !isRestored else { return false }
        guard newRotation != rotation else { return true }
        // A plane is offered only upright; the next modeset takes it off.
        dropVideoPlane(.rotation)
        let oldRotation = rotation, oldPlaneRotation = usesPlaneRotation, oldSize = bufferSize
        rotation = newRotation
        usesPlaneRotation = newRotation != .none && configuration.allowsPlaneRotation
            && properties?.rotationValue(for: newRotation) != nil
        if bufferSize != oldSize || (usesPlaneRotation && !planeRotationPassesTest()) {
            if usesPlaneRotation && bufferSize == oldSize {
                // The plane refused the rotation with the buffers as they are: turn in software.
                logger.notice("\(device.path): the plane refuses \(newRotation) in hardware; rotating in software")
                usesPlaneRotation = false
            }
            if bufferSize != oldSize {
                releaseBuffers()
                do {
                    buffers = try makeBuffers()
                } catch {
                    logger.error("\(device.path): new buffers for \(newRotation) failed: \(error); staying at \(oldRotation)")
                    rotation = oldRotation
                    usesPlaneRotation = oldPlaneRotation
                    buffers = (try? makeBuffers()) ?? []
                    ages.forget()
                    needModeset()
                    return false
                }
                ages.restart()
            }
        }
        logger.info("\(device.path): turned to \(newRotation)\(usesPlaneRotation ? " (plane rotation)" : "")")
        ages.forget()
        needModeset()
        return true
    }

    // MARK: Session

    /// The session went away (a VT switch, the seat disabled): stops presenting and, unless
    /// a seat manager (libseat, logind) handles master itself, drops DRM master so the other
    /// session can modeset. A frame in flight still completes.
    public func pause(droppingMaster: Bool = true) {
        guard !isPaused, !isRestored else { return }
        // The other session owns the screen; the resume's modeset takes the plane off.
        dropVideoPlane(.sessionLost)
        state.holds.insert(.switchedAway)
        if droppingMaster { try? device.dropMaster() }
    }

    /// The session is back: takes master again (unless a seat manager gave it back), modesets
    /// at the next present, makes every buffer age 0 and calls `needsFullRepaint`, since the
    /// other session may have changed anything on screen.
    public func resume(takingMaster: Bool = true) throws(DRMError) {
        guard isPaused, !isRestored else { return }
        if takingMaster && !device.isMaster {
            do { try device.setMaster() } catch { throw DRMError.takingMaster(device.path, errno: error) }
        }
        state.holds.remove(.switchedAway)
        needModeset()
        ages.forget()
        needsFullRepaint?()
        if isFrameRequested && state.flip == .idle && isPoweredOn { requestVBlankEvent() }
    }

    /// The next commit modesets (a CRTC never touched stays so until then).
    func needModeset() {
        if state.crtc == .configured { state.crtc = .needsModeset }
    }

    // MARK: Restoring

    /// Puts back the CRTC configuration found at creation (framebuffer, position, mode,
    /// connectors, plane rotation), releases every buffer, stops watching the descriptor and
    /// drops DRM master. Idempotent; deinit calls it. Nothing is shown afterwards.
    public func restore() {
        guard !isRestored else { return }
        let wasSwitchedAway = isPaused
        state.holds.insert(.restored)
        eventWatch?.cancel()
        eventWatch = nil
        hotplugMonitor?.stop()
        hotplugMonitor = nil
        // The video plane is taken off in the restore commit (the console shows no overlay).
        releaseVideoForRestore()
        if state.crtc != .untouched && wasSwitchedAway {
            // Switched away: the console in front owns the screen and modesets it itself;
            // without DRM master nothing could be put back anyway.
            logger.info("\(device.path): the session is switched away; the screen stays with the console in front")
        } else if state.crtc != .untouched {
            commitPath.restore(saved, scanoutSetup)
        }
        freeVideoAfterRestore()
        releaseBuffers()
        state.flip = .idle
        try? device.dropMaster()
    }
}
