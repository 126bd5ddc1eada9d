import Logging
import SystemPackage
import Vitrine
import VitrineGraphics

/// A page flip's progress, as the display tracks it. The buffer index a case holds is the
/// buffer the kernel may be scanning out or about to: it is not drawn into until the flip is
/// over (Slint's linuxkms keeps its pending buffer alive the same way).
public enum PageFlip: Equatable, Sendable {
    /// Nothing in flight: a frame may be presented.
    case idle
    /// `buffer` was committed and waits for its vblank. `completesAtVBlank`: the commit was a
    /// legacy modeset, which sends no flip event, so the next vblank event completes it.
    case pending(buffer: Int, completesAtVBlank: Bool)
    /// The kernel answered EBUSY: the frame waits in `buffer` (with its `damage`, scene pixels)
    /// and is committed again at the next vblank event. The app sees a pending flip.
    case busy(buffer: Int, damage: Region)
}

/// The display on a DRM/KMS device: dumb buffers flipped on vblank, atomic when the driver
/// can (FB_DAMAGE_CLIPS, plane rotation), legacy SetCrtc + PageFlip otherwise.
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
///   that flip's event.
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
    public private(set) var mode: DisplayMode
    /// How the scene is turned on the panel (the configuration's, until `setRotation`).
    public private(set) var rotation: ScreenRotation
    /// The format of the scanout buffers.
    public let pixelFormat: PixelFormat
    /// Called on the main actor once per completed flip or requested vblank.
    public var frameHandler: (@MainActor (FrameTiming) -> Void)?

    /// Age of the back buffer: 1 when it holds the previous frame, 2 the one before…; 0 when
    /// unknown (never filled, or since a modeset or power-on).
    public var bufferAge: Int {
        guard let filled = lastFilled[backBuffer] else { return 0 }
        return presentCount - filled + 1
    }

    /// Whether a presented frame has not reached the screen yet (in flight, or waiting to be
    /// committed again after EBUSY).
    public var isFlipPending: Bool { pageFlip != .idle }

    /// Whether the panel is on, connected and the session active: otherwise presents are ignored.
    public var isPoweredOn: Bool { isPowerOn && isConnected && !isPaused }

    // MARK: DRM

    /// The device (libdrm, or a fake in tests).
    public let device: any KMSDevice
    /// What is driven: connector, mode, encoder, CRTC, plane.
    public private(set) var pipeline: KMSPipeline
    /// Whether commits are atomic (else legacy SetCrtc + PageFlip).
    public let usesAtomic: Bool
    /// Whether the primary plane turns the picture (else the copy does).
    public private(set) var usesPlaneRotation: Bool
    /// Whether frames carry FB_DAMAGE_CLIPS (atomic, and the plane has the property).
    public let sendsDamageClips: Bool
    /// How many buffers it cycles through.
    public let bufferCount: Int
    /// The page flip's state.
    public private(set) var pageFlip: PageFlip = .idle
    /// Whether the connector has a sink (false after an unplug, until it is plugged again).
    public private(set) var isConnected = true
    /// Frames presented so far.
    public private(set) var presentCount = 0
    /// Frame callbacks delivered so far (`FrameTiming.sequence` of the last one).
    public private(set) var frameCount: UInt64 = 0
    /// Whether a `requestFrame()` waits for its vblank.
    public private(set) var isFrameRequested = false
    /// Whether `restore()` has run.
    public private(set) var isRestored = false
    /// Whether the session is paused (`pause()`: switched to another VT).
    public private(set) var isPaused = false

    /// Called after a hotplug changed the mode (new buffers, new size, ages 0), as the `Display`
    /// contract says: the app must lay out for `mode` (turned by `rotation`) and repaint. Nil:
    /// nobody is told.
    public var modeDidChange: (@MainActor (DisplayMode) -> Void)?
    /// Called when the screen must be repainted in full because what it showed is gone (the
    /// connector came back; scanout restarts from buffers of unknown age). The platform marks
    /// every window dirty here. Without a present nothing is shown.
    public var needsFullRepaint: (@MainActor () -> Void)?

    /// The udev monitor watching for connector changes, when one was attached.
    public var hotplugMonitor: DRMHotplugMonitor?

    private let configuration: Configuration
    private let fourcc: UInt32
    private let runLoop: any RunLoop
    private let logger: Logger
    private var eventWatch: DescriptorWatch?
    private var properties: AtomicPropertyIDs?
    private let saved: SavedConfiguration
    private let timestampsAreMonotonic: Bool

    private var buffers: [ScanoutBuffer] = []
    /// For each buffer, the number of the present that last filled it (nil: unknown).
    private var lastFilled: [Int?]
    private var backBuffer = 0
    private var needsModeset = true
    private var hasModeset = false
    private var isPowerOn = true
    private var isVBlankRequested = false
    private var lastSignalledSequence: UInt32?
    private var reconfigureWhenIdle = false
    private var request = AtomicRequest()

    /// Tags our events, so a stray one from another client of the descriptor is recognisable in logs.
    private static let eventTag: UInt64 = 0x5649_5452_494E_4531

    /// Opens `path` (or the first card with a connected connector when nil), takes DRM master,
    /// chooses the pipeline, creates the buffers, watches the descriptor on `runLoop` and, when
    /// udev is available, connector hotplug. Nothing is shown until the first present.
    public static func open(path: String? = nil, configuration: Configuration = Configuration(), runLoop: any RunLoop,
                            logger: Logger = Logger(label: "vitrine.drm")) throws(DRMError) -> DRMDisplay {
        let device = if let path { try LibDRMDevice(path: path) } else { try LibDRMDevice.openFirstConnected() }
        return try open(device: device, configuration: configuration, runLoop: runLoop, logger: logger)
    }

    /// Sets up a display on an open `device`: takes DRM master, picks atomic or legacy,
    /// chooses the pipeline, saves the CRTC's configuration, creates and maps the buffers and
    /// adds the descriptor to `runLoop`. Throws a `DRMError` with a remedy.
    public init(device: any KMSDevice, configuration: Configuration = Configuration(), runLoop: any RunLoop,
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
        self.device = device
        self.configuration = configuration
        self.fourcc = fourcc
        self.runLoop = runLoop
        self.logger = logger
        self.pipeline = pipeline
        self.usesAtomic = atomic
        self.properties = properties
        self.sendsDamageClips = properties?.planeDamageClips != nil
        self.rotation = configuration.rotation
        self.pixelFormat = configuration.pixelFormat
        self.bufferCount = configuration.bufferCount
        self.mode = pipeline.mode.displayMode
        self.lastFilled = Array(repeating: nil, count: configuration.bufferCount)
        self.saved = SavedConfiguration(description: description, pipeline: pipeline)
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
        do {
            eventWatch = try runLoop.watch(device.fileDescriptor) { [weak self] _ in self?.handleDeviceEvents() }
        } catch {
            throw .systemCall(path: path, operation: "watching the descriptor on the run loop", errno: Errno(rawValue: error.errno))
        }
        logger.info("\(path) (\(description.driver.name)): \(pipeline.connectorName) \(pipeline.mode), CRTC \(pipeline.crtcID), \(atomic ? "atomic" : "legacy"), \(bufferCount) × \(pixelFormat)\(usesPlaneRotation ? ", plane rotation" : "")")
    }

    isolated deinit {
        restore()
    }

    /// The size of a buffer: the panel, or the scene when the plane rotates.
    private var bufferSize: (width: Int, height: Int) {
        usesPlaneRotation ? sceneSize : (mode.width, mode.height)
    }

    /// The rotation the copy applies.
    private var copyRotation: ScreenRotation { usesPlaneRotation ? .none : rotation }

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
        guard isPoweredOn, !isRestored, !buffers.isEmpty else { return 0 }
        let index = backBuffer
        let written = buffers[index].surface.copy(copying, from: scene, rotation: copyRotation)
        presentCount += 1
        lastFilled[index] = presentCount
        backBuffer = (index + 1) % bufferCount
        commit(buffer: index, damage: damage)
        return written
    }

    /// Asks for one `frameHandler` call at the next vblank, committing nothing. Coalesces with
    /// other requests and with a flip in flight. Ignored while off or unplugged (no vblank
    /// comes); served once the panel is on again.
    public func requestFrame() {
        guard !isRestored else { return }
        isFrameRequested = true
        if pageFlip == .idle && isPoweredOn { requestVBlankEvent() }
    }

    /// Turns the panel off (CRTC ACTIVE = 0, or DPMS off on the legacy path) or on again. On
    /// again, every buffer's age is 0 and a waiting frame request is served.
    public func setPower(_ on: Bool) {
        guard on != isPowerOn, !isRestored else { return }
        do {
            if usesAtomic, let properties {
                request.removeAll()
                request.add(pipeline.crtcID, properties.crtcActive, on ? 1 : 0)
                try device.atomicCommit(request, flags: .allowModeset, userData: 0)
            } else if let dpms = saved.connectorDPMS {
                // DRM_MODE_DPMS_ON = 0, DRM_MODE_DPMS_OFF = 3.
                try device.setProperty(dpms, of: pipeline.connectorID, type: .connector, to: on ? 0 : 3)
            } else {
                logger.warning("\(device.path): \(pipeline.connectorName) has no DPMS property; power unchanged")
                return
            }
        } catch {
            logger.error("\(device.path): turning the display \(on ? "on" : "off") failed: \(error)")
            return
        }
        isPowerOn = on
        if on {
            forgetBufferAges()
            if isFrameRequested && pageFlip == .idle { requestVBlankEvent() }
        }
    }

    /// Turns the picture to `rotation` (auto-rotation). The plane turns it when it can and the
    /// configuration allows, else the copy does; buffers are remade when their size changes
    /// (scene-sized buffers of a plane rotation across a quarter turn). The next present
    /// modesets, carrying the plane's new rotation, and copies the whole scene. Returns false,
    /// keeping the old rotation, when new buffers cannot be made.
    public func setRotation(_ newRotation: ScreenRotation) -> Bool {
        precondition(pageFlip == .idle, "setRotation while a flip is pending: wait for the frame callback")
        guard !isRestored else { return false }
        guard newRotation != rotation else { return true }
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
                    forgetBufferAges()
                    needsModeset = true
                    return false
                }
                backBuffer = 0
            }
        }
        logger.info("\(device.path): turned to \(newRotation)\(usesPlaneRotation ? " (plane rotation)" : "")")
        forgetBufferAges()
        needsModeset = true
        return true
    }

    // MARK: Committing

    private func commit(buffer index: Int, damage: Region) {
        do {
            if needsModeset {
                try modeset(buffer: index)
                needsModeset = false
                hasModeset = true
                pageFlip = .pending(buffer: index, completesAtVBlank: !usesAtomic)
                if !usesAtomic {
                    // SetCrtc returns with the frame on screen and sends no event: the next
                    // vblank event reports it. Without one, the frame is simply done.
                    requestVBlankEvent()
                    if !isVBlankRequested { pageFlip = .idle }
                }
            } else if usesAtomic {
                try atomicFlip(buffer: index, damage: damage)
                pageFlip = .pending(buffer: index, completesAtVBlank: false)
            } else {
                try device.pageFlip(pipeline.crtcID, framebuffer: buffers[index].framebufferID, userData: Self.eventTag)
                pageFlip = .pending(buffer: index, completesAtVBlank: false)
            }
        } catch where error == .resourceBusy {
            // The kernel still works on an earlier commit: keep the frame, try again at the next vblank.
            pageFlip = .busy(buffer: index, damage: damage)
            requestVBlankEvent()
            if !isVBlankRequested { dropFrame("no vblank event to retry at") }
        } catch {
            dropFrame("\(needsModeset ? "modeset" : "page flip") failed: \(error)")
        }
    }

    /// Gives up on the frame in flight: nothing is pending, and since the buffers no longer
    /// match what the app believes, their ages are unknown.
    private func dropFrame(_ reason: String) {
        logger.error("\(device.path): \(reason); the frame is dropped")
        pageFlip = .idle
        forgetBufferAges()
    }

    private func modeset(buffer index: Int) throws(Errno) {
        let fb = buffers[index].framebufferID
        guard usesAtomic, let properties, let planeID = pipeline.planeID else {
            try device.setCRTC(pipeline.crtcID, framebuffer: fb, x: 0, y: 0, connectors: [pipeline.connectorID], mode: pipeline.mode)
            return
        }
        let modeBlob = try device.createPropertyBlob(.mode(pipeline.mode))
        defer { device.destroyPropertyBlob(modeBlob) }
        // Set even when upright: whoever had the plane before may have left it turned.
        let rotationValue = properties.rotationValue(for: usesPlaneRotation ? rotation : .none)
        request.removeAll()
        addModeset(to: &request, properties: properties, plane: planeID, modeBlob: modeBlob, framebuffer: fb, rotationValue: rotationValue)
        try device.atomicCommit(request, flags: [.allowModeset, .pageFlipEvent], userData: Self.eventTag)
    }

    /// The changes of a full modeset: mode and routing, the plane covering the CRTC with
    /// `framebuffer`, turned by `rotationValue` when given.
    private func addModeset(to request: inout AtomicRequest, properties: AtomicPropertyIDs, plane planeID: UInt32, modeBlob: UInt32,
                            framebuffer fb: UInt32, rotationValue: UInt64?) {
        let crtc = pipeline.crtcID
        let size = bufferSize
        request.add(crtc, properties.crtcModeID, UInt64(modeBlob))
        request.add(crtc, properties.crtcActive, 1)
        request.add(pipeline.connectorID, properties.connectorCRTCID, UInt64(crtc))
        // Outputs that shared the CRTC (a console mirrored elsewhere) would make it a clone
        // configuration the driver may refuse: they are detached, and put back by restore().
        for other in properties.otherConnectorsOnCRTC { request.add(other.connector, other.crtcIDProperty, 0) }
        for other in properties.otherPlanesOnCRTC {
            request.add(other.plane, other.fbIDProperty, 0)
            request.add(other.plane, other.crtcIDProperty, 0)
        }
        request.add(planeID, properties.planeFBID, UInt64(fb))
        request.add(planeID, properties.planeCRTCID, UInt64(crtc))
        request.add(planeID, properties.srcX, 0)
        request.add(planeID, properties.srcY, 0)
        request.add(planeID, properties.srcW, UInt64(size.width) << 16)
        request.add(planeID, properties.srcH, UInt64(size.height) << 16)
        request.add(planeID, properties.crtcX, 0)
        request.add(planeID, properties.crtcY, 0)
        request.add(planeID, properties.crtcW, UInt64(mode.width))
        request.add(planeID, properties.crtcH, UInt64(mode.height))
        if let rotationProperty = properties.planeRotation, let rotationValue {
            request.add(planeID, rotationProperty.id, rotationValue)
        }
    }

    private func atomicFlip(buffer index: Int, damage: Region) throws(Errno) {
        guard let properties, let planeID = pipeline.planeID else { return }
        request.removeAll()
        request.add(planeID, properties.planeFBID, UInt64(buffers[index].framebufferID))
        var clipsBlob: UInt32 = 0
        if let clipsProperty = properties.planeDamageClips {
            let size = sceneSize
            let clips = DamageClips.rectangles(for: damage, sceneWidth: size.width, sceneHeight: size.height, rotation: copyRotation)
            // Without clips the kernel updates the whole plane: a failed blob costs time, not pixels.
            if !clips.isEmpty, let blob = try? device.createPropertyBlob(.damageClips(clips)) {
                clipsBlob = blob
                request.add(planeID, clipsProperty, UInt64(blob))
            }
        }
        defer { if clipsBlob != 0 { device.destroyPropertyBlob(clipsBlob) } }
        try device.atomicCommit(request, flags: [.pageFlipEvent, .nonBlocking], userData: Self.eventTag)
    }

    /// Whether a test-only modeset with the plane turned in hardware is accepted: some planes
    /// list a rotation they refuse for a format or size.
    private func planeRotationPassesTest() -> Bool {
        guard let properties, let planeID = pipeline.planeID, let value = properties.rotationValue(for: rotation),
              let blob = try? device.createPropertyBlob(.mode(pipeline.mode)) else {
            return false
        }
        defer { device.destroyPropertyBlob(blob) }
        var test = AtomicRequest()
        addModeset(to: &test, properties: properties, plane: planeID, modeBlob: blob, framebuffer: buffers[0].framebufferID,
                   rotationValue: value)
        return (try? device.atomicCommit(test, flags: [.testOnly, .allowModeset], userData: 0)) != nil
    }

    private func requestVBlankEvent() {
        guard !isVBlankRequested else { return }
        do {
            try device.requestVBlankEvent(crtcIndex: pipeline.crtcIndex, userData: Self.eventTag)
            isVBlankRequested = true
        } catch {
            logger.warning("\(device.path): cannot ask for a vblank event: \(error)")
        }
    }

    // MARK: Events

    /// Reads the device's queued events and acts on them: completes flips, serves frame
    /// requests, retries a frame refused with EBUSY. Called by the run loop when the
    /// descriptor is readable.
    public func handleDeviceEvents() {
        do {
            try device.readEvents { event in handle(event) }
        } catch where error == .resourceTemporarilyUnavailable || error == .interrupted {
            return
        } catch {
            logger.error("\(device.path): reading DRM events failed: \(error)")
        }
    }

    private func handle(_ event: KMSEvent) {
        guard event.crtcID == 0 || event.crtcID == pipeline.crtcID else { return }
        switch event.kind {
        case .pageFlip:
            switch pageFlip {
            case .pending: completeFlip(event)
            // An earlier commit just finished: what made the kernel busy is gone.
            case .busy(let index, let damage): retry(buffer: index, damage: damage)
            case .idle: break
            }
        case .vblank:
            isVBlankRequested = false
            switch pageFlip {
            case .pending(_, completesAtVBlank: true):
                completeFlip(event)
            case .pending:
                break // the flip's own event reports this frame
            case .busy(let index, let damage):
                retry(buffer: index, damage: damage)
            case .idle:
                guard isFrameRequested else { return }
                if event.sequence == lastSignalledSequence {
                    // The vblank a flip already reported: the request is for the next one.
                    if isPoweredOn { requestVBlankEvent() }
                } else {
                    signalFrame(event)
                }
            }
        }
    }

    /// Commits again the frame the kernel refused with EBUSY, unless the display went off meanwhile.
    private func retry(buffer index: Int, damage: Region) {
        guard isPoweredOn, !isRestored else {
            dropFrame("the display went off with a frame waiting")
            return
        }
        commit(buffer: index, damage: damage)
    }

    private func completeFlip(_ event: KMSEvent) {
        pageFlip = .idle
        if reconfigureWhenIdle {
            reconfigureWhenIdle = false
            handleHotplug()
        }
        signalFrame(event)
    }

    private func signalFrame(_ event: KMSEvent) {
        isFrameRequested = false
        lastSignalledSequence = event.sequence
        frameCount += 1
        let timestamp = timestampsAreMonotonic ? event.timestamp : runLoop.clock.now
        let timing = FrameTiming(timestamp: timestamp, targetTimestamp: timestamp + 1 / mode.refreshRate, sequence: frameCount)
        frameHandler?(timing)
        // A request made by the handler (display links ask for every frame) needs its own vblank.
        if isFrameRequested && pageFlip == .idle && isPoweredOn { requestVBlankEvent() }
    }

    // MARK: Hotplug

    /// Probes the connector again (after a udev change event): unplugged, presenting stops;
    /// plugged again (or a different sink), the mode is chosen again, buffers are remade if it
    /// changed (`modeDidChange`), the next present modesets, ages are 0 and `needsFullRepaint`
    /// is called. Waits for a flip in flight to finish first.
    public func handleHotplug() {
        guard !isRestored else { return }
        let probed: KMSConnector
        do { probed = try device.connector(pipeline.connectorID, probing: true) } catch {
            logger.error("\(device.path): probing \(pipeline.connectorName) failed: \(error)")
            return
        }
        let plugged = probed.status == .connected || (probed.status == .unknown && !probed.modes.isEmpty)
        guard plugged, let newMode = usableMode(of: probed) else {
            if isConnected { logger.notice("\(device.path): \(pipeline.connectorName) unplugged; presenting stops") }
            isConnected = false
            return
        }
        let modeChanged = newMode != pipeline.mode
        guard !isConnected || modeChanged else { return }
        guard pageFlip == .idle else {
            reconfigureWhenIdle = true
            return
        }
        if modeChanged || buffers.isEmpty {
            let oldMode = pipeline.mode, oldPlaneRotation = usesPlaneRotation
            releaseBuffers()
            pipeline.mode = newMode
            mode = newMode.displayMode
            lastFilled = Array(repeating: nil, count: bufferCount)
            backBuffer = 0
            do { try makeBuffersForMode() } catch {
                logger.error("\(device.path): new buffers for \(newMode) failed: \(error); keeping \(oldMode) and presenting nothing until the connector changes again")
                // The app still lays out for the old mode: keep it, with buffers for it if they can be had.
                pipeline.mode = oldMode
                mode = oldMode.displayMode
                usesPlaneRotation = oldPlaneRotation
                buffers = (try? makeBuffers()) ?? []
                isConnected = false
                return
            }
        }
        logger.notice("\(device.path): \(pipeline.connectorName) connected, \(newMode)")
        isConnected = true
        needsModeset = true
        forgetBufferAges()
        if modeChanged { modeDidChange?(mode) }
        needsFullRepaint?()
        if isFrameRequested && pageFlip == .idle && isPoweredOn { requestVBlankEvent() }
    }

    /// The mode to show on `connector`: the configuration's choice (`KMSChoice.mode`) when
    /// Vitrine can show it. A mode it cannot (`DisplayMode.checkUsable()`) is refused with a log
    /// line, and the choice is made again among the modes it can show, else the current mode
    /// is kept. Nil when the connector offers no mode at all.
    private func usableMode(of connector: KMSConnector) -> KMSMode? {
        guard let wanted = KMSChoice.mode(of: connector, request: configuration.mode) else { return nil }
        do {
            try wanted.displayMode.checkUsable()
            return wanted
        } catch {
            var usable = connector
            usable.modes = connector.modes.filter { (try? $0.displayMode.checkUsable()) != nil }
            let fallback = KMSChoice.mode(of: usable, request: configuration.mode)
            logger.error("\(device.path): \(pipeline.connectorName) offers \(wanted), refused: \(error); using \(fallback ?? pipeline.mode)\(fallback == nil ? ", the mode it had" : "")")
            return fallback ?? pipeline.mode
        }
    }

    /// Makes the buffers for `mode` after a mode change, turning the picture with the plane
    /// when the configuration allows and the plane accepts it at this mode, else in software
    /// (as at creation).
    private func makeBuffersForMode() throws(Errno) {
        usesPlaneRotation = rotation != .none && configuration.allowsPlaneRotation
            && properties?.rotationValue(for: rotation) != nil
        buffers = try makeBuffers()
        if usesPlaneRotation && !planeRotationPassesTest() {
            logger.notice("\(device.path): the plane refuses \(rotation) in hardware at \(pipeline.mode); rotating in software")
            releaseBuffers()
            usesPlaneRotation = false
            buffers = try makeBuffers()
        }
    }

    // MARK: Session

    /// The session went away (a VT switch, the seat disabled): stops presenting and, unless
    /// a seat manager (libseat, logind) handles master itself, drops DRM master so the other
    /// session can modeset. A frame in flight still completes.
    public func pause(droppingMaster: Bool = true) {
        guard !isPaused, !isRestored else { return }
        isPaused = true
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
        isPaused = false
        needsModeset = true
        forgetBufferAges()
        needsFullRepaint?()
        if isFrameRequested && pageFlip == .idle && isPoweredOn { requestVBlankEvent() }
    }

    // MARK: Restoring

    /// Puts back the CRTC configuration found at creation (framebuffer, position, mode,
    /// connectors, plane rotation), releases every buffer, stops watching the descriptor and
    /// drops DRM master. Idempotent; deinit calls it. Nothing is shown afterwards.
    public func restore() {
        guard !isRestored else { return }
        isRestored = true
        eventWatch?.cancel()
        eventWatch = nil
        hotplugMonitor?.stop()
        hotplugMonitor = nil
        if hasModeset && isPaused {
            // Switched away: the console in front owns the screen and modesets it itself;
            // without DRM master nothing could be put back anyway.
            logger.info("\(device.path): the session is switched away; the screen stays with the console in front")
        } else if hasModeset {
            restoreCRTC()
        }
        releaseBuffers()
        pageFlip = .idle
        try? device.dropMaster()
    }

    private func restoreCRTC() {
        let crtc = saved.crtc
        let showing = crtc.framebufferID != 0 && crtc.mode != nil
        let connectors = showing ? saved.connectorsOnCRTC : []
        if usesAtomic, let properties, let planeID = pipeline.planeID {
            do {
                var blob: UInt32 = 0
                if showing, let mode = crtc.mode { blob = try device.createPropertyBlob(.mode(mode)) }
                defer { if blob != 0 { device.destroyPropertyBlob(blob) } }
                request.removeAll()
                request.add(crtc.id, properties.crtcModeID, UInt64(blob))
                request.add(crtc.id, properties.crtcActive, showing ? 1 : 0)
                if !connectors.contains(pipeline.connectorID) {
                    request.add(pipeline.connectorID, properties.connectorCRTCID, 0)
                }
                for connector in connectors {
                    if let property = properties.connectorCRTCIDProperties[connector] {
                        request.add(connector, property, UInt64(crtc.id))
                    }
                }
                request.add(planeID, properties.planeFBID, showing ? UInt64(crtc.framebufferID) : 0)
                request.add(planeID, properties.planeCRTCID, showing ? UInt64(crtc.id) : 0)
                if showing, let mode = crtc.mode {
                    request.add(planeID, properties.srcX, UInt64(crtc.x) << 16)
                    request.add(planeID, properties.srcY, UInt64(crtc.y) << 16)
                    request.add(planeID, properties.srcW, UInt64(mode.width) << 16)
                    request.add(planeID, properties.srcH, UInt64(mode.height) << 16)
                    request.add(planeID, properties.crtcX, 0)
                    request.add(planeID, properties.crtcY, 0)
                    request.add(planeID, properties.crtcW, UInt64(mode.width))
                    request.add(planeID, properties.crtcH, UInt64(mode.height))
                }
                if let rotationProperty = properties.planeRotation, let value = saved.planeRotation {
                    request.add(planeID, rotationProperty.id, value)
                }
                try device.atomicCommit(request, flags: .allowModeset, userData: 0)
                return
            } catch {
                logger.warning("\(device.path): atomic restore failed (\(error)); trying legacy SetCrtc")
            }
        }
        do {
            try device.setCRTC(crtc.id, framebuffer: showing ? crtc.framebufferID : 0, x: crtc.x, y: crtc.y,
                               connectors: connectors, mode: showing ? crtc.mode : nil)
        } catch {
            logger.error("\(device.path): restoring CRTC \(crtc.id) failed: \(error)")
        }
    }

    // MARK: Buffers

    private func makeBuffers() throws(Errno) -> [ScanoutBuffer] {
        let size = bufferSize
        var made: [ScanoutBuffer] = []
        do {
            for _ in 0..<bufferCount {
                made.append(try ScanoutBuffer(device: device, width: size.width, height: size.height,
                                              format: pixelFormat, fourcc: fourcc))
            }
        } catch {
            for buffer in made.reversed() { buffer.release(device) }
            throw error
        }
        return made
    }

    private func releaseBuffers() {
        for buffer in buffers.reversed() { buffer.release(device) }
        buffers.removeAll()
    }

    private func forgetBufferAges() {
        for i in lastFilled.indices { lastFilled[i] = nil }
    }
}

