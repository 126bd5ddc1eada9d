import SystemPackage
import VitrineSeams
import VitrineGraphics

// The values of the KMSDevice seam that carry changes and their answers: properties, dumb
// buffers, blobs, atomic requests and their flags, events, pixel formats.

/// One named value of an enum or bitmask property.
package struct KMSPropertyEnum: Hashable, Sendable {
    /// The name (`rotate-90`, `Primary`, `On`).
    package var name: String
    /// The value; for a bitmask property, the *bit number*.
    package var value: UInt64

    /// Creates a named value.
    package init(name: String, value: UInt64) {
        self.name = name
        self.value = value
    }
}

/// What values a property takes.
package enum KMSPropertyKind: Hashable, Sendable {
    /// An unsigned range.
    case range(min: UInt64, max: UInt64)
    /// A signed range (values are two's-complement in the UInt64).
    case signedRange(min: Int64, max: Int64)
    /// One of named values.
    case enumeration([KMSPropertyEnum])
    /// A set of named bits (the value is a mask; each enum value is a bit number).
    case bitmask([KMSPropertyEnum])
    /// A blob id (MODE_ID, FB_DAMAGE_CLIPS, EDID).
    case blob
    /// A mode-object id (CRTC_ID, FB_ID).
    case object
}

/// A property of a mode object, with the value it has now.
package struct KMSProperty: Hashable, Sendable {
    /// The property id (what an atomic commit names).
    package var id: UInt32
    /// The name (`FB_ID`, `rotation`, `FB_DAMAGE_CLIPS`).
    package var name: String
    /// The values it takes.
    package var kind: KMSPropertyKind
    /// The current value.
    package var value: UInt64
    /// Whether userspace cannot change it.
    package var isImmutable: Bool
    /// Whether it exists only for atomic clients.
    package var isAtomic: Bool

    /// Creates a property description.
    package init(id: UInt32, name: String, kind: KMSPropertyKind, value: UInt64 = 0, isImmutable: Bool = false, isAtomic: Bool = false) {
        self.id = id
        self.name = name
        self.kind = kind
        self.value = value
        self.isImmutable = isImmutable
        self.isAtomic = isAtomic
    }

    /// The named values of an enum or bitmask property (empty otherwise).
    package var enums: [KMSPropertyEnum] {
        switch kind {
        case .enumeration(let e), .bitmask(let e): e
        default: []
        }
    }
}

extension Array where Element == KMSProperty {
    /// The property called `name`, if the object has it.
    package func named(_ name: String) -> KMSProperty? { first { $0.name == name } }
}

/// A dumb buffer: CPU-written memory the display can scan out.
package struct KMSDumbBuffer: Hashable, Sendable {
    /// The GEM handle.
    package var handle: UInt32
    /// Bytes per row, as the kernel chose it.
    package var pitch: Int
    /// Bytes in all.
    package var size: Int

    /// Creates a buffer description.
    package init(handle: UInt32, pitch: Int, size: Int) {
        self.handle = handle
        self.pitch = pitch
        self.size = size
    }
}

/// The content of a property blob.
package enum KMSBlob: Hashable, Sendable {
    /// A mode, for the CRTC's MODE_ID (a drm_mode_modeinfo).
    case mode(KMSMode)
    /// Rectangles for a plane's FB_DAMAGE_CLIPS (an array of drm_mode_rect, framebuffer pixels).
    case damageClips([PixelRect])
}

/// Flags of an atomic commit (DRM_MODE_PAGE_FLIP_EVENT, DRM_MODE_ATOMIC_*).
package struct AtomicCommitFlags: OptionSet, Hashable, Sendable {
    /// The raw bits, as the ioctl takes them.
    package var rawValue: UInt32
    /// Creates flags from raw bits.
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// DRM_MODE_PAGE_FLIP_EVENT: queue a flip event when the commit reaches the screen.
    package static let pageFlipEvent = AtomicCommitFlags(rawValue: 0x01)
    /// DRM_MODE_ATOMIC_TEST_ONLY: check, change nothing.
    package static let testOnly = AtomicCommitFlags(rawValue: 0x0100)
    /// DRM_MODE_ATOMIC_NONBLOCK: return at once; EBUSY while a commit is pending.
    package static let nonBlocking = AtomicCommitFlags(rawValue: 0x0200)
    /// DRM_MODE_ATOMIC_ALLOW_MODESET: the commit may change modes and routing.
    package static let allowModeset = AtomicCommitFlags(rawValue: 0x0400)
}

