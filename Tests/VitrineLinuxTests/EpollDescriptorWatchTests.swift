import Glibc
import SystemPackage
import Testing
import Vitrine
@testable import VitrineLinux

/// `MainLoop.watch` on the epoll loop, with real pipes: level-triggered, once per turn while
/// ready, cancel stops it, a closed or hung-up descriptor never makes the loop spin, and a
/// watched descriptor that is not ready costs no wake-up. Counts and orders, never durations.
@Suite(.serialized)
@MainActor
struct EpollDescriptorWatchTests {
    /// A non-blocking pipe whose read end the test watches.
    final class Pipe {
        let readEnd: FileDescriptor
        let writeEnd: FileDescriptor
        private var isReadEndClosed = false
        private var isWriteEndClosed = false

        init() throws {
            (readEnd, writeEnd) = try FileDescriptor.pipe()
            let flags = fcntl(readEnd.rawValue, F_GETFL)
            _ = fcntl(readEnd.rawValue, F_SETFL, flags | O_NONBLOCK)
        }

        func write(_ bytes: [UInt8]) { _ = try? bytes.withUnsafeBytes { try writeEnd.write($0) } }

        /// Reads at most `limit` bytes; what it read.
        func read(limit: Int) -> [UInt8] {
            var buffer = [UInt8](repeating: 0, count: limit)
            let count = (try? buffer.withUnsafeMutableBytes { try readEnd.read(into: $0) }) ?? 0
            return Array(buffer.prefix(count))
        }

        func closeReadEnd() {
            guard !isReadEndClosed else { return }
            isReadEndClosed = true
            try? readEnd.close()
        }

        func closeWriteEnd() {
            guard !isWriteEndClosed else { return }
            isWriteEndClosed = true
            try? writeEnd.close()
        }

        deinit {
            if !isReadEndClosed { try? readEnd.close() }
            if !isWriteEndClosed { try? writeEnd.close() }
        }
    }

    @Test func aReadableDescriptorIsReportedOncePerTurnWhileDataStays() throws {
        guard let loop = makeLoop(handlesSignals: false) else { return }
        defer { loop.close() }
        let watchdog = Watchdog(loop)
        let pipe = try Pipe()
        var received: [UInt8] = []
        var reports: [(turn: Int, events: DescriptorEvents)] = []
        let watch = try loop.watch(pipe.readEnd.rawValue) { events in
            reports.append((loop.turns, events))
            // One byte per call: what is left keeps the descriptor ready (level-triggered).
            received += pipe.read(limit: 1)
            if received.count == 3 { loop.stop() }
        }
        defer { watch.cancel() }
        pipe.write([1, 2, 3])
        loop.run()
        #expect(received == [1, 2, 3])
        #expect(reports.map(\.turn) == [1, 2, 3])
        #expect(reports.allSatisfy { $0.events == .readable })
        #expect(!watchdog.fired)
    }

    @Test func aWatchedDescriptorThatIsNotReadyCostsNoWakeUp() throws {
        guard let loop = makeLoop(handlesSignals: false) else { return }
        defer { loop.close() }
        let pipe = try Pipe()
        var calls = 0
        let watch = try loop.watch(pipe.readEnd.rawValue) { _ in calls += 1 }
        defer { watch.cancel() }
        LoopTimer.scheduled(on: loop, after: 0.05) { _ in loop.stop() }
        loop.run()
        #expect(calls == 0)
        #expect(loop.wakeUps == 1, "only the timer woke the loop")
        #expect(loop.turns == 1)
    }

    @Test func aCancelledWatchIsNotCalledAndDoesNotWakeTheLoop() throws {
        guard let loop = makeLoop(handlesSignals: false) else { return }
        defer { loop.close() }
        let pipe = try Pipe()
        var calls = 0
        let watch = try loop.watch(pipe.readEnd.rawValue) { _ in calls += 1 }
        watch.cancel()
        #expect(!watch.isActive)
        pipe.write([1])
        LoopTimer.scheduled(on: loop, after: 0.02) { _ in loop.stop() }
        loop.run()
        #expect(calls == 0)
        #expect(loop.wakeUps == 1, "only the timer woke the loop, not the unwatched pipe")
        // The descriptor can be watched again once cancelled.
        let again = try loop.watch(pipe.readEnd.rawValue) { _ in }
        again.cancel()
    }

