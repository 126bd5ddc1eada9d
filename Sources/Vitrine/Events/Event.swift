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
@MainActor
public final class Press: Hashable, @MainActor CustomStringConvertible {
    /// The press's phase.
    public enum Phase: Sendable, Hashable {
        /// The key went down.
        case began
        /// An analog value changed.
        case changed
        /// Down and unchanged.
        case stationary
        /// The key came up.
        case ended
        /// The press was cancelled.
        case cancelled
    }

    /// The phase in this event.
    public internal(set) var phase: Phase
    /// The Linux key code (KEY_* of linux/input-event-codes.h).
    public let keyCode: Int
    /// The characters a keymap gives for the key (empty when none).
    public let characters: String
    /// Modifier keys held at the time.
    public let modifiers: KeyModifiers
    /// When the press changed, in seconds on the run loop's clock.
    public internal(set) var timestamp: Double

    /// Creates a press.
    public init(phase: Phase, keyCode: Int, characters: String, modifiers: KeyModifiers, timestamp: Double) {
        self.phase = phase
        self.keyCode = keyCode
        self.characters = characters
        self.modifiers = modifiers
        self.timestamp = timestamp
    }

    /// Identity.
    nonisolated public static func == (lhs: Press, rhs: Press) -> Bool { lhs === rhs }
    /// Identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    /// Key code and phase, for logs.
    public var description: String { "Press(key \(keyCode) \(phase))" }
}

/// An event of physical key presses (UIKit's `UIPressesEvent`).
@MainActor
public final class PressesEvent: Event {
    /// Every press of the event.
    public let allPresses: Set<Press>

    /// Creates a presses event.
    public init(presses: Set<Press>, timestamp: Double) {
        self.allPresses = presses
        super.init(type: .presses, timestamp: timestamp)
    }
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