/// The property changes of one atomic commit, in the order they were added. A value the
/// display keeps and refills, so a frame's commit reuses its storage.
package struct AtomicRequest: Hashable, Sendable {
    /// One change: `property` of `object` becomes `value`.
    package struct Change: Hashable, Sendable {
        /// The object (CRTC, connector or plane) id.
        package var object: UInt32
        /// The property id.
        package var property: UInt32
        /// The new value.
        package var value: UInt64

        /// Creates a change.
        package init(object: UInt32, property: UInt32, value: UInt64) {
            self.object = object
            self.property = property
            self.value = value
        }
    }

    /// The changes, in order.
    package private(set) var changes: [Change] = []

    /// An empty request.
    package init() {}

    /// Adds a change.
    package mutating func add(_ object: UInt32, _ property: UInt32, _ value: UInt64) {
        changes.append(Change(object: object, property: property, value: value))
    }

    /// Empties it, keeping its storage.
    package mutating func removeAll() { changes.removeAll(keepingCapacity: true) }

    /// Adds every change of `other`, after its own.
    package mutating func append(_ other: AtomicRequest) { changes.append(contentsOf: other.changes) }

    /// Whether it changes nothing.
    package var isEmpty: Bool { changes.isEmpty }

    /// The value it sets for `property` of `object`, if it sets one.
    package func value(of property: UInt32, on object: UInt32) -> UInt64? {
        changes.last { $0.object == object && $0.property == property }?.value
    }
}

/// An event read from the device.
package struct KMSEvent: Hashable, Sendable {
    /// What completed.
    package enum Kind: Hashable, Sendable {
        /// A requested vblank happened (DRM_EVENT_VBLANK).
        case vblank
        /// A page flip or atomic commit reached the screen (DRM_EVENT_FLIP_COMPLETE).
        case pageFlip
    }

    /// What completed.
    package var kind: Kind
    /// The CRTC it happened on (0 from kernels before 4.12).
    package var crtcID: UInt32
    /// The kernel's vblank counter for that CRTC.
    package var sequence: UInt32
    /// The vblank time, CLOCK_MONOTONIC: seconds part.
    package var seconds: UInt32
    /// The vblank time: microseconds part.
    package var microseconds: UInt32
    /// What the request carried.
    package var userData: UInt64

    /// Creates an event.
    package init(kind: Kind, crtcID: UInt32, sequence: UInt32, seconds: UInt32, microseconds: UInt32, userData: UInt64 = 0) {
        self.kind = kind
        self.crtcID = crtcID
        self.sequence = sequence
        self.seconds = seconds
        self.microseconds = microseconds
        self.userData = userData
    }

    /// The vblank time in seconds on CLOCK_MONOTONIC (the run loop's clock on Linux).
    package var timestamp: Double { Double(seconds) + Double(microseconds) / 1_000_000 }

    /// Parses the events in `bytes` as read(2) returns them from a DRM descriptor (struct
    /// drm_event headers, vblank and flip-complete payloads); unknown events are skipped by
    /// their length, a truncated tail is ignored. What drmHandleEvent does, without a table of
    /// C callbacks.
    package static func parse(_ bytes: UnsafeRawBufferPointer, _ handler: (KMSEvent) -> Void) {
        var offset = 0
        while offset + 8 <= bytes.count {
            let type = bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
            guard length >= 8, offset + length <= bytes.count else { return }
            // struct drm_event_vblank: header (8), user_data (8), tv_sec, tv_usec, sequence, crtc_id.
            if (type == 1 || type == 2), length >= 32 {
                handler(KMSEvent(kind: type == 1 ? .vblank : .pageFlip,
                                 crtcID: bytes.loadUnaligned(fromByteOffset: offset + 28, as: UInt32.self),
                                 sequence: bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt32.self),
                                 seconds: bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt32.self),
                                 microseconds: bytes.loadUnaligned(fromByteOffset: offset + 20, as: UInt32.self),
                                 userData: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
            }
            offset += length
        }
    }
}

/// Fourcc codes of the scanout formats Vitrine uses (drm_fourcc.h).
package enum KMSFourCC {
    /// DRM_FORMAT_XRGB8888 (`XR24`).
    package static let xrgb8888: UInt32 = fourcc("XR24")
    /// DRM_FORMAT_ARGB8888 (`AR24`).
    package static let argb8888: UInt32 = fourcc("AR24")
    /// DRM_FORMAT_RGB565 (`RG16`).
    package static let rgb565: UInt32 = fourcc("RG16")

    /// The code of a four-character name, little-endian as drm_fourcc.h builds it.
    package static func fourcc(_ name: String) -> UInt32 {
        var code: UInt32 = 0
        for (i, byte) in name.utf8.prefix(4).enumerated() { code |= UInt32(byte) << (8 * UInt32(i)) }
        return code
    }

    /// The four characters of `code` (`XR24`); unprintable bytes as `?`.
    package static func name(_ code: UInt32) -> String {
        var s = ""
        for i in 0..<4 {
            let byte = UInt8((code >> (8 * UInt32(i))) & 0xFF)
            s.append(byte >= 0x20 && byte < 0x7F ? Character(Unicode.Scalar(byte)) : "?")
        }
        return s
    }

    /// The code for a Vitrine pixel format, when it is a scanout format.
    package static func code(for format: PixelFormat) -> UInt32? {
        switch format {
        case .xrgb8888: xrgb8888
        case .argb8888: argb8888
        case .rgb565: rgb565
        case .a8: nil
        }
    }
}