/// One scanout buffer: a dumb buffer, mapped once, with its framebuffer and a surface over the mapping.
@MainActor
struct ScanoutBuffer {
    let dumb: KMSDumbBuffer
    let pointer: UnsafeMutableRawPointer
    let framebufferID: UInt32
    let surface: Surface

    init(device: any KMSDevice, width: Int, height: Int, format: PixelFormat, fourcc: UInt32) throws(Errno) {
        // Rows of 16-bit pixels are padded to an even width so the pitch stays a multiple of 4,
        // which pixman needs.
        let allocatedWidth = format.bytesPerPixel == 2 ? (width + 1) & ~1 : width
        let dumb = try device.createDumbBuffer(width: allocatedWidth, height: height, bitsPerPixel: format.bytesPerPixel * 8)
        guard dumb.pitch % 4 == 0, dumb.pitch >= width * format.bytesPerPixel else {
            device.destroyDumbBuffer(dumb)
            throw .invalidArgument
        }
        let pointer: UnsafeMutableRawPointer
        do { pointer = try device.mapDumbBuffer(dumb) } catch {
            device.destroyDumbBuffer(dumb)
            throw error
        }
        let framebufferID: UInt32
        do { framebufferID = try device.addFramebuffer(dumb, width: width, height: height, fourcc: fourcc) } catch {
            device.unmapDumbBuffer(dumb, at: pointer)
            device.destroyDumbBuffer(dumb)
            throw error
        }
        self.dumb = dumb
        self.pointer = pointer
        self.framebufferID = framebufferID
        self.surface = Surface(wrapping: pointer, width: width, height: height, stride: dumb.pitch, format: format)
    }

