import CDRM
import Glibc
import SystemPackage
import Testing
import VitrineDRM
import VitrineGraphics

/// What a kernel test could not set up, said so that the log tells what is wrong with the VM.
struct KernelSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The DRM devices of the VM.
@MainActor
enum KernelDevices {
    /// The node of the vkms card (`/dev/dri/cardN` whose driver is `vkms`).
    static func vkmsPath() throws -> String {
        let paths: [String]
        do { paths = try LibDRMDevice.cardPaths() } catch {
            throw KernelSetupError("no DRM device in the VM: \(error) — is vkms in the initramfs (scripts/lib/vm/kernel.sh)?")
        }
        for path in paths {
            guard let device = try? LibDRMDevice(path: path) else { continue }
            if (try? device.driver().name) == "vkms" { return path }
        }
        throw KernelSetupError("none of \(paths) is vkms — was the module loaded? (see the VM console)")
    }

    /// The name vkms gives its display connector.
    static let virtualConnector = "Virtual-1"

    /// The id of the connector called `name` on `device`.
    static func connectorID(named name: String, on device: any KMSDevice) throws -> UInt32 {
        let resources = try device.resources()
        for id in resources.connectorIDs where (try? device.connector(id, probing: false))?.name == name {
            return id
        }
        throw KernelSetupError("\(device.path) has no connector \(name)")
    }

    /// The current value of property `name` of a mode object, read from the kernel.
    static func property(_ name: String, of object: UInt32, type: KMSObjectType, on device: any KMSDevice) throws -> UInt64 {
        guard let property = try device.properties(of: object, type: type).named(name) else {
            throw KernelSetupError("\(device.path): object \(object) has no property \(name)")
        }
        return property.value
    }

    /// The rectangles of an FB_DAMAGE_CLIPS blob, read back from the kernel (framebuffer pixels).
    static func damageClips(blob id: UInt32, on device: any KMSDevice) throws -> [PixelRect] {
        guard let blob = drmModeGetPropertyBlob(device.fileDescriptor, id) else {
            throw KernelSetupError("\(device.path): blob \(id) cannot be read: \(Errno(rawValue: errno))")
        }
        defer { drmModeFreePropertyBlob(blob) }
        let count = Int(blob.pointee.length) / MemoryLayout<drm_mode_rect>.stride
        guard let data = blob.pointee.data else { return [] }
        let rects = data.bindMemory(to: drm_mode_rect.self, capacity: count)
        return (0..<count).map { i in
            let r = rects[i]
            return PixelRect(x: Int(r.x1), y: Int(r.y1), width: Int(r.x2 - r.x1), height: Int(r.y2 - r.y1))
        }
    }
}

/// A `KMSDevice` that forwards every call to a real one and records what the display did with
/// it: commits and their outcome, and the events the kernel sent. How the tests see what
/// crossed the kernel boundary (EBUSY, flip sequence numbers) without changing the backend.
@MainActor
final class RecordingDevice: KMSDevice {
    /// One commit (atomic or legacy flip) and what the kernel answered.
    struct Commit {
        var flags: AtomicCommitFlags
        var request: AtomicRequest
        var error: Errno?
        /// The user data its flip event carries (0: none asked for).
        var userData: UInt64 = 0
    }

    let inner: LibDRMDevice
    private(set) var commits: [Commit] = []
    private(set) var events: [KMSEvent] = []
    /// Runs before each commit the display makes (a test can commit something of its own
    /// first, to make the kernel busy).
    var beforeCommit: (@MainActor (AtomicRequest) -> Void)?

    init(_ inner: LibDRMDevice) { self.inner = inner }

    /// Commits the kernel refused with EBUSY.
    var busyCount: Int { commits.count { $0.error == .resourceBusy } }

