import Logging

/// Collects what a backend logs at `warning` or above, so a test can demand that a path ran
/// without a complaint (a dropped frame, a failed commit) rather than only that it ended well.
/// Messages are also printed, so the VM's log shows them.
final class LogCapture: @unchecked Sendable {
    // Written only from the main actor (every backend logs from the loop's thread).
    private(set) var messages: [String] = []

    /// A logger whose handler records into this capture.
    func logger(label: String) -> Logger {
        Logger(label: label) { _ in Handler(capture: self) }
    }

    fileprivate func append(_ message: String) {
        messages.append(message)
        print("logged: \(message)")
    }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            guard event.level >= .warning else { return }
            capture.append("\(event.level): \(event.message)")
        }
    }
}
