import CDRM
import Glibc
import SystemPackage
import VitrineGraphics
import VitrineLinux

/// A DRM device node opened with libdrm: the `KMSDevice` of real hardware (and of vkms).
///
/// Owns its descriptor (opened read-write, close-on-exec, non-blocking so reading events
/// never blocks) and closes it when released. Each method is one libdrm call (or two, where
/// libdrm splits one operation), its failure turned into the kernel's `Errno`.
@MainActor
package final class LibDRMDevice: KMSDevice {
    /// The device node.
    package let path: String
    /// The open descriptor.
    package let fileDescriptor: Int32
    /// The node's device number (st_rdev), to recognise its udev events.
    package let deviceNumber: dev_t

    /// Reused by `readEvents`: events are 32 bytes and the kernel queues a handful.
    private let eventBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1024, alignment: 8)
    /// Who opened the descriptor, and closes it at deinit.
    private let opener: any DeviceOpener

    /// Opens `path` directly (open(2)). Throws `DRMError.deviceNotFound` or `.permissionDenied`
    /// (with remedies).
    package convenience init(path: String) throws(DRMError) {
        let opener = DirectDeviceOpener()
        let descriptor: Int32
        do { descriptor = try opener.open(path: path, flags: 0) } catch { throw .opening(path, errno: error.errno) }
        try self.init(path: path, adopting: descriptor, opener: opener)
    }

    /// Takes `descriptor`, which `opener` opened on `path`: the device owns it from here on and
    /// at deinit hands it back to `opener` (a seat also ends its registration). Throws
    /// `.systemCall` (fstat failed: not an open node), having handed the descriptor back already.
    init(path: String, adopting descriptor: Int32, opener: any DeviceOpener) throws(DRMError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let error = Errno(rawValue: errno)
            opener.close(descriptor)
            eventBuffer.deallocate()
            throw .systemCall(path: path, operation: "fstat", errno: error)
        }
        self.path = path
        self.fileDescriptor = descriptor
        self.deviceNumber = info.st_rdev
        self.opener = opener
    }

    /// Opens the card at `path` with `opener` (the board's: directly, or through the seat,
    /// which makes this session DRM master while the seat is enabled and takes master away on
    /// a switch). Throws `DRMError` (opening directly, or fstat), or the seat's `SeatError`.
    package static func open(path: String, through opener: any DeviceOpener) throws -> LibDRMDevice {
        let descriptor: Int32
        do {
            descriptor = try opener.open(path: path, flags: 0)
        } catch {
            switch error {
            case .direct(_, let errno): throw DRMError.opening(path, errno: errno)
            case .seat(let seatError): throw seatError
            }
        }
        return try LibDRMDevice(path: path, adopting: descriptor, opener: opener)
    }

    isolated deinit {
        eventBuffer.deallocate()
        opener.close(fileDescriptor)
    }

    /// The `card*` nodes of `directory`, in numeric order. Throws `.noDevice` when the
    /// directory is missing or holds none, `.notADirectory` when it is something else (a
    /// file, `/dev/null`), `.permissionDenied` when it cannot be read.
    package static func cardPaths(in directory: String = "/dev/dri") throws(DRMError) -> [String] {
        guard let dir = opendir(directory) else {
            let error = Errno(rawValue: errno)
            if error == .permissionDenied { throw .permissionDenied(path: directory) }
            // ENOTDIR: the path, or one of its parents, is something else than a directory.
            if error == .notDirectory {
                var info = stat()
                if stat(directory, &info) == 0 { throw .notADirectory(path: directory) }
            }
            throw .noDevice(directory: directory, directoryExists: error != .noSuchFileOrDirectory && error != .notDirectory)
        }
        defer { closedir(dir) }
        var numbers: [Int] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { cString($0) }
            if name.hasPrefix("card"), let n = Int(name.dropFirst(4)) { numbers.append(n) }
        }
        guard !numbers.isEmpty else { throw .noDevice(directory: directory, directoryExists: true) }
        return numbers.sorted().map { "\(directory)/card\($0)" }
    }

    /// Opens the first `card*` node that does modesetting and has a connected connector.
    /// When none does, throws what stopped the first one (permission, no display…).
    package static func openFirstConnected(in directory: String = "/dev/dri") throws(DRMError) -> LibDRMDevice {
        do {
            return try openFirstConnected(in: directory, through: DirectDeviceOpener())
        } catch let error as DRMError {
            throw error
        } catch {
            // A direct opener throws nothing but DRMError.
            throw .systemCall(path: directory, operation: "open", errno: .ioError)
        }
    }

    /// Opens, with `opener`, the first `card*` node of `directory` that does modesetting and has
    /// a display connected; the others are handed back at once. Throws `DRMError.noDevice` (no
    /// card nodes), `DRMError.noConnectedDevice`, or the error (`DRMError`, or the seat's
    /// `SeatError`) that stopped the first card.
    package static func openFirstConnected(in directory: String = "/dev/dri", through opener: any DeviceOpener) throws -> LibDRMDevice {
        let paths = try cardPaths(in: directory)
        var firstError: (any Error)?
        for path in paths {
            do {
                let device = try open(path: path, through: opener)
                if device.isKMS, device.hasConnectedConnector { return device }
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        if let firstError { throw firstError }
        throw DRMError.noConnectedDevice(tried: paths)
    }

    /// Whether a connector reports a sink (probing, as a modeset would).
    var hasConnectedConnector: Bool {
        guard let res = try? resources() else { return false }
        return res.connectorIDs.contains { (try? connector($0, probing: true))?.status == .connected }
    }

    // MARK: KMSDevice

    /// The driver, from DRM_IOCTL_VERSION.
    package func driver() throws(Errno) -> KMSDriver {
        guard let version = drmGetVersion(fileDescriptor) else { throw lastErrno() }
        defer { drmFreeVersion(version) }
        func text(_ p: UnsafeMutablePointer<CChar>?, _ length: Int32) -> String {
            guard let p, length > 0 else { return "" }
            return p.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
                String(decoding: UnsafeBufferPointer(start: $0, count: Int(length)), as: UTF8.self)
            }
        }
        return KMSDriver(name: text(version.pointee.name, version.pointee.name_len),
                         description: text(version.pointee.desc, version.pointee.desc_len))
    }

    /// Whether the node does modesetting.
    package var isKMS: Bool { drmIsKMS(fileDescriptor) == 1 }

    /// Whether this descriptor is DRM master.
    package var isMaster: Bool { drmIsMaster(fileDescriptor) == 1 }

    /// drmSetMaster.
    package func setMaster() throws(Errno) { try check(drmSetMaster(fileDescriptor)) }

    /// drmDropMaster.
    package func dropMaster() throws(Errno) { try check(drmDropMaster(fileDescriptor)) }

    /// drmGetCap.
    package func capability(_ capability: UInt64) throws(Errno) -> UInt64 {
        var value: UInt64 = 0
        try check(drmGetCap(fileDescriptor, capability, &value))
        return value
    }

    /// drmSetClientCap.
    package func setClientCapability(_ capability: UInt64, to value: UInt64) throws(Errno) {
        try check(drmSetClientCap(fileDescriptor, capability, value))
    }

    /// drmModeGetResources.
    package func resources() throws(Errno) -> KMSResources {
        guard let res = drmModeGetResources(fileDescriptor) else { throw lastErrno() }
        defer { drmModeFreeResources(res) }
        let r = res.pointee
        return KMSResources(crtcIDs: array(r.crtcs, r.count_crtcs),
                            connectorIDs: array(r.connectors, r.count_connectors),
                            encoderIDs: array(r.encoders, r.count_encoders))
    }

    /// drmModeGetConnector (probing) or drmModeGetConnectorCurrent.
    package func connector(_ id: UInt32, probing: Bool) throws(Errno) -> KMSConnector {
        let found = probing ? drmModeGetConnector(fileDescriptor, id) : drmModeGetConnectorCurrent(fileDescriptor, id)
        guard let c = found else { throw lastErrno() }
        defer { drmModeFreeConnector(c) }
        let v = c.pointee
        var modes: [KMSMode] = []
        if let m = v.modes {
            for i in 0..<Int(max(v.count_modes, 0)) { modes.append(KMSMode(m[i])) }
        }
        return KMSConnector(id: v.connector_id, type: v.connector_type, typeID: v.connector_type_id,
                            status: KMSConnectionStatus(rawValue: v.connection.rawValue) ?? .unknown, modes: modes,
                            encoderID: v.encoder_id, possibleEncoderIDs: array(v.encoders, v.count_encoders),
                            widthMillimeters: v.mmWidth, heightMillimeters: v.mmHeight)
    }

    /// drmModeGetEncoder.
    package func encoder(_ id: UInt32) throws(Errno) -> KMSEncoder {
        guard let e = drmModeGetEncoder(fileDescriptor, id) else { throw lastErrno() }
        defer { drmModeFreeEncoder(e) }
        return KMSEncoder(id: e.pointee.encoder_id, type: e.pointee.encoder_type, crtcID: e.pointee.crtc_id,
                          possibleCRTCs: e.pointee.possible_crtcs)
    }

    /// drmModeGetCrtc.
    package func crtc(_ id: UInt32) throws(Errno) -> KMSCRTC {
        guard let c = drmModeGetCrtc(fileDescriptor, id) else { throw lastErrno() }
        defer { drmModeFreeCrtc(c) }
        let v = c.pointee
        return KMSCRTC(id: v.crtc_id, framebufferID: v.buffer_id, x: Int(v.x), y: Int(v.y),
                       mode: v.mode_valid != 0 ? KMSMode(v.mode) : nil)
    }

    /// drmModeGetPlaneResources.
    package func planeIDs() throws(Errno) -> [UInt32] {
        guard let res = drmModeGetPlaneResources(fileDescriptor) else { throw lastErrno() }
        defer { drmModeFreePlaneResources(res) }
        return array(res.pointee.planes, res.pointee.count_planes)
    }

    /// drmModeGetPlane.
    package func plane(_ id: UInt32) throws(Errno) -> KMSPlane {
        guard let p = drmModeGetPlane(fileDescriptor, id) else { throw lastErrno() }
        defer { drmModeFreePlane(p) }
        let v = p.pointee
        return KMSPlane(id: v.plane_id, possibleCRTCs: v.possible_crtcs, crtcID: v.crtc_id, framebufferID: v.fb_id,
                        formats: array(v.formats, v.count_formats))
    }

    /// drmModeObjectGetProperties, then drmModeGetProperty for each.
    package func properties(of objectID: UInt32, type: KMSObjectType) throws(Errno) -> [KMSProperty] {
        guard let list = drmModeObjectGetProperties(fileDescriptor, objectID, type.rawValue) else { throw lastErrno() }
        defer { drmModeFreeObjectProperties(list) }
        var result: [KMSProperty] = []
        for i in 0..<Int(list.pointee.count_props) {
            guard let prop = drmModeGetProperty(fileDescriptor, list.pointee.props[i]) else { continue }
            defer { drmModeFreeProperty(prop) }
            result.append(KMSProperty(prop.pointee, value: list.pointee.prop_values[i]))
        }
        return result
    }

    /// drmModeCreateDumbBuffer.
    package func createDumbBuffer(width: Int, height: Int, bitsPerPixel: Int) throws(Errno) -> KMSDumbBuffer {
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        try check(drmModeCreateDumbBuffer(fileDescriptor, UInt32(width), UInt32(height), UInt32(bitsPerPixel), 0,
                                          &handle, &pitch, &size))
        return KMSDumbBuffer(handle: handle, pitch: Int(pitch), size: Int(size))
    }

    /// drmModeMapDumbBuffer, then mmap of the descriptor at the offset it gives.
    package func mapDumbBuffer(_ buffer: KMSDumbBuffer) throws(Errno) -> UnsafeMutableRawPointer {
        var offset: UInt64 = 0
        try check(drmModeMapDumbBuffer(fileDescriptor, buffer.handle, &offset))
        let p = mmap(nil, buffer.size, PROT_READ | PROT_WRITE, MAP_SHARED, fileDescriptor, off_t(offset))
        guard let p, p != UnsafeMutableRawPointer(bitPattern: -1) else { throw lastErrno() }
        return p
    }

    /// munmap.
    package func unmapDumbBuffer(_ buffer: KMSDumbBuffer, at pointer: UnsafeMutableRawPointer) {
        munmap(pointer, buffer.size)
    }

    /// drmModeDestroyDumbBuffer.
    package func destroyDumbBuffer(_ buffer: KMSDumbBuffer) {
        _ = drmModeDestroyDumbBuffer(fileDescriptor, buffer.handle)
    }

    /// drmModeAddFB2 (one plane, no modifier).
    package func addFramebuffer(_ buffer: KMSDumbBuffer, width: Int, height: Int, fourcc: UInt32) throws(Errno) -> UInt32 {
        let handles: [UInt32] = [buffer.handle, 0, 0, 0]
        let pitches: [UInt32] = [UInt32(buffer.pitch), 0, 0, 0]
        let offsets: [UInt32] = [0, 0, 0, 0]
        var id: UInt32 = 0
        try check(drmModeAddFB2(fileDescriptor, UInt32(width), UInt32(height), fourcc, handles, pitches, offsets, &id, 0))
        return id
    }

    /// drmModeRmFB.
    package func removeFramebuffer(_ id: UInt32) {
        _ = drmModeRmFB(fileDescriptor, id)
    }

    /// drmModeCreatePropertyBlob of a drm_mode_modeinfo or of drm_mode_rect[].
    package func createPropertyBlob(_ blob: KMSBlob) throws(Errno) -> UInt32 {
        var id: UInt32 = 0
        let result: Int32
        switch blob {
        case .mode(let mode):
            var info = mode.modeInfo
            result = withUnsafeBytes(of: &info) { drmModeCreatePropertyBlob(fileDescriptor, $0.baseAddress, $0.count, &id) }
        case .damageClips(let rects):
            let clips = rects.map {
                drm_mode_rect(x1: Int32($0.x), y1: Int32($0.y), x2: Int32($0.maxX), y2: Int32($0.maxY))
            }
            result = clips.withUnsafeBytes { drmModeCreatePropertyBlob(fileDescriptor, $0.baseAddress, $0.count, &id) }
        }
        try check(result)
        return id
    }

    /// drmModeDestroyPropertyBlob.
    package func destroyPropertyBlob(_ id: UInt32) {
        _ = drmModeDestroyPropertyBlob(fileDescriptor, id)
    }

    /// drmModeAtomicAlloc, AddProperty for each change, Commit, Free.
    package func atomicCommit(_ request: AtomicRequest, flags: AtomicCommitFlags, userData: UInt64) throws(Errno) {
        guard let req = drmModeAtomicAlloc() else { throw .noMemory }
        defer { drmModeAtomicFree(req) }
        for change in request.changes {
            let r = drmModeAtomicAddProperty(req, change.object, change.property, change.value)
            if r < 0 { throw Errno(rawValue: -r) }
        }
        try check(drmModeAtomicCommit(fileDescriptor, req, flags.rawValue, UnsafeMutableRawPointer(bitPattern: UInt(userData))))
    }

    /// drmModeSetCrtc.
    package func setCRTC(_ crtcID: UInt32, framebuffer: UInt32, x: Int, y: Int, connectors: [UInt32], mode: KMSMode?) throws(Errno) {
        var ids = connectors
        let result: Int32
        if var info = mode?.modeInfo {
            result = drmModeSetCrtc(fileDescriptor, crtcID, framebuffer, UInt32(x), UInt32(y), &ids, Int32(ids.count), &info)
        } else {
            result = drmModeSetCrtc(fileDescriptor, crtcID, framebuffer, UInt32(x), UInt32(y), &ids, Int32(ids.count), nil)
        }
        try check(result)
    }

    /// drmModePageFlip with DRM_MODE_PAGE_FLIP_EVENT.
    package func pageFlip(_ crtcID: UInt32, framebuffer: UInt32, userData: UInt64) throws(Errno) {
        try check(drmModePageFlip(fileDescriptor, crtcID, framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT),
                                  UnsafeMutableRawPointer(bitPattern: UInt(userData))))
    }

    /// drmModeDirtyFB, the clips clamped to the 16-bit coordinates of drm_clip_rect.
    package func dirtyFramebuffer(_ framebuffer: UInt32, clips: [PixelRect]) throws(Errno) {
        func coordinate(_ value: Int) -> UInt16 { UInt16(clamping: value) }
        var rects = clips.map {
            drm_clip_rect(x1: coordinate($0.x), y1: coordinate($0.y), x2: coordinate($0.maxX), y2: coordinate($0.maxY))
        }
        try check(drmModeDirtyFB(fileDescriptor, framebuffer, &rects, UInt32(rects.count)))
    }

    /// drmModeObjectSetProperty.
    package func setProperty(_ propertyID: UInt32, of objectID: UInt32, type: KMSObjectType, to value: UInt64) throws(Errno) {
        try check(drmModeObjectSetProperty(fileDescriptor, objectID, type.rawValue, propertyID, value))
    }

    /// drmWaitVBlank with DRM_VBLANK_EVENT | DRM_VBLANK_RELATIVE, sequence 1, on the CRTC at `crtcIndex`.
    package func requestVBlankEvent(crtcIndex: Int, userData: UInt64) throws(Errno) {
        var type = DRM_VBLANK_RELATIVE.rawValue | DRM_VBLANK_EVENT.rawValue
        if crtcIndex > 1 {
            type |= (UInt32(crtcIndex) << UInt32(DRM_VBLANK_HIGH_CRTC_SHIFT)) & DRM_VBLANK_HIGH_CRTC_MASK.rawValue
        } else if crtcIndex == 1 {
            type |= DRM_VBLANK_SECONDARY.rawValue
        }
        var vbl = drmVBlank()
        vbl.request.type = drmVBlankSeqType(rawValue: type)
        vbl.request.sequence = 1
        vbl.request.signal = UInt(userData)
        try check(drmWaitVBlank(fileDescriptor, &vbl))
    }

    /// One read(2) of the descriptor, parsed (see `KMSEvent.parse`); nothing when none is
    /// queued (the descriptor is non-blocking). Not reentrant.
    package func readEvents(_ handler: (KMSEvent) -> Void) throws(Errno) {
        var count: Int
        repeat {
            count = read(fileDescriptor, eventBuffer.baseAddress, eventBuffer.count)
        } while count < 0 && errno == EINTR
        if count < 0 {
            let error = Errno(rawValue: errno)
            if error == .resourceTemporarilyUnavailable { return }
            throw error
        }
        // The handler may commit or ask for vblanks (other ioctls), but must not read events
        // again: the buffer is reused, and this call is not reentrant.
        KMSEvent.parse(UnsafeRawBufferPointer(rebasing: eventBuffer[0..<count]), handler)
    }

    // MARK: Helpers

    /// libdrm returns 0, -1 with errno, or -errno (its DRM_IOCTL wrapper): one place turns all into `Errno`.
    private func check(_ result: Int32) throws(Errno) {
        guard result < 0 else { return }
        let code = errno
        throw Errno(rawValue: result == -1 ? code : -result)
    }

    private func lastErrno() -> Errno { Errno(rawValue: errno) }

    private func array<T: BinaryInteger>(_ p: UnsafeMutablePointer<UInt32>?, _ count: T) -> [UInt32] {
        guard let p, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: p, count: Int(count)))
    }
}

