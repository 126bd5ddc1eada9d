import Logging
import Vitrine
import VitrineGraphics
import VitrineInput
import VitrineTestSupport

/// A `LibInputSource` on a `FakeLibInput` and a `TestDisplay`, read at the `InputEvent` level.
@MainActor
final class SourceHarness {
    let fake = FakeLibInput()
    let display: TestDisplay
    let clock = TestClock()
    let logs = LogCapture()
    private(set) var source: LibInputSource!

    /// Queues the devices with `setup`, then starts the source (which takes them in), its
    /// keyboards read by `keyReader` when one is given.
    init(display: TestDisplay = TestDisplay(), configuration: InputConfiguration = InputConfiguration(),
         scale: Double = 1, keyReader: KeyReader? = nil, setup: (FakeLibInput) -> Void) throws(InputError) {
        self.display = display
        setup(fake)
        source = try LibInputSource(backend: fake, configuration: configuration, display: display,
                                    screenScale: scale, clock: clock, keyReader: keyReader, logger: logs.logger)
    }

    /// Dispatches once and returns what the source handed over.
    func events() -> [InputEvent] {
        var out: [InputEvent] = []
        source.dispatch { out.append($0) }
        return out
    }
}

/// Approximate equality of points (mapping does floating-point arithmetic).
func approximatelyEqual(_ a: Point, _ b: Point, tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

extension InputEvent {
    /// The location of a touch down or motion, else nil.
    var location: Point? {
        switch self {
        case let .touchDown(_, location, _, _), let .touchMotion(_, location, _, _): location
        default: nil
        }
    }

    /// A short name of the event kind and its touch, for comparing sequences.
    var summary: String {
        switch self {
        case let .touchDown(id, _, _, _): "down \(id)"
        case let .touchMotion(id, _, _, _): "motion \(id)"
        case let .touchUp(id, _): "up \(id)"
        case let .touchCancel(id, _): "cancel \(id)"
        case .touchFrame: "frame"
        case let .deviceRemoved(device, _): "removed \(device)"
        case let .keyboardAttached(device, _): "keyboard \(device)"
        case let .key(code, state, _, _, _, _): "key \(code) \(state == .pressed ? "down" : "up")"
        case let .switchToggled(kind, isOn, _): "switch \(kind) \(isOn ? "on" : "off")"
        case .scroll: "scroll"
        case .acceleration: "acceleration"
        case .encoder: "encoder"
        case let .scan(scan): "scan \(scan.code)"
        }
    }
}