    var path: String { inner.path }
    var fileDescriptor: Int32 { inner.fileDescriptor }
    func driver() throws(Errno) -> KMSDriver { try inner.driver() }
    var isKMS: Bool { inner.isKMS }
    var isMaster: Bool { inner.isMaster }
    func setMaster() throws(Errno) { try inner.setMaster() }
    func dropMaster() throws(Errno) { try inner.dropMaster() }
    func capability(_ capability: UInt64) throws(Errno) -> UInt64 { try inner.capability(capability) }
    func setClientCapability(_ capability: UInt64, to value: UInt64) throws(Errno) {
        try inner.setClientCapability(capability, to: value)
    }
    func resources() throws(Errno) -> KMSResources { try inner.resources() }
    func connector(_ id: UInt32, probing: Bool) throws(Errno) -> KMSConnector { try inner.connector(id, probing: probing) }
    func encoder(_ id: UInt32) throws(Errno) -> KMSEncoder { try inner.encoder(id) }
    func crtc(_ id: UInt32) throws(Errno) -> KMSCRTC { try inner.crtc(id) }
    func planeIDs() throws(Errno) -> [UInt32] { try inner.planeIDs() }
    func plane(_ id: UInt32) throws(Errno) -> KMSPlane { try inner.plane(id) }
    func properties(of objectID: UInt32, type: KMSObjectType) throws(Errno) -> [KMSProperty] {
        try inner.properties(of: objectID, type: type)
    }
    func createDumbBuffer(width: Int, height: Int, bitsPerPixel: Int) throws(Errno) -> KMSDumbBuffer {
        try inner.createDumbBuffer(width: width, height: height, bitsPerPixel: bitsPerPixel)
    }
    func mapDumbBuffer(_ buffer: KMSDumbBuffer) throws(Errno) -> UnsafeMutableRawPointer { try inner.mapDumbBuffer(buffer) }
    func unmapDumbBuffer(_ buffer: KMSDumbBuffer, at pointer: UnsafeMutableRawPointer) {
        inner.unmapDumbBuffer(buffer, at: pointer)
    }
    func destroyDumbBuffer(_ buffer: KMSDumbBuffer) { inner.destroyDumbBuffer(buffer) }
    func addFramebuffer(_ buffer: KMSDumbBuffer, width: Int, height: Int, fourcc: UInt32) throws(Errno) -> UInt32 {
        try inner.addFramebuffer(buffer, width: width, height: height, fourcc: fourcc)
    }
    func removeFramebuffer(_ id: UInt32) { inner.removeFramebuffer(id) }
    func createPropertyBlob(_ blob: KMSBlob) throws(Errno) -> UInt32 { try inner.createPropertyBlob(blob) }
    func destroyPropertyBlob(_ id: UInt32) { inner.destroyPropertyBlob(id) }

    func atomicCommit(_ request: AtomicRequest, flags: AtomicCommitFlags, userData: UInt64) throws(Errno) {
        if !flags.contains(.testOnly) { beforeCommit?(request) }
        do {
            try inner.atomicCommit(request, flags: flags, userData: userData)
            if !flags.contains(.testOnly) { commits.append(Commit(flags: flags, request: request, error: nil, userData: userData)) }
        } catch {
            if !flags.contains(.testOnly) { commits.append(Commit(flags: flags, request: request, error: error, userData: userData)) }
            throw error
        }
    }

    func setCRTC(_ crtcID: UInt32, framebuffer: UInt32, x: Int, y: Int, connectors: [UInt32], mode: KMSMode?) throws(Errno) {
        try inner.setCRTC(crtcID, framebuffer: framebuffer, x: x, y: y, connectors: connectors, mode: mode)
    }

    func pageFlip(_ crtcID: UInt32, framebuffer: UInt32, userData: UInt64) throws(Errno) {
        do {
            try inner.pageFlip(crtcID, framebuffer: framebuffer, userData: userData)
            commits.append(Commit(flags: .pageFlipEvent, request: AtomicRequest(), error: nil))
        } catch {
            commits.append(Commit(flags: .pageFlipEvent, request: AtomicRequest(), error: error))
            throw error
        }
    }

    func dirtyFramebuffer(_ framebuffer: UInt32, clips: [PixelRect]) throws(Errno) {
        try inner.dirtyFramebuffer(framebuffer, clips: clips)
    }

    func setProperty(_ propertyID: UInt32, of objectID: UInt32, type: KMSObjectType, to value: UInt64) throws(Errno) {
        try inner.setProperty(propertyID, of: objectID, type: type, to: value)
    }

    func requestVBlankEvent(crtcIndex: Int, userData: UInt64) throws(Errno) {
        try inner.requestVBlankEvent(crtcIndex: crtcIndex, userData: userData)
    }

    func readEvents(_ handler: (KMSEvent) -> Void) throws(Errno) {
        try inner.readEvents { event in
            events.append(event)
            handler(event)
        }
    }
}
