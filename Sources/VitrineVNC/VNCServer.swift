import CVNCServer
import Glibc
import Logging
import VitrineCore
import VitrineGraphics

/// A VNC server (libvncserver) mirroring an application's screen, for the people who support a
/// kiosk from afar. It works with any `Display`: it is a `FrameObserver`, copying each
/// presented frame's damage (turned by the display's rotation, as on the panel) into its own
/// framebuffer and marking only those rectangles as modified, once per frame. A video on a
/// display plane, which the scene does not hold, is drawn into that framebuffer from the frames
/// the plane is given (`FrameObserver`'s plane calls), for the viewers only.
///
/// Its sockets are on the application's run loop (`MainLoop.watch`): the listening socket
/// always, each viewer's while it is connected; no thread, no timer. With no viewer connected a
/// frame costs one check and nothing else. In `.control` mode the viewer's pointer is one finger
/// on device `VNCServer.remoteDevice`, and its keys are presses on `VNCServer.remoteKeyboardDevice`
/// (an app tells remote input by `touch.identifier.device` or `press.device`). Each session's start and end are logged with
/// the peer's address; after a failed authentication the peer is refused for a while (5 s,
/// doubling to 5 minutes; `VNCAuthenticationBackoff`, at most 64 peers remembered).
/// Everything is on the main actor.
@MainActor
public final class VNCServer: FrameObserver {
    /// The input device number of the remote finger (the viewers' pointer).
    public static let remoteDevice = 0x564E43
    /// The input device number of the remote keyboard (the viewers' keys): a device of its own,
    /// attached at a viewer's first key and removed when the last viewer that typed leaves,
    /// so that removing it releases keys and cancels no touch of a viewer still pointing.
    public static let remoteKeyboardDevice = 0x564E4B
    /// The longest a viewer can stall the main loop (milliseconds): libvncserver writes and
    /// reads a viewer's socket blocking; a viewer whose socket stays full (or sends half a
    /// message) this long is dropped. Each viewer's send buffer is also enlarged
    /// (`sendBufferBytes`) so a whole frame normally fits without waiting.
    public static let maximumStall: Int32 = 250
    /// The send buffer asked for on each viewer's socket.
    public static let sendBufferBytes: Int32 = 4 << 20
    /// Presses of keys without a Linux key code get `keyCodeBase + keysym`.
    public static let keyCodeBase = 0x1000_0000

    /// The configuration it runs with.
    public let configuration: VNCConfiguration
    /// Viewers connected now.
    public var viewerCount: Int { clients.count }
    /// Frames whose damage was sent to viewers (for tests and benchmarks).
    public private(set) var framesMirrored = 0
    /// Frames of a display plane (a video) drawn for viewers (for tests and benchmarks).
    public private(set) var planeFramesMirrored = 0
    /// The listening socket, -1 when not started (for tests and benchmarks on a `ManualMainLoop`,
    /// which watches no real descriptor: they tell it when this one is readable).
    public var listeningSocket: Int32 { screen?.pointee.listenSock ?? -1 }
    /// The sockets of the viewers connected now, in the order they came (as `listeningSocket`).
    public var viewerSockets: [Int32] { clients.map { $0.client.pointee.sock } }

    let logger: Logger
    private let password: String?
    weak var application: Application?
    private var screen: rfbScreenInfoPtr?
    private var framebuffer: Surface?
    /// What a display plane above the scene shows now (`FrameObserver`): kept so that the
    /// viewers see it over the scene's damage too, and a new viewer gets it.
    private var plane: (frame: Surface, source: PixelRect, destination: PixelRect)?
    /// The name viewers show (libvncserver keeps the pointer).
    private let desktopName = strdup("Vitrine")
    private var passwordList: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    private var listenWatch: DescriptorWatch?
    private var clients: [(client: rfbClientPtr, watch: DescriptorWatch?)] = []
    var pendingInput: [InputEvent] = []
    var buttonDown = false
    var modifiers = KeyModifiers()
    /// The viewers that typed in this session (nil: a key not from a viewer, as tests send);
    /// while any is connected the remote device counts as a hardware keyboard.
    var typists: [rfbClientPtr?] = []
    /// Peers refused after failed authentications (a bounded table).
    var backoff = VNCAuthenticationBackoff()