    /// Releases in the reverse order of creation.
    func release(_ device: any KMSDevice) {
        device.removeFramebuffer(framebufferID)
        device.unmapDumbBuffer(dumb, at: pointer)
        device.destroyDumbBuffer(dumb)
    }
}

/// The CRTC configuration found at start, which `restore()` puts back.
struct SavedConfiguration {
    let crtc: KMSCRTC
    /// Connectors the CRTC drove.
    let connectorsOnCRTC: [UInt32]
    /// The primary plane's `rotation` value.
    let planeRotation: UInt64?
    /// The connector's legacy DPMS property.
    let connectorDPMS: UInt32?

    init(description: KMSDeviceDescription, pipeline: KMSPipeline) {
        crtc = description.crtcs[pipeline.crtcIndex]
        connectorsOnCRTC = description.connectors.filter { description.currentCRTC(of: $0) == pipeline.crtcID }.map(\.id)
        let plane = description.planes.first { $0.id == pipeline.planeID }
        planeRotation = plane?.properties.named("rotation")?.value
        connectorDPMS = description.connectors.first { $0.id == pipeline.connectorID }?.properties.named("DPMS")?.id
    }
}

/// The ids of the properties an atomic commit sets.
struct AtomicPropertyIDs {
    let crtcModeID: UInt32
    let crtcActive: UInt32
    let connectorCRTCID: UInt32
    let planeFBID: UInt32
    let planeCRTCID: UInt32
    let srcX: UInt32, srcY: UInt32, srcW: UInt32, srcH: UInt32
    let crtcX: UInt32, crtcY: UInt32, crtcW: UInt32, crtcH: UInt32
    let planeDamageClips: UInt32?
    let planeRotation: KMSProperty?
    /// CRTC_ID of every connector, to re-route them on restore.
    let connectorCRTCIDProperties: [UInt32: UInt32]
    let otherConnectorsOnCRTC: [(connector: UInt32, crtcIDProperty: UInt32)]
    let otherPlanesOnCRTC: [(plane: UInt32, fbIDProperty: UInt32, crtcIDProperty: UInt32)]

