// What a test's logger received: the one version of VitrineInputTests' `LogCapture`
// (Support/SourceHarness.swift) and `LogRecorder` (AccelerometerTestSupport.swift),
// VitrineKernelTests' `LogCapture` (Support/LogCapture.swift), VitrineDRMTests' `ModeLogCapture`
// (ApplicationHotplugTests.swift), VitrineBoardTests' `SwitchingLogLines`
// (Support/SwitchingStandIns.swift), the `Lines` of VitrineTests' HierarchyMisuseTests and
// TableViewUpdateTests, and SpeechServiceTests' own in-memory handler.
// Used by: VitrineInputTests (SourceHarness, AppHarness, LibInputContextTests,
// KeyboardRemovalTests, DialEncoderTests, the accelerometer tests), VitrineKernelTests (Apps,
// DisplayTests, DialEncoderTests), VitrineDRMTests (ApplicationHotplugTests), VitrineBoardTests
// (VTSwitchingTests, SeatSessionBoardTests, PowerProfileTests), VitrineTests (HierarchyMisuseTests,
// TableViewUpdateTests) and VitrineSpeechTests (SpeechServiceTests).
import InMemoryLogging
import Logging

/// Collects what a test's logger logs (swift-log's in-memory handler: safe from any thread, so a
/// backend may log from its loop's thread), so a test can read what was said, at which level and
/// how often — or demand that a path ran without a complaint. Lines read as "level: message".
public final class LogCapture: Sendable {
    private let handler: InMemoryLogHandler

    /// A capture of every entry at `level` or above (the loggers it hands out have that level).
    public init(level: Logger.Level = .trace) {
        var handler = InMemoryLogHandler()
        handler.logLevel = level
        self.handler = handler
    }

    /// A logger that writes here, labelled `label`.
    public func logger(label: String) -> Logger {
        let handler = self.handler
        return Logger(label: label) { _ in handler }
    }

    /// A logger that writes here, labelled "test".
    public var logger: Logger { logger(label: "test") }

    /// Every entry so far, in order: its level and its message.
    public var entries: [(level: Logger.Level, message: String)] {
        handler.entries.map { ($0.level, "\($0.message)") }
    }

    /// Every entry so far as "level: message" ("warning: no input devices…").
    public var lines: [String] { lines(atLeast: .trace) }

    /// The entries at `minimum` or above as "level: message", in order.
    public func lines(atLeast minimum: Logger.Level) -> [String] {
        entries.filter { $0.level >= minimum }.map { "\($0.level): \($0.message)" }
    }

    /// The messages logged at exactly `level`, in order.
    public func messages(at level: Logger.Level) -> [String] {
        entries.filter { $0.level == level }.map(\.message)
    }

    /// The messages logged at `minimum` or above, in order.
    public func messages(atLeast minimum: Logger.Level) -> [String] {
        entries.filter { $0.level >= minimum }.map(\.message)
    }

    /// How many messages (at any level) contain `text`.
    public func count(containing text: String) -> Int {
        entries.count { $0.message.contains(text) }
    }
}
