import SystemPackage
import Vitrine
import VitrineDRM
import VitrineGraphics

/// An in-memory `KMSDevice`: resources described by the test, every call recorded, errors
/// scripted, and flip and vblank events queued only when the test says.
@MainActor
final class FakeKMSDevice: KMSDevice {
    // MARK: Scripted state

    var path = "/dev/dri/card0"
    var fileDescriptor: Int32 = 99
    var driverInfo = KMSDriver(name: "fake", description: "Fake KMS")
    var isKMS = true
    var isMaster = false
    var acceptsAtomic = true
    var makesDumbBuffers = true
    var crtcIDs: [UInt32] = []
    var connectors: [KMSConnector] = []
    var encoders: [KMSEncoder] = []
    var crtcs: [KMSCRTC] = []
    var planes: [KMSPlane] = []
    /// Properties by object id (connectors', CRTCs' and planes' are looked up here).
    var objectProperties: [UInt32: [KMSProperty]] = [:]

    /// The error `setMaster()` fails with, if any.
    var setMasterError: Errno?
    /// Errors the next commits (atomic, setCRTC, pageFlip) fail with, in order.
    var commitErrors: [Errno] = []
    /// Whether TEST_ONLY commits that set a rotation other than rotate-0 fail with EINVAL.
    var refusesRotationTests = false
    /// TEST_ONLY commits that change a property of one of these objects fail with EINVAL (a
    /// plane that cannot take what is asked: scaling, a position).
    var refusesTestsOf: Set<UInt32> = []
    /// The error vblank requests fail with, if any.
    var vblankError: Errno?
    /// Errors the next dumb buffer creations fail with, in order.
    var dumbBufferErrors: [Errno] = []
    /// The error DirtyFB fails with, if any (ENOSYS: a driver with no use for it).
    var dirtyFramebufferError: Errno?

    // MARK: Recorded calls

    struct Commit {
        var request: AtomicRequest
        var flags: AtomicCommitFlags
        var userData: UInt64 = 0
    }
    struct SetCRTC: Equatable {
        var crtcID: UInt32
        var framebuffer: UInt32
        var x: Int
        var y: Int
        var connectors: [UInt32]
        var mode: KMSMode?
    }
    struct Framebuffer {
        var buffer: KMSDumbBuffer
        var width: Int
        var height: Int
        var fourcc: UInt32
    }

    private(set) var setMasterCalls = 0
    private(set) var dropMasterCalls = 0
    private(set) var clientCapabilities: [UInt64: UInt64] = [:]
    private(set) var commits: [Commit] = []
    private(set) var setCRTCCalls: [SetCRTC] = []
    private(set) var pageFlips: [(crtcID: UInt32, framebuffer: UInt32, userData: UInt64)] = []
    private(set) var vblankRequests: [Int] = []
    /// The user data of each vblank request, in order.
    private(set) var vblankUserData: [UInt64] = []
    /// Every DirtyFB call: the framebuffer and its clips.
    private(set) var dirtyFramebuffers: [(framebuffer: UInt32, clips: [PixelRect])] = []
    /// The user data of the last commit or legacy flip that asked for a flip event.
    private(set) var lastFlipUserData: UInt64 = 0
    private(set) var propertySets: [(property: UInt32, object: UInt32, value: UInt64)] = []
    private(set) var blobs: [UInt32: KMSBlob] = [:]
    private(set) var liveBlobs: Set<UInt32> = []
    private(set) var framebuffers: [UInt32: Framebuffer] = [:]
    private(set) var liveDumbBuffers: Set<UInt32> = []
    private(set) var mappings: [UInt32: UnsafeMutableRawPointer] = [:]
    private(set) var probes = 0
    private var nextID: UInt32 = 1000
    private var queuedEvents: [KMSEvent] = []

    isolated deinit {
        for (_, pointer) in mappings { pointer.deallocate() }
    }

    // MARK: Driving

    /// Queues the flip-complete event of the pending commit, at `time` seconds (monotonic),
    /// carrying the user data that commit was given, or `userData` (another commit's event).
    func completeFlip(sequence: UInt32, at time: Double, userData: UInt64? = nil) {
        queuedEvents.append(event(.pageFlip, sequence: sequence, at: time, userData: userData ?? lastFlipUserData))
    }