    /// Reads the password (throws when listening beyond loopback without one); nothing listens
    /// until `start(on:)`.
    public init(configuration: VNCConfiguration, logger: Logger = Logger(label: "vitrine.vnc")) throws(VNCServerError) {
        self.configuration = configuration
        self.logger = logger
        password = try configuration.loadPassword()
        pendingInput.reserveCapacity(64)
    }

    /// Starts listening and mirroring `application`'s screen; throws when the address cannot
    /// be listened on. Does nothing in `.off` mode or when started already.
    public func start(on application: Application) throws(VNCServerError) {
        guard configuration.mode != .off, screen == nil else { return }
        guard let display = application.display else { throw .noDisplay }
        self.application = application
        let mode = display.mode
        let surface = Surface(width: mode.width, height: mode.height, format: .xrgb8888)
        guard let screen = rfbGetScreen(nil, nil, Int32(mode.width), Int32(mode.height), 8, 3, 4) else {
            throw .listenFailed(configuration.listen)
        }
        rfbLogEnable(0)
        vitrine_rfbSetMaxClientWait(Self.maximumStall)
        Self.useXRGB8888(screen)
        screen.pointee.frameBuffer = surface.baseAddress.assumingMemoryBound(to: CChar.self)
        screen.pointee.paddedWidthInBytes = Int32(surface.stride)
        screen.pointee.port = Int32(configuration.listen.port)
        screen.pointee.ipv6port = 0
        screen.pointee.autoPort = 0
        screen.pointee.deferUpdateTime = 0
        screen.pointee.alwaysShared = 1
        screen.pointee.cursor = nil // the viewer's own pointer; none drawn into the picture
        screen.pointee.desktopName = UnsafePointer(desktopName)
        var interface = in_addr_t()
        _ = configuration.listen.host.withCString { inet_pton(AF_INET, $0, &interface) }
        screen.pointee.listenInterface = interface
        screen.pointee.screenData = Unmanaged.passUnretained(self).toOpaque()
        screen.pointee.newClientHook = { client in
            MainActor.assumeIsolated { VNCServer.of(client)?.clientArrived(client!) ?? RFB_CLIENT_REFUSE }
        }
        screen.pointee.ptrAddEvent = { mask, x, y, client in
            MainActor.assumeIsolated { VNCServer.of(client)?.pointer(mask: mask, x: Int(x), y: Int(y)) }
        }
        screen.pointee.kbdAddEvent = { down, keysym, client in
            MainActor.assumeIsolated { VNCServer.of(client)?.key(down: down != 0, keysym: UInt32(keysym), from: client) }
        }
        if let password {
            let list = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 2)
            list[0] = strdup(password)
            list[1] = nil
            passwordList = list
            screen.pointee.authPasswdData = UnsafeMutableRawPointer(list)
            screen.pointee.passwordCheck = { client, response, length in
                MainActor.assumeIsolated {
                    guard let server = VNCServer.of(client) else { return 0 }
                    let accepted = rfbCheckPasswordByList(client, response, length) != 0
                    server.authenticated(client!, accepted: accepted)
                    return accepted ? 1 : 0
                }
            }
        }
        vitrine_rfbInitServer(screen)
        let socket = screen.pointee.listenSock
        guard socket >= 0 else {
            rfbScreenCleanup(screen)
            throw .listenFailed(configuration.listen)
        }
        self.screen = screen
        framebuffer = surface
        do {
            listenWatch = try application.mainLoop.watch(socket) { [weak self] _ in self?.process() }
        } catch {
            stop()
            throw .watchFailed(DescriptorWatchErrorText(text: error.description))
        }
        application.addFrameObserver(self)
        logger.info("VNC \(configuration.mode.rawValue) server listening on \(configuration.listen)\(password == nil ? " (no password: loopback only)" : "")")
    }

    /// Disconnects every viewer, closes the listening socket and stops mirroring.
    public func stop() {
        let hadTypists = !typists.isEmpty
        application?.removeFrameObserver(self)
        listenWatch?.cancel()
        listenWatch = nil
        for entry in clients { entry.watch?.cancel() }
        if let screen {
            rfbShutdownServer(screen, 1)
            rfbScreenCleanup(screen)
        }
        clients.removeAll()
        screen = nil
        // Sessions cut here end without `process()`: the keyboard they attached goes now.
        pendingInput.removeAll(keepingCapacity: true)
        if hadTypists {
            typists.removeAll()
            application?.post(.deviceRemoved(device: Self.remoteKeyboardDevice,
                                              timestamp: application?.mainLoop.clock.now ?? 0))
        }
        if let passwordList {
            free(passwordList[0])
            passwordList.deallocate()
            self.passwordList = nil
        }
    }

    /// Our framebuffer's layout: XRGB8888 in a little-endian word (red in bits 16…23).
    private static func useXRGB8888(_ screen: rfbScreenInfoPtr) {
        screen.pointee.serverFormat.redShift = 16
        screen.pointee.serverFormat.greenShift = 8
        screen.pointee.serverFormat.blueShift = 0
    }

    /// The server of `client`'s screen.
    private static func of(_ client: rfbClientPtr?) -> VNCServer? {
        guard let client, let data = client.pointee.screen.pointee.screenData else { return nil }
        return Unmanaged<VNCServer>.fromOpaque(data).takeUnretainedValue()
    }

    // MARK: Sockets

    /// A watched socket is readable: libvncserver accepts, reads and answers without blocking;
    /// input it produced is posted after it returns.
    private func process() {
        guard let screen else { return }
        rfbProcessEvents(screen, 0)
        guard let application, !pendingInput.isEmpty else {
            pendingInput.removeAll(keepingCapacity: true)
            return
        }
        for event in pendingInput { application.post(event) }
        pendingInput.removeAll(keepingCapacity: true)
    }

    private func peer(_ client: rfbClientPtr) -> String {
        client.pointee.host.map { String(cString: $0) } ?? "unknown"
    }

    private func clientArrived(_ client: rfbClientPtr) -> rfbNewClientAction {
        let host = peer(client)
        let now = application?.mainLoop.clock.now ?? 0
        if let refusal = backoff.refusal(of: host, now: now) {
            logger.warning("VNC connection from \(host) refused: \(refusal.failures) failed authentication(s), retry after \(Int(refusal.until - now) + 1) s")
            return RFB_CLIENT_REFUSE
        }
        var size = Self.sendBufferBytes
        _ = setsockopt(client.pointee.sock, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        var watch: DescriptorWatch?
        do {
            watch = try application?.mainLoop.watch(client.pointee.sock) { [weak self] _ in self?.process() }
        } catch {
            logger.error("VNC session from \(host) refused: \(error)")
            return RFB_CLIENT_REFUSE
        }
        clients.append((client, watch))
        // Nothing is copied while no viewer watches: the first one gets the whole screen.
        if clients.count == 1 { application?.setNeedsFullRepaint() }
        client.pointee.clientGoneHook = { client in
            MainActor.assumeIsolated { if let client { VNCServer.of(client)?.clientLeft(client) } }
        }
        logger.notice("VNC \(configuration.mode.rawValue) session from \(host) started")
        return RFB_CLIENT_ACCEPT
    }

    private func clientLeft(_ client: rfbClientPtr) {
        guard let index = clients.firstIndex(where: { $0.client == client }) else { return }
        clients[index].watch?.cancel()
        clients.remove(at: index)
        logger.notice("VNC session from \(peer(client)) ended")
        if clients.isEmpty && buttonDown { endRemoteTouch() }
        typingSessionEnded(client)
    }

    private func authenticated(_ client: rfbClientPtr, accepted: Bool) {
        let host = peer(client)
        if accepted {
            backoff.succeeded(host)
            return
        }
        let (failures, delay) = backoff.failed(host, now: application?.mainLoop.clock.now ?? 0)
        logger.warning("VNC authentication from \(host) failed (\(failures) in a row): refusing it for \(Int(delay)) s")
    }

    // MARK: Frames

    /// Copies the frame's damage into the framebuffer, turned as on the panel, and sends it to
    /// the viewers that asked for an update. Costs nothing while no viewer is connected.
    public func application(_ application: Application, didPresent scene: Surface, damage: Region, rotation: ScreenRotation) {
        guard let screen, !clients.isEmpty else { return }
        let panel = rotation.rotatedSize(width: scene.width, height: scene.height)
        if let framebuffer, framebuffer.width != panel.width || framebuffer.height != panel.height {
            // A new mode: a new framebuffer, sent whole.
            let surface = Surface(width: panel.width, height: panel.height, format: .xrgb8888)
            rfbNewFramebuffer(screen, surface.baseAddress.assumingMemoryBound(to: CChar.self),
                              Int32(panel.width), Int32(panel.height), 8, 3, 4)
            screen.pointee.paddedWidthInBytes = Int32(surface.stride)
            Self.useXRGB8888(screen)
            self.framebuffer = surface
            _ = surface.copy(Region(scene.bounds), from: scene, rotation: rotation)
        } else {
            _ = framebuffer?.copy(damage, from: scene, rotation: rotation)
        }
        damage.forEachRect { rect in
            let p = rotation.rect(rect, sceneWidth: scene.width, sceneHeight: scene.height)
            rfbMarkRectAsModified(screen, Int32(p.x), Int32(p.y), Int32(p.maxX), Int32(p.maxY))
        }
        // The scene under a plane holds what the view last drew there: the plane's picture
        // goes back over it.
        if let plane, rotation == .none {
            var covered = false
            damage.forEachRect { rect in if !rect.intersection(plane.destination).isEmpty { covered = true } }
            if covered { drawPlane(plane, into: screen) }
        }
        for entry in clients { _ = rfbUpdateClient(entry.client) }
        framesMirrored += 1
    }

    /// Draws the plane's frame for the viewers (a video on a display plane, composited here for
    /// them only). Kept without a viewer, but then nothing is drawn or sent.
    public func application(_ application: Application, planeDidShow frame: Surface, source: PixelRect, destination: PixelRect) {
        plane = (frame, source, destination)
        guard let screen, !clients.isEmpty, application.display.map({ $0.rotation == .none }) ?? true else { return }
        drawPlane((frame, source, destination), into: screen)
        for entry in clients { _ = rfbUpdateClient(entry.client) }
        planeFramesMirrored += 1
    }

    /// Forgets the plane: the scene's next present covers its place.
    public func applicationPlaneDidClear(_ application: Application) {
        plane = nil
    }

    /// Scales the plane's `source` into the framebuffer at `destination` (nearest pixel; a
    /// plain row copy at 1:1) and marks it modified.
    private func drawPlane(_ plane: (frame: Surface, source: PixelRect, destination: PixelRect), into screen: rfbScreenInfoPtr) {
        guard let framebuffer else { return }
        let target = plane.destination.intersection(PixelRect(x: 0, y: 0, width: framebuffer.width, height: framebuffer.height))
        let source = plane.source.intersection(PixelRect(x: 0, y: 0, width: plane.frame.width, height: plane.frame.height))
        guard !target.isEmpty, !source.isEmpty, plane.frame.format.bytesPerPixel == 4 else { return }
        let destination = plane.destination
        let from = plane.frame.baseAddress, to = framebuffer.baseAddress
        if source.width == destination.width && source.height == destination.height {
            let dx = source.x - destination.x, dy = source.y - destination.y
            for y in target.y..<target.maxY {
                (to + y * framebuffer.stride + target.x * 4)
                    .copyMemory(from: from + (y + dy) * plane.frame.stride + (target.x + dx) * 4, byteCount: target.width * 4)
            }
        } else {
            for y in target.y..<target.maxY {
                let v = source.y + (y - destination.y) * source.height / destination.height
                let sourceRow = (from + v * plane.frame.stride).assumingMemoryBound(to: UInt32.self)
                let row = (to + y * framebuffer.stride).assumingMemoryBound(to: UInt32.self)
                for x in target.x..<target.maxX {
                    row[x] = sourceRow[source.x + (x - destination.x) * source.width / destination.width]
                }
            }
        }
        rfbMarkRectAsModified(screen, Int32(target.x), Int32(target.y), Int32(target.maxX), Int32(target.maxY))
    }
}
