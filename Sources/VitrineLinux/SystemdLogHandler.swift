import Glibc
import Logging

/// A swift-log handler writing plain lines to standard error, for a service whose standard
/// error systemd connects to the journal.
///
/// When standard error is the journal's stream (`JOURNAL_STREAM` names its device and inode,
/// systemd.exec(5)), every line starts with the sd-daemon(3) priority prefix (`<3>` error …
/// `<7>` debug), which the journal turns into the entry's priority, so
/// `journalctl -p warning` and the colours of `journalctl` work; each line of a multi-line
/// message gets the prefix, or the journal would file the rest at the default priority.
/// Otherwise (a terminal, a pipe) the level is written as a word. Never ANSI colours, never a
/// timestamp (the journal adds its own).
///
///     <4>vitrine.input: /dev/input/event3: permission denied — add the user to group input
///     warning vitrine.input: /dev/input/event3: permission denied — add the user to group input
public struct SystemdLogHandler: LogHandler {
    /// How lines are written.
    public enum Format: Sendable, Hashable {
        /// `<N>label: message`: the journal's priority prefixes.
        case journal
        /// `level label: message`.
        case plain
    }

    /// The logger's label (`vitrine.drm`).
    public let label: String
    /// How lines are written.
    public let format: Format
    /// The least severe level written.
    public var logLevel: Logger.Level
    /// Metadata added to every message of this handler.
    public var metadata: Logger.Metadata = [:]
    /// Supplies contextual metadata for each message.
    public var metadataProvider: Logger.MetadataProvider?

    private let output: @Sendable (String) -> Void

    /// A handler for `label` writing in `format` (default: journal prefixes when standard error
    /// is the journal) at `logLevel` and above, each message as one string (its lines ending in
    /// a newline) to `output` (default: one `write` to standard error).
    public init(label: String, format: Format = SystemdLogHandler.detectedFormat(), logLevel: Logger.Level = .info,
                metadataProvider: Logger.MetadataProvider? = nil,
                output: @escaping @Sendable (String) -> Void = SystemdLogHandler.writeToStandardError) {
        self.label = label
        self.format = format
        self.logLevel = logLevel
        self.metadataProvider = metadataProvider
        self.output = output
    }

    /// Makes every `Logger` of the process use this handler, at the level of `VITRINE_LOG_LEVEL`
    /// (`trace`, `debug`, `info`, `notice`, `warning`, `error`, `critical`) or `level`. Call it
    /// once, first thing in `main` (swift-log allows one bootstrap per process).
    public static func bootstrap(level: Logger.Level = .info) {
        let format = detectedFormat()
        let chosen = getenv("VITRINE_LOG_LEVEL").flatMap { Logger.Level(rawValue: String(cString: $0).lowercased()) } ?? level
        LoggingSystem.bootstrap { label in SystemdLogHandler(label: label, format: format, logLevel: chosen) }
    }

    /// `.journal` when standard error is the stream `JOURNAL_STREAM` names, else `.plain`.
    public static func detectedFormat() -> Format {
        let value = getenv("JOURNAL_STREAM").map { String(cString: $0) }
        return isJournalStream(value, descriptor: STDERR_FILENO) ? .journal : .plain
    }

    /// Whether `descriptor` is the journal stream that `journalStream` (the value of
    /// `JOURNAL_STREAM`: `device:inode`, in decimal) names. A child that inherited the variable
    /// but whose standard error was redirected elsewhere gets false.
    public static func isJournalStream(_ journalStream: String?, descriptor: Int32) -> Bool {
        guard let journalStream else { return false }
        let parts = journalStream.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return false }
        return UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }

    /// The sd-daemon priority prefix of `level` (syslog's numbers: critical `<2>` … debug `<7>`).
    public static func priorityPrefix(_ level: Logger.Level) -> String {
        switch level {
        case .critical: "<2>"
        case .error: "<3>"
        case .warning: "<4>"
        case .notice: "<5>"
        case .info: "<6>"
        case .debug, .trace: "<7>"
        }
    }

    /// Writes `text` to standard error in one `write` where possible (so lines of concurrent
    /// writers do not interleave), retrying after interruptions and partial writes.
    public static let writeToStandardError: @Sendable (String) -> Void = { text in
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// The metadata value for `key`.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Formats `event` and hands it to the output.
    public func log(event: LogEvent) {
        output(format(event))
    }

    /// The text written for `event`: every line with its prefix, each ending in a newline.
    public func format(_ event: LogEvent) -> String {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let extra = event.metadata { merged.merge(extra) { _, new in new } }
        var body = event.message.description
        if let error = event.error { body += " (error: \(error))" }
        if !merged.isEmpty {
            body += " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        let prefix = switch format {
        case .journal: Self.priorityPrefix(event.level) + label + ": "
        case .plain: "\(event.level) \(label): "
        }
        var text = ""
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            text += prefix
            text += line
            text += "\n"
        }
        return text
    }
}