    /// Queues a vblank event (the answer to the last `requestVBlankEvent`, with its user data,
    /// or `userData`).
    func signalVBlank(sequence: UInt32, at time: Double, userData: UInt64? = nil) {
        queuedEvents.append(event(.vblank, sequence: sequence, at: time, userData: userData ?? vblankUserData.last ?? 0))
    }

    private func event(_ kind: KMSEvent.Kind, sequence: UInt32, at time: Double, userData: UInt64) -> KMSEvent {
        let seconds = UInt32(time.rounded(.down))
        let micro = UInt32(((time - Double(seconds)) * 1_000_000).rounded())
        return KMSEvent(kind: kind, crtcID: crtcIDs.first ?? 0, sequence: sequence, seconds: seconds, microseconds: micro,
                        userData: userData)
    }

    /// The contents of the framebuffer `id`, as a surface over the fake's memory (tests may
    /// read what a real display never reads).
    func surface(ofFramebuffer id: UInt32, format: PixelFormat = .xrgb8888) -> Surface? {
        guard let fb = framebuffers[id], let pointer = mappings[fb.buffer.handle] else { return nil }
        return Surface(wrapping: pointer, width: fb.width, height: fb.height, stride: fb.buffer.pitch, format: format)
    }

    /// Atomic commits that were not TEST_ONLY.
    var appliedCommits: [Commit] { commits.filter { !$0.flags.contains(.testOnly) } }

    /// Dumb buffers created and not destroyed.
    var liveDumbBufferCount: Int { liveDumbBuffers.count }

    // MARK: KMSDevice

    func driver() throws(Errno) -> KMSDriver { driverInfo }

    func setMaster() throws(Errno) {
        setMasterCalls += 1
        if let setMasterError { throw setMasterError }
        isMaster = true
    }

    func dropMaster() throws(Errno) {
        dropMasterCalls += 1
        isMaster = false
    }

    func capability(_ capability: UInt64) throws(Errno) -> UInt64 {
        switch capability {
        case KMSCapability.dumbBuffer: makesDumbBuffers ? 1 : 0
        case KMSCapability.timestampMonotonic: 1
        default: throw .invalidArgument
        }
    }

    func setClientCapability(_ capability: UInt64, to value: UInt64) throws(Errno) {
        if capability == KMSCapability.atomic && !acceptsAtomic { throw .notSupported }
        clientCapabilities[capability] = value
    }

    func resources() throws(Errno) -> KMSResources {
        KMSResources(crtcIDs: crtcs.map(\.id), connectorIDs: connectors.map(\.id), encoderIDs: encoders.map(\.id))
    }

    func connector(_ id: UInt32, probing: Bool) throws(Errno) -> KMSConnector {
        if probing { probes += 1 }
        guard let c = connectors.first(where: { $0.id == id }) else { throw .noSuchFileOrDirectory }
        var copy = c
        copy.properties = []
        return copy
    }

    func encoder(_ id: UInt32) throws(Errno) -> KMSEncoder {
        guard let e = encoders.first(where: { $0.id == id }) else { throw .noSuchFileOrDirectory }
        return e
    }

    func crtc(_ id: UInt32) throws(Errno) -> KMSCRTC {
        guard var c = crtcs.first(where: { $0.id == id }) else { throw .noSuchFileOrDirectory }
        c.properties = []
        return c
    }

    func planeIDs() throws(Errno) -> [UInt32] {
        clientCapabilities[KMSCapability.universalPlanes] == 1 ? planes.map(\.id) : []
    }

    func plane(_ id: UInt32) throws(Errno) -> KMSPlane {
        guard var p = planes.first(where: { $0.id == id }) else { throw .noSuchFileOrDirectory }
        p.properties = []
        return p
    }

    func properties(of objectID: UInt32, type: KMSObjectType) throws(Errno) -> [KMSProperty] {
        let all = objectProperties[objectID] ?? []
        // Atomic-only properties are hidden from clients that did not ask for atomic, as the kernel does.
        return clientCapabilities[KMSCapability.atomic] == 1 ? all : all.filter { !$0.isAtomic }
    }

