import VitrineGraphics

/// An event delivered to the app: touches, a motion, key presses or a remote-control command
/// (UIKit's `UIEvent`).
///
/// The touch event of an application is one object, reused for every frame of touch input, so
/// delivering touches allocates nothing. Do not keep it beyond the call it was passed to.
@MainActor
public class Event {
    /// What kind of event this is.
    public enum EventType: Sendable, Hashable {
        /// Fingers on the screen.
        case touches
        /// A motion of the device (a shake).
        case motion
        /// Physical keys.
        case presses
        /// A media or remote-control command.
        case remoteControl
        /// A hardware switch (lid, tablet mode).
        case switches
        /// A scroll wheel.
        case scroll
        /// A code read by a barcode scanner.
        case scan
    }

    /// A finer kind, for motion and remote-control events.
    public enum Subtype: Sendable, Hashable {
        /// No subtype (touch and press events).
        case none
        /// The device was shaken.
        case motionShake
        /// Play.
        case remoteControlPlay
        /// Pause.
        case remoteControlPause
        /// Stop.
        case remoteControlStop
        /// Toggle between play and pause.
        case remoteControlTogglePlayPause
        /// Next track.
        case remoteControlNextTrack
        /// Previous track.
        case remoteControlPreviousTrack
        /// Seeking backward began.
        case remoteControlBeginSeekingBackward
        /// Seeking backward ended.
        case remoteControlEndSeekingBackward
        /// Seeking forward began.
        case remoteControlBeginSeekingForward
        /// Seeking forward ended.
        case remoteControlEndSeekingForward
    }

    /// The event's kind.
    public let type: EventType
    /// The event's subtype (`.none` for touches and presses).
    public internal(set) var subtype: Subtype
    /// When the event happened, in seconds on the run loop's clock.
    public internal(set) var timestamp: Double

    var touchStorage: ContiguousArray<Touch>
    var touchMask: UInt64 = 0

    /// Creates an event of `type` (the application creates touch events itself).
    init(type: EventType, subtype: Subtype = .none, timestamp: Double,
         touchStorage: ContiguousArray<Touch> = []) {
        self.type = type
        self.subtype = subtype
        self.timestamp = timestamp
        self.touchStorage = touchStorage
    }

    /// Every touch of the event, including stationary ones; empty for other event types.
    public var allTouches: TouchSet { TouchSet(storage: touchStorage, mask: touchMask) }

    /// The touches of this event whose `view` is `view`.
    public func touches(for view: View) -> TouchSet {
        allTouches.subset { $0.view === view }
    }

    /// The touches of this event that belong to `window`.
    public func touches(for window: Window) -> TouchSet {
        allTouches.subset { $0.window === window }
    }

    /// The touches of this event that `gestureRecognizer` receives.
    public func touches(for gestureRecognizer: GestureRecognizer) -> TouchSet {
        allTouches.subset { $0.recognizers.contains { $0 === gestureRecognizer } }
    }
}

/// A physical key's press (UIKit's `UIPress`).
///
/// Presses come from the application's `PressPool`: a fixed set of objects allocated when the
/// application is made, each serving one held key from its `began` to its `ended` or
/// `cancelled`, then a later key. So a key event allocates nothing. A press is valid while its
/// key is held and during the call that reports its end; do not keep it beyond that (its
/// fields then describe whatever key it serves next).
@MainActor
public final class Press: Hashable, @MainActor CustomStringConvertible {
    /// The press's phase.
    public enum Phase: Sendable, Hashable {
        /// The key went down.
        case began
        /// The key is still down and repeats (auto-repeat), or an analog value changed.
        case changed
        /// Down and unchanged.
        case stationary
        /// The key came up.
        case ended
        /// The press was cancelled: the keyboard went away, the console or the seat switched
        /// away, or the lid closed while the key was held. Its release, if it comes, is not
        /// reported; pressing the key again begins a new press.
        case cancelled
    }

