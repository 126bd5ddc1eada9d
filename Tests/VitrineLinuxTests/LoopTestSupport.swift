import Glibc
import SystemPackage
import Testing
import Vitrine
@testable import VitrineLinux

/// Makes a loop for a test, or records why it could not and returns nil.
@MainActor
func makeLoop(handlesSignals: Bool = true) -> EpollMainLoop? {
    do {
        return try EpollMainLoop(handlesSignals: handlesSignals)
    } catch {
        Issue.record("EpollMainLoop could not be created: \(error)")
        return nil
    }
}

/// A timer that stops `loop` after `seconds` if the test's own ending never comes, so a broken
/// loop fails the test instead of hanging the run. `fired` tells whether it had to.
@MainActor
final class Watchdog {
    private(set) var fired = false
    private var timer: LoopTimer?

    init(_ loop: EpollMainLoop, seconds: Double = 5) {
        timer = LoopTimer.scheduled(on: loop, after: seconds) { [weak self, weak loop] _ in
            self?.fired = true
            loop?.stop()
        }
    }

    /// Disarms the watchdog (so it does not count as an armed timer after the test's end).
    func disarm() { timer?.invalidate() }
}

/// An input source over the read end of a non-blocking pipe: every byte read becomes a
/// `touchFrame` whose timestamp is the byte's value. `bytesPerDispatch` limits how much one
/// dispatch reads, to show that the loop watches level-triggered.
@MainActor
final class PipeSource: InputSource {
    let readEnd: FileDescriptor
    let writeEnd: FileDescriptor
    var bytesPerDispatch: Int
    private(set) var dispatches = 0

    init(bytesPerDispatch: Int = 64) throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        self.readEnd = readEnd
        self.writeEnd = writeEnd
        self.bytesPerDispatch = bytesPerDispatch
        let flags = fcntl(readEnd.rawValue, F_GETFL)
        _ = fcntl(readEnd.rawValue, F_SETFL, flags | O_NONBLOCK)
    }

    var fileDescriptor: Int32? { readEnd.rawValue }

    func dispatch(into sink: (InputEvent) -> Void) {
        dispatches += 1
        var buffer = [UInt8](repeating: 0, count: bytesPerDispatch)
        let count = (try? buffer.withUnsafeMutableBytes { try readEnd.read(into: $0) }) ?? 0
        for byte in buffer.prefix(count) { sink(.touchFrame(timestamp: Double(byte))) }
    }

    func write(_ bytes: [UInt8]) {
        _ = try? bytes.withUnsafeBytes { try writeEnd.write($0) }
    }

    func close() {
        try? readEnd.close()
        try? writeEnd.close()
    }
}

/// A source without a descriptor that signals its loop, as `ScriptedInput` does.
@MainActor
final class SignallingSource: SignallingInputSource {
    var readinessHandler: (@MainActor () -> Void)?
    var fileDescriptor: Int32? { nil }
    private var queue: [InputEvent] = []

    func send(_ event: InputEvent) {
        queue.append(event)
        readinessHandler?()
    }

    func dispatch(into sink: (InputEvent) -> Void) {
        let events = queue
        queue.removeAll()
        for event in events { sink(event) }
    }
}

/// The timestamp of a `touchFrame`, else nil.
func frameTimestamp(_ event: InputEvent) -> Double? {
    if case .touchFrame(let timestamp) = event { return timestamp }
    return nil
}

/// Whether `signal` is blocked in the calling thread.
func isBlockedInThisThread(_ signal: Int32) -> Bool {
    var current = sigset_t()
    _ = pthread_sigmask(SIG_BLOCK, nil, &current)
    return sigismember(&current, signal) == 1
}

/// A thread that does not block the loop's signals, as a thread started before the loop (by a
/// library, say) would not: a process-directed signal may be delivered to it. It waits on a
/// pipe until `finish()`.
final class SignalUnblockingThread {
    private var thread = pthread_t()
    private var pipeEnds: [Int32] = [-1, -1]
    private let readEnd = UnsafeMutablePointer<Int32>.allocate(capacity: 1)

    init() {
        _ = pipe(&pipeEnds)
        readEnd.pointee = pipeEnds[0]
        // A new thread starts with its creator's mask: unblock for the creation only.
        var handled = sigset_t()
        sigemptyset(&handled)
        for signal in EpollMainLoop.handledSignals { sigaddset(&handled, signal) }
        var previous = sigset_t()
        _ = pthread_sigmask(SIG_UNBLOCK, &handled, &previous)
        _ = pthread_create(&thread, nil, waitForOneByte, readEnd)
        _ = pthread_sigmask(SIG_SETMASK, &previous, nil)
    }

    /// Ends the thread and waits for it.
    func finish() {
        var byte: UInt8 = 1
        _ = write(pipeEnds[1], &byte, 1)
        _ = pthread_join(thread, nil)
        _ = close(pipeEnds[0])
        _ = close(pipeEnds[1])
        readEnd.deallocate()
    }
}

private func waitForOneByte(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let descriptor = argument?.assumingMemoryBound(to: Int32.self).pointee else { return nil }
    var byte: UInt8 = 0
    // Interrupted by the forwarder's handler (SA_RESTART restarts read; loop anyway).
    while read(descriptor, &byte, 1) < 0 {}
    return nil
}
