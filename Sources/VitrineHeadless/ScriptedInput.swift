import VitrineSeams
import VitrineGraphics

/// Input from a script: touch sequences (down, move, up per slot, grouped in frames), keys and
/// switches, fed through the same path real input uses (`InputSource` → `Application.post`).
/// Positions are screen points; timestamps are the clock's current time.
@MainActor
public final class ScriptedInput: SignallingInputSource {
    /// No descriptor: the source signals its loop instead.
    public var fileDescriptor: Int32? { nil }
    /// Set by the run loop.
    public var readinessHandler: (@MainActor () -> Void)?
    /// The device number its touches and keys carry.
    public let device: Int

    private let clock: any TimeSource
    private var queue: [InputEvent] = []
    /// An emptied queue kept for its capacity: `dispatch` swaps it in, so a warm script
    /// allocates nothing per event.
    private var spareQueue: [InputEvent] = []

    /// Creates a script source for `device`, stamping events with `clock`'s time.
    public init(clock: any TimeSource, device: Int = 0) {
        self.clock = clock
        self.device = device
    }

    /// Hands every queued event to `sink`.
    public func dispatch(into sink: (InputEvent) -> Void) {
        var events: [InputEvent] = []
        swap(&events, &spareQueue)
        swap(&events, &queue)
        for event in events { sink(event) }
        events.removeAll(keepingCapacity: true)
        spareQueue = events
    }

    /// Queues `event` as it is.
    public func send(_ event: InputEvent) {
        queue.append(event)
        readinessHandler?()
    }

    /// Queues a finger touching down at `point` in `slot`.
    public func down(_ slot: Int, at point: Point, majorRadius: Double = 0) {
        send(.touchDown(TouchIdentifier(device: device, slot: slot), location: point,
                        majorRadius: majorRadius, timestamp: clock.now))
    }

    /// Queues finger `slot` moving to `point`.
    public func move(_ slot: Int, to point: Point, majorRadius: Double = 0) {
        send(.touchMotion(TouchIdentifier(device: device, slot: slot), location: point,
                          majorRadius: majorRadius, timestamp: clock.now))
    }

    /// Queues finger `slot` lifting.
    public func up(_ slot: Int) {
        send(.touchUp(TouchIdentifier(device: device, slot: slot), timestamp: clock.now))
    }

    /// Queues finger `slot` being cancelled by the system.
    public func cancel(_ slot: Int) {
        send(.touchCancel(TouchIdentifier(device: device, slot: slot), timestamp: clock.now))
    }

    /// Ends the current frame of touch changes.
    public func frame() {
        send(.touchFrame(timestamp: clock.now))
    }

    /// Queues the device going away (its touches and held keys are cancelled).
    public func removeDevice() {
        send(.deviceRemoved(device: device, timestamp: clock.now))
    }

    /// Queues a key press or release.
    public func key(_ code: Int, _ state: KeyState, characters: String = "", modifiers: KeyModifiers = []) {
        send(.key(code: code, state: state, characters: characters, modifiers: modifiers, device: device,
                  timestamp: clock.now))
    }

    /// Queues a barcode scanner's whole code, as the board's scanner source delivers one
    /// (`InputEvent.scan`): what a test of a screen that takes scans sends. The keys a scanner
    /// types, and how they are put together, are `ScannerSource`'s (VitrineInput) to test.
    public func scan(_ code: String, scanner: String = "Scripted Scanner", ending: Scan.Ending = .returnKey,
                     isTruncated: Bool = false) {
        send(.scan(Scan(code: code, scanner: scanner, ending: ending, isTruncated: isTruncated, timestamp: clock.now)))
    }

    /// Queues a switch change.
    public func toggle(_ kind: SwitchKind, isOn: Bool) {
        send(.switchToggled(kind, isOn: isOn, timestamp: clock.now))
    }
}
