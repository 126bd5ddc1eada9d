import InMemoryLogging
import Logging

/// Collects what a backend logs at `warning` or above (swift-log's in-memory handler), so a
/// test can demand that a path ran without a complaint (a dropped frame, a failed commit)
/// rather than only that it ended well; a failing expectation shows them.
final class LogCapture: Sendable {
    private let handler = InMemoryLogHandler()

    /// What was logged at warning or above, as "level: message".
    var messages: [String] {
        handler.entries.filter { $0.level >= .warning }.map { "\($0.level): \($0.message)" }
    }

    /// A logger whose handler records into this capture.
    func logger(label: String) -> Logger {
        let handler = self.handler
        return Logger(label: label) { _ in handler }
    }
}