    @Test func aWatchCancelledByAnEarlierHandlerInTheSameTurnIsNotCalled() throws {
        guard let loop = makeLoop(handlesSignals: false) else { return }
        defer { loop.close() }
        let watchdog = Watchdog(loop)
        let first = try Pipe()
        let second = try Pipe()
        var called: [String] = []
        var firstWatch: DescriptorWatch?
        var secondWatch: DescriptorWatch?
        // Whichever the kernel reports first cancels the other.
        firstWatch = try loop.watch(first.readEnd.rawValue) { _ in
            called.append("first")
            secondWatch?.cancel()
            loop.stop()
        }
        secondWatch = try loop.watch(second.readEnd.rawValue) { _ in
            called.append("second")
            firstWatch?.cancel()
            loop.stop()
        }
        let watches = [firstWatch, secondWatch].compactMap { $0 }
        first.write([1])
        second.write([1])
        loop.run()
        #expect(called.count == 1)
        #expect(watches.filter(\.isActive).count == 1)
        for watch in watches { watch.cancel() }
        #expect(!watchdog.fired)
    }

    @Test func aHangUpIsReportedOnceThenTheWatchEndsAndTheLoopSleeps() throws {
        guard let loop = makeLoop(handlesSignals: false) else { return }
        defer { loop.close() }
        let watchdog = Watchdog(loop)
        let pipe = try Pipe()
        var reports: [DescriptorEvents] = []
        var received: [UInt8] = []
        let watch = try loop.watch(pipe.readEnd.rawValue) { events in
            reports.append(events)
            received += pipe.read(limit: 16)
        }
        pipe.write([7])
        pipe.closeWriteEnd()
        // The pipe stays "hung up" for ever; a loop that kept reporting it would spin.
        LoopTimer.scheduled(on: loop, after: 0.05) { _ in loop.stop() }
        loop.run()
        #expect(reports == [[.readable, .hangUp]])
        #expect(received == [7], "the last call reads what was left")
        #expect(!watch.isActive)
        #expect(loop.wakeUps == 2, "one wake-up for the hang-up, one for the timer")
        watch.cancel()
        watchdog.disarm()
    }

    @Test func aDescriptorClosedWhileWatchedNeverWakesTheLoop() throws {
        guard let loop = makeLoop(handlesSignals: false) else { return }
        defer { loop.close() }
        let pipe = try Pipe()
        var calls = 0
        let watch = try loop.watch(pipe.readEnd.rawValue) { _ in calls += 1 }
        // Readable, then closed by its owner without cancelling: the kernel forgets it.
        pipe.write([1])
        pipe.closeReadEnd()
        LoopTimer.scheduled(on: loop, after: 0.05) { _ in loop.stop() }
        loop.run()
        #expect(calls == 0)
        #expect(loop.wakeUps == 1, "only the timer woke the loop")
        // Cancelling afterwards is harmless.
        watch.cancel()
        #expect(!watch.isActive)
    }

    @Test func descriptorsThatCannotBeWatchedAreTypedErrors() throws {
        guard let loop = makeLoop(handlesSignals: false) else { return }
        defer { loop.close() }
        let pipe = try Pipe()
        let closed = try Pipe()
        let number = closed.readEnd.rawValue
        closed.closeReadEnd()
        #expect(throws: DescriptorWatchError.invalidDescriptor(number, errno: Errno.badFileDescriptor.rawValue)) {
            _ = try loop.watch(number) { _ in }
        }
        #expect(throws: DescriptorWatchError.invalidDescriptor(-1, errno: Errno.badFileDescriptor.rawValue)) {
            _ = try loop.watch(-1) { _ in }
        }
        let watch = try loop.watch(pipe.readEnd.rawValue) { _ in }
        defer { watch.cancel() }
        #expect(throws: DescriptorWatchError.alreadyWatched(pipe.readEnd.rawValue)) {
            _ = try loop.watch(pipe.readEnd.rawValue) { _ in }
        }
        let path = "/tmp/vitrine-watch-\(getpid())"
        let file = try FileDescriptor.open(path, .readWrite, options: [.create, .truncate], permissions: .ownerReadWrite)
        unlink(path)
        defer { try? file.close() }
        #expect(throws: DescriptorWatchError.unwatchable(file.rawValue, errno: Errno.notPermitted.rawValue)) {
            _ = try loop.watch(file.rawValue) { _ in }
        }
        #expect(DescriptorWatchError.invalidDescriptor(3, errno: 9).description.contains("cancel its watch first"))
    }

    @Test func aWritableWatchIsReportedWritable() throws {
        guard let loop = makeLoop(handlesSignals: false) else { return }
        defer { loop.close() }
        let watchdog = Watchdog(loop)
        let pipe = try Pipe()
        var reports: [DescriptorEvents] = []
        let watch = try loop.watch(pipe.writeEnd.rawValue, events: .writable) { events in
            reports.append(events)
            loop.stop()
        }
        defer { watch.cancel() }
        loop.run()
        #expect(reports == [.writable])
        #expect(!watchdog.fired)
    }
}