/// The text of a NUL-terminated C char array.
func cString(_ bytes: UnsafeRawBufferPointer) -> String {
    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
}

extension KMSMode {
    /// From libdrm's mode.
    init(_ m: drmModeModeInfo) {
        self.init(clock: m.clock, hdisplay: m.hdisplay, hsyncStart: m.hsync_start, hsyncEnd: m.hsync_end, htotal: m.htotal,
                  hskew: m.hskew, vdisplay: m.vdisplay, vsyncStart: m.vsync_start, vsyncEnd: m.vsync_end, vtotal: m.vtotal,
                  vscan: m.vscan, vrefresh: m.vrefresh, flags: m.flags, type: m.type,
                  name: withUnsafeBytes(of: m.name) { cString($0) })
    }

    /// As libdrm's mode (which is the kernel's drm_mode_modeinfo, what MODE_ID blobs hold).
    var modeInfo: drmModeModeInfo {
        var m = drmModeModeInfo()
        m.clock = clock
        m.hdisplay = hdisplay; m.hsync_start = hsyncStart; m.hsync_end = hsyncEnd; m.htotal = htotal; m.hskew = hskew
        m.vdisplay = vdisplay; m.vsync_start = vsyncStart; m.vsync_end = vsyncEnd; m.vtotal = vtotal; m.vscan = vscan
        m.vrefresh = vrefresh
        m.flags = flags
        m.type = type
        withUnsafeMutableBytes(of: &m.name) { dest in
            for (i, byte) in name.utf8.prefix(dest.count - 1).enumerated() { dest[i] = byte }
        }
        return m
    }
}

