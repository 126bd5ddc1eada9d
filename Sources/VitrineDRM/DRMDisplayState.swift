import VitrineSeams
import VitrineGraphics

/// A page flip's progress, as the display reports it (`DRMDisplay.pageFlip`). The buffer index
/// a case holds is the buffer the kernel may be scanning out or about to: it is not drawn into
/// until the flip is over (Slint's linuxkms keeps its pending buffer alive the same way).
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

/// Everything a `DRMDisplay`'s behaviour depends on besides its buffers and mode, as one value
/// (it replaces ten booleans that could contradict each other). Three parts, because they vary
/// independently: a flip may be in flight while the session is switched away or the connector
/// is unplugged, and the app may ask for a frame in any of these.
struct DRMDisplayState: Equatable {
    /// The flip cycle; it owns the buffer the kernel may read until the flip is over.
    enum Flip: Equatable {
        /// Nothing in flight.
        case idle
        /// `buffer` is committed. Its flip event carries `token`; a legacy modeset sends none
        /// (`completesAtVBlank`), and the next vblank event of ours completes it.
        case pending(buffer: Int, token: UInt64, completesAtVBlank: Bool)
        /// The kernel answered EBUSY: `buffer` waits with its `damage` (scene pixels) for the
        /// next vblank or flip event, and is committed again then.
        case waitingToRetry(buffer: Int, damage: Region)
    }

    /// What the CRTC shows, as far as this display knows.
    enum CRTC: Equatable {
        /// Never modeset by this display: `restore()` leaves it alone.
        case untouched
        /// Modeset by this display before, but the next commit must modeset again (after a
        /// resume, a reconnect, a new rotation or buffers).
        case needsModeset
        /// Showing our configuration: frames are plain flips.
        case configured
    }

    /// Reasons not to present; several may hold at once, and each is lifted on its own.
    struct Holds: OptionSet, Equatable {
        let rawValue: UInt8
        /// `setPower(false)`: CRTC inactive (atomic) or DPMS off (legacy).
        static let poweredOff = Holds(rawValue: 1 << 0)
        /// The connector has no sink.
        static let unplugged = Holds(rawValue: 1 << 1)
        /// The session is switched away (`pause()`).
        static let switchedAway = Holds(rawValue: 1 << 2)
        /// `restore()` ran: for good.
        static let restored = Holds(rawValue: 1 << 3)
    }

    var flip = Flip.idle
    var crtc = CRTC.untouched
    var holds: Holds = []
    /// A hotplug came while a flip was in flight: the connector is probed again once it is over.
    var reprobeAfterFlip = false
    /// The app asked for a frame callback (`requestFrame()`) and has not had it.
    var isFrameRequested = false
    /// The token of the vblank event asked for and not yet received.
    var vblankToken: UInt64?
    /// The kernel's vblank counter at the last frame callback: one vblank is never two frames.
    var lastSignalledSequence: UInt32?

    /// What the display reports as `pageFlip`.
    var publicFlip: PageFlip {
        switch flip {
        case .idle: .idle
        case .pending(let buffer, _, let completesAtVBlank): .pending(buffer: buffer, completesAtVBlank: completesAtVBlank)
        case .waitingToRetry(let buffer, let damage): .busy(buffer: buffer, damage: damage)
        }
    }
}

/// The user data of the events a display asks the kernel for (flip and vblank events), so an
/// event of another commit on the same descriptor (another display, a test commit, a leftover
/// of an earlier display) is told from the one the display waits for.
///
/// A token fits in 32 bits, as the kernel's user data travels through a pointer (32 bits on
/// armv7): `0x56` ("V"), the display's number (mod 256), a serial (mod 65536) that changes with
/// every request. Never 0, which is what commits that ask for no event pass.
@MainActor
struct KMSEventTokens {
    private static var displaysMade: UInt64 = 0
    private let prefix: UInt64
    private var serial: UInt16 = 0

    /// Tokens for a new display.
    init() {
        Self.displaysMade &+= 1
        prefix = 0x5600_0000 | (Self.displaysMade & 0xFF) << 16
    }

    /// A token no recent request of this display carried.
    mutating func next() -> UInt64 {
        serial &+= 1
        return prefix | UInt64(serial)
    }
}