    /// The phase in this event.
    public internal(set) var phase: Phase
    /// The Linux key code (KEY_* of linux/input-event-codes.h).
    public internal(set) var keyCode: Int
    /// The characters a keymap gives for the key (empty when none). Taken as the input source
    /// made it: storing it copies no bytes, and a string of up to 15 UTF-8 bytes (any single
    /// key's characters) is held inline by Swift, so it never allocated in the first place.
    public internal(set) var characters: String
    /// Modifier keys held at the time.
    public internal(set) var modifiers: KeyModifiers
    /// When the press changed, in seconds on the run loop's clock.
    public internal(set) var timestamp: Double
    /// The input device whose key this is (`InputEvent.key`'s `device`, the number its
    /// `deviceRemoved` carries).
    public internal(set) var device: Int
    /// The press's slot in its pool.
    let poolIndex: Int

    init(poolIndex: Int) {
        self.poolIndex = poolIndex
        phase = .ended
        keyCode = 0
        characters = ""
        modifiers = []
        timestamp = 0
        device = 0
    }

    /// Whether the key is held: began, changed or stationary.
    var isHeld: Bool { phase != .ended && phase != .cancelled }

    /// Identity.
    nonisolated public static func == (lhs: Press, rhs: Press) -> Bool { lhs === rhs }
    /// Identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    /// Key code and phase, for logs.
    public var description: String { "Press(key \(keyCode) \(phase))" }
}

/// An event of physical key presses (UIKit's `UIPressesEvent`).
///
/// An application has one, reused for every key event (the pool's `event`), so delivering a
/// key allocates nothing. Do not keep it beyond the call it was passed to.
@MainActor
public final class PressesEvent: Event {
    let pressStorage: ContiguousArray<Press>
    var pressMask: UInt64 = 0

    init(storage: ContiguousArray<Press>) {
        self.pressStorage = storage
        super.init(type: .presses, timestamp: 0)
    }

    /// The presses that changed in this event (the key that went down, repeated or came up;
    /// every held key when they are cancelled).
    public var allPresses: PressSet { PressSet(storage: pressStorage, mask: pressMask) }
}

/// The phase of a motion event.
public enum MotionPhase: Sendable, Hashable {
    /// The motion began (`motionBegan`).
    case began
    /// The motion ended (`motionEnded`).
    case ended
    /// The motion turned out not to be one (`motionCancelled`).
    case cancelled
}

/// A motion event, such as a shake.
@MainActor
public final class MotionEvent: Event {
    /// Whether the motion began, ended or was cancelled.
    public let phase: MotionPhase

    /// Creates a motion event.
    public init(subtype: Subtype, phase: MotionPhase, timestamp: Double) {
        self.phase = phase
        super.init(type: .motion, subtype: subtype, timestamp: timestamp)
    }
}

/// A remote-control event (play, pause, next track…).
@MainActor
public final class RemoteControlEvent: Event {
    /// Creates a remote-control event of `subtype`.
    public init(subtype: Subtype, timestamp: Double) {
        super.init(type: .remoteControl, subtype: subtype, timestamp: timestamp)
    }
}

/// A hardware switch's change (the lid, tablet mode), sent after the application delegate
/// heard of it to the key window's first responder and up the chain.
@MainActor
public final class SwitchEvent: Event {
    /// Which switch changed.
    public let kind: SwitchKind
    /// Its new state: true for a closed lid and for tablet mode.
    public let isOn: Bool

    /// Creates a switch event.
    public init(kind: SwitchKind, isOn: Bool, timestamp: Double) {
        self.kind = kind
        self.isOn = isOn
        super.init(type: .switches, timestamp: timestamp)
    }
}

/// A code a barcode scanner read (`[input] scanners`), sent to the key window's first
/// responder and up the chain as `Responder.scannerDidRead(_:with:)`.
@MainActor
public final class ScanEvent: Event {
    /// The code, its scanner and how it ended.
    public let scan: Scan

    /// Creates a scan event at the scan's time.
    public init(scan: Scan) {
        self.scan = scan
        super.init(type: .scan, timestamp: scan.timestamp)
    }
}

/// A turn of a scroll wheel, sent to the view under the pointer and up the chain.
@MainActor
public final class ScrollEvent: Event {
    /// How far to scroll, in points (positive `y`: the content moves up).
    public internal(set) var delta: Point
    /// Where the pointer is, in screen points.
    public internal(set) var location: Point

    /// Creates a scroll event.
    public init(delta: Point, location: Point, timestamp: Double) {
        self.delta = delta
        self.location = location
        super.init(type: .scroll, timestamp: timestamp)
    }
}