    func createDumbBuffer(width: Int, height: Int, bitsPerPixel: Int) throws(Errno) -> KMSDumbBuffer {
        if !dumbBufferErrors.isEmpty { throw dumbBufferErrors.removeFirst() }
        nextID += 1
        // Rows padded to 64 bytes, as many drivers do: the display must honour the pitch.
        let pitch = (width * bitsPerPixel / 8 + 63) / 64 * 64
        liveDumbBuffers.insert(nextID)
        return KMSDumbBuffer(handle: nextID, pitch: pitch, size: pitch * height)
    }

    func mapDumbBuffer(_ buffer: KMSDumbBuffer) throws(Errno) -> UnsafeMutableRawPointer {
        let p = UnsafeMutableRawPointer.allocate(byteCount: buffer.size, alignment: 64)
        p.initializeMemory(as: UInt8.self, repeating: 0, count: buffer.size)
        mappings[buffer.handle] = p
        return p
    }

    func unmapDumbBuffer(_ buffer: KMSDumbBuffer, at pointer: UnsafeMutableRawPointer) {
        precondition(mappings[buffer.handle] == pointer, "unmapping what was not mapped")
        mappings[buffer.handle] = nil
        pointer.deallocate()
    }

    func destroyDumbBuffer(_ buffer: KMSDumbBuffer) {
        liveDumbBuffers.remove(buffer.handle)
    }

    func addFramebuffer(_ buffer: KMSDumbBuffer, width: Int, height: Int, fourcc: UInt32) throws(Errno) -> UInt32 {
        nextID += 1
        framebuffers[nextID] = Framebuffer(buffer: buffer, width: width, height: height, fourcc: fourcc)
        return nextID
    }

    func removeFramebuffer(_ id: UInt32) {
        framebuffers[id] = nil
    }

    func createPropertyBlob(_ blob: KMSBlob) throws(Errno) -> UInt32 {
        nextID += 1
        blobs[nextID] = blob
        liveBlobs.insert(nextID)
        return nextID
    }

    func destroyPropertyBlob(_ id: UInt32) {
        liveBlobs.remove(id)
    }

    func atomicCommit(_ request: AtomicRequest, flags: AtomicCommitFlags, userData: UInt64) throws(Errno) {
        commits.append(Commit(request: request, flags: flags, userData: userData))
        if flags.contains(.testOnly) {
            if request.changes.contains(where: { refusesTestsOf.contains($0.object) }) { throw .invalidArgument }
            if refusesRotationTests, let rotation = rotationPropertyID,
               let value = request.changes.first(where: { $0.property == rotation })?.value, value != 1 {
                throw .invalidArgument
            }
            return
        }
        if !commitErrors.isEmpty { throw commitErrors.removeFirst() }
        if flags.contains(.pageFlipEvent) { lastFlipUserData = userData }
    }

    func setCRTC(_ crtcID: UInt32, framebuffer: UInt32, x: Int, y: Int, connectors: [UInt32], mode: KMSMode?) throws(Errno) {
        setCRTCCalls.append(SetCRTC(crtcID: crtcID, framebuffer: framebuffer, x: x, y: y, connectors: connectors, mode: mode))
        if !commitErrors.isEmpty { throw commitErrors.removeFirst() }
    }

    func pageFlip(_ crtcID: UInt32, framebuffer: UInt32, userData: UInt64) throws(Errno) {
        pageFlips.append((crtcID, framebuffer, userData))
        if !commitErrors.isEmpty { throw commitErrors.removeFirst() }
        lastFlipUserData = userData
    }

    func dirtyFramebuffer(_ framebuffer: UInt32, clips: [PixelRect]) throws(Errno) {
        dirtyFramebuffers.append((framebuffer, clips))
        if let dirtyFramebufferError { throw dirtyFramebufferError }
    }

    func setProperty(_ propertyID: UInt32, of objectID: UInt32, type: KMSObjectType, to value: UInt64) throws(Errno) {
        propertySets.append((propertyID, objectID, value))
    }

    func requestVBlankEvent(crtcIndex: Int, userData: UInt64) throws(Errno) {
        if let vblankError { throw vblankError }
        vblankRequests.append(crtcIndex)
        vblankUserData.append(userData)
    }

    func readEvents(_ handler: (KMSEvent) -> Void) throws(Errno) {
        let events = queuedEvents
        queuedEvents.removeAll()
        for event in events { handler(event) }
    }

    private var rotationPropertyID: UInt32? {
        objectProperties.values.lazy.compactMap { $0.named("rotation")?.id }.first
    }
}