extension KMSProperty {
    /// From libdrm's property, with the object's current `value`.
    init(_ p: drmModePropertyRes, value: UInt64) {
        let flags = p.flags
        let extended = flags & UInt32(DRM_MODE_PROP_EXTENDED_TYPE)
        var enums: [KMSPropertyEnum] = []
        if let e = p.enums {
            for i in 0..<Int(max(p.count_enums, 0)) {
                enums.append(KMSPropertyEnum(name: withUnsafeBytes(of: e[i].name) { cString($0) }, value: e[i].value))
            }
        }
        func values(_ i: Int) -> UInt64 { i < Int(p.count_values) ? (p.values?[i] ?? 0) : 0 }
        let kind: KMSPropertyKind
        if flags & UInt32(DRM_MODE_PROP_RANGE) != 0 {
            kind = .range(min: values(0), max: values(1))
        } else if extended == 2 << 6 { // DRM_MODE_PROP_SIGNED_RANGE (a function-like macro Swift cannot import)
            kind = .signedRange(min: Int64(bitPattern: values(0)), max: Int64(bitPattern: values(1)))
        } else if extended == 1 << 6 { // DRM_MODE_PROP_OBJECT
            kind = .object
        } else if flags & UInt32(DRM_MODE_PROP_ENUM) != 0 {
            kind = .enumeration(enums)
        } else if flags & UInt32(DRM_MODE_PROP_BITMASK) != 0 {
            kind = .bitmask(enums)
        } else {
            kind = .blob
        }
        self.init(id: p.prop_id, name: withUnsafeBytes(of: p.name) { cString($0) }, kind: kind, value: value,
                  isImmutable: flags & UInt32(DRM_MODE_PROP_IMMUTABLE) != 0,
                  isAtomic: flags & UInt32(DRM_MODE_PROP_ATOMIC) != 0)
    }
}