    /// Nil when a property every atomic driver has is missing.
    init?(description: KMSDeviceDescription, pipeline: KMSPipeline) {
        guard let crtc = description.crtcs.first(where: { $0.id == pipeline.crtcID }),
              let connector = description.connectors.first(where: { $0.id == pipeline.connectorID }),
              let plane = description.planes.first(where: { $0.id == pipeline.planeID }) else { return nil }
        func id(_ list: [KMSProperty], _ name: String) -> UInt32? { list.named(name)?.id }
        guard let modeID = id(crtc.properties, "MODE_ID"), let active = id(crtc.properties, "ACTIVE"),
              let connectorCRTC = id(connector.properties, "CRTC_ID"),
              let fb = id(plane.properties, "FB_ID"), let planeCRTC = id(plane.properties, "CRTC_ID"),
              let sx = id(plane.properties, "SRC_X"), let sy = id(plane.properties, "SRC_Y"),
              let sw = id(plane.properties, "SRC_W"), let sh = id(plane.properties, "SRC_H"),
              let cx = id(plane.properties, "CRTC_X"), let cy = id(plane.properties, "CRTC_Y"),
              let cw = id(plane.properties, "CRTC_W"), let ch = id(plane.properties, "CRTC_H") else { return nil }
        crtcModeID = modeID
        crtcActive = active
        connectorCRTCID = connectorCRTC
        planeFBID = fb
        planeCRTCID = planeCRTC
        srcX = sx; srcY = sy; srcW = sw; srcH = sh
        crtcX = cx; crtcY = cy; crtcW = cw; crtcH = ch
        planeDamageClips = id(plane.properties, "FB_DAMAGE_CLIPS")
        planeRotation = plane.properties.named("rotation")
        var routing: [UInt32: UInt32] = [:]
        for c in description.connectors { if let p = id(c.properties, "CRTC_ID") { routing[c.id] = p } }
        connectorCRTCIDProperties = routing
        otherConnectorsOnCRTC = description.connectors.compactMap { c in
            guard c.id != connector.id, description.currentCRTC(of: c) == crtc.id, let p = routing[c.id] else { return nil }
            return (c.id, p)
        }
        otherPlanesOnCRTC = description.planes.compactMap { p in
            guard p.id != plane.id, p.crtcID == crtc.id, let fb = id(p.properties, "FB_ID"), let c = id(p.properties, "CRTC_ID") else { return nil }
            return (p.id, fb, c)
        }
    }

    /// The plane `rotation` value that turns the scene by `rotation` (clockwise), when the
    /// plane offers it.
    func rotationValue(for rotation: ScreenRotation) -> UInt64? {
        guard let planeRotation else { return nil }
        return DRMDisplay.planeRotationValue(for: rotation, property: planeRotation)
    }
}

extension DRMDisplay {
    /// The value of a plane's `rotation` property that turns the scene by `rotation`
    /// (clockwise), or nil when the property lacks it. The kernel counts its angles
    /// counter-clockwise (`rotate-90` turns the picture a quarter to the left), so a quarter
    /// turn clockwise is `rotate-270`; a bitmask property names bit numbers, so the value is
    /// 1 << bit.
    nonisolated public static func planeRotationValue(for rotation: ScreenRotation, property: KMSProperty) -> UInt64? {
        let name = switch rotation {
        case .none: "rotate-0"
        case .clockwise90: "rotate-270"
        case .upsideDown: "rotate-180"
        case .clockwise270: "rotate-90"
        }
        guard case .bitmask(let bits) = property.kind, let bit = bits.first(where: { $0.name == name }), bit.value < 64 else {
            return nil
        }
        return 1 << bit.value
    }
}
