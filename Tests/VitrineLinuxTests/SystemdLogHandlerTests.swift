import Glibc
import Logging
import Synchronization
import Testing
@testable import VitrineLinux

/// Collects what a log handler writes.
final class LogRecorder: Sendable {
    private let storage = Mutex<[String]>([])

    func append(_ text: String) { storage.withLock { $0.append(text) } }

    /// Everything written, split into lines.
    var lines: [String] {
        storage.withLock { $0.joined().split(separator: "\n").map(String.init) }
    }
}

@Suite struct SystemdLogHandlerTests {
    private func logger(_ format: SystemdLogHandler.Format, level: Logger.Level = .trace,
                        into recorder: LogRecorder) -> Logger {
        var logger = Logger(label: "vitrine.input") { label in
            SystemdLogHandler(label: label, format: format, output: { recorder.append($0) })
        }
        logger.logLevel = level
        return logger
    }

    @Test func journalLinesCarryTheSdDaemonPriorityPrefix() {
        let recorder = LogRecorder()
        let log = logger(.journal, into: recorder)
        log.critical("c")
        log.error("e")
        log.warning("w")
        log.notice("n")
        log.info("i")
        log.debug("d")
        log.trace("t")
        #expect(recorder.lines == [
            "<2>vitrine.input: c", "<3>vitrine.input: e", "<4>vitrine.input: w", "<5>vitrine.input: n",
            "<6>vitrine.input: i", "<7>vitrine.input: d", "<7>vitrine.input: t",
        ])
    }

    @Test func everyLineOfAMultiLineMessageIsPrefixed() {
        let recorder = LogRecorder()
        logger(.journal, into: recorder).error("first\nsecond")
        #expect(recorder.lines == ["<3>vitrine.input: first", "<3>vitrine.input: second"])
    }

    @Test func plainLinesNameTheLevelAndHaveNoColoursOrTimestamps() {
        let recorder = LogRecorder()
        logger(.plain, into: recorder).warning("/dev/input/event3: permission denied", metadata: ["device": "event3"])
        #expect(recorder.lines == ["warning vitrine.input: /dev/input/event3: permission denied device=event3"])
        #expect(!recorder.lines.joined().contains("\u{1B}"))
    }

    @Test func theLevelFiltersMessages() {
        let recorder = LogRecorder()
        let log = logger(.journal, level: .warning, into: recorder)
        log.info("quiet")
        log.warning("loud")
        #expect(recorder.lines == ["<4>vitrine.input: loud"])
    }

    @Test func handlerMetadataAndMessageMetadataAreSortedAndMerged() {
        let recorder = LogRecorder()
        var log = logger(.plain, into: recorder)
        log[metadataKey: "board"] = "rpi4-dsi7"
        log.info("started", metadata: ["mode": "800x480"])
        #expect(recorder.lines == ["info vitrine.input: started board=rpi4-dsi7 mode=800x480"])
    }

    @Test func theJournalStreamIsRecognisedByDeviceAndInodeOfTheDescriptor() throws {
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        defer { close(pipeEnds[0]); close(pipeEnds[1]) }
        var info = stat()
        #expect(fstat(pipeEnds[1], &info) == 0)
        let value = "\(info.st_dev):\(info.st_ino)"
        #expect(SystemdLogHandler.isJournalStream(value, descriptor: pipeEnds[1]))
        #expect(!SystemdLogHandler.isJournalStream("\(info.st_dev):\(info.st_ino + 1)", descriptor: pipeEnds[1]))
        #expect(!SystemdLogHandler.isJournalStream(nil, descriptor: pipeEnds[1]))
        #expect(!SystemdLogHandler.isJournalStream("garbage", descriptor: pipeEnds[1]))
    }
}
