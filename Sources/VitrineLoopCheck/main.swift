// vitrine-loop-check: the epoll run loop's checks that need a process of their own.
//
// Swift Testing runs tests from an async main on the Dispatch main queue, so inside `swift test`
// the loop cannot drain that queue (libdispatch hands a foreign loop the main queue only on the
// main thread of a synchronous main). This program is that synchronous main: it checks that
// `DispatchQueue.main.async`, `Task { @MainActor in … }` and `await` run inside loop turns, that
// an idle second costs one wake-up, that SIGTERM reaches the handler (also when another thread
// would have taken it), and that main.async from another thread wakes the sleeping loop.
// It also pins down how an app waits: `DispatchQueue.main.asyncAfter` and `Task.sleep` run in
// loop turns, while Foundation's `Timer` on `RunLoop.main` never fires (nothing runs Foundation's
// run loop in a Vitrine app), as the README says.
// `scripts/test` runs it; it exits non-zero when a check fails.
import Dispatch
import Foundation
import Glibc
import Vitrine
import VitrineLinux
import CVitrineShims

nonisolated func blockingThread(_ arg: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    var byte: UInt8 = 0
    while read(arg!.assumingMemoryBound(to: Int32.self).pointee, &byte, 1) < 0 {}
    return nil
}

@MainActor func check() -> Int32 {
    var failures = 0
    func expect(_ ok: Bool, _ what: String) { print(ok ? "ok  " : "FAIL", what); if !ok { failures += 1 } }
    let loop = try! EpollMainLoop()
    expect(loop.drainsMainQueue, "drains main queue on the main thread of a sync main")
    var log: [String] = []
    var turnsOf: [String: Int] = [:]
    DispatchQueue.main.async { log.append("dispatch"); turnsOf["dispatch"] = loop.turns }
    Task { @MainActor in
        log.append("task"); turnsOf["task"] = loop.turns
        await Task.yield()
        log.append("after yield")
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.02) { c.resume() }
        }
        log.append("after await"); turnsOf["after await"] = loop.turns
        loop.stop()
    }
    let watchdog = Vitrine.LoopTimer.scheduled(on: loop, after: 5) { _ in log.append("WATCHDOG"); loop.stop() }
    loop.run()
    print(log, turnsOf, "wakeUps", loop.wakeUps, "turns", loop.turns)
    expect(log == ["dispatch", "task", "after yield", "after await"], "order of main-queue work")
    expect((turnsOf["dispatch"] ?? 0) >= 1, "ran inside a turn")

    // Idle with the main queue watched: one timer, one wake-up.
    let w0 = loop.wakeUps, t0 = loop.turns
    Vitrine.LoopTimer.scheduled(on: loop, after: 1) { _ in loop.stop() }
    loop.run()
    expect(loop.wakeUps - w0 == 1 && loop.turns - t0 == 1, "idle second: \(loop.wakeUps - w0) wake-ups, \(loop.turns - t0) turns")

    // A process-directed SIGTERM with dispatch threads around.
    var got: [Int32] = []
    loop.signalHandler = { got.append($0); loop.stop() }
    Vitrine.LoopTimer.scheduled(on: loop, after: 0.01) { _ in _ = kill(getpid(), SIGTERM) }
    loop.run()
    expect(got == [SIGTERM], "SIGTERM reached the handler")

    // DispatchQueue.main.async from another thread wakes the sleeping loop.
    final class Flag: @unchecked Sendable { var value = false }
    let fromGlobal = Flag()
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.02) { DispatchQueue.main.async { fromGlobal.value = true; MainActor.assumeIsolated { loop.stop() } } }
    loop.run()
    expect(fromGlobal.value, "main.async from another thread woke the loop")
    watchdog.invalidate()
    loop.close()

    // A thread made before the loop, with SIGTERM unblocked: the forwarder must send it on.
    var pipeEnds: [Int32] = [0, 0]
    _ = pipe(&pipeEnds)
    var thread = pthread_t()
    let readEnd = UnsafeMutablePointer<Int32>.allocate(capacity: 1); readEnd.pointee = pipeEnds[0]
    _ = pthread_create(&thread, nil, blockingThread, readEnd)
    let loop2 = try! EpollMainLoop()
    var got2: [Int32] = []
    loop2.signalHandler = { got2.append($0); loop2.stop() }
    let before = vitrine_signal_forwarding_count()
    Vitrine.LoopTimer.scheduled(on: loop2, after: 0.01) { _ in _ = kill(getpid(), SIGTERM) }
    let dog2 = Vitrine.LoopTimer.scheduled(on: loop2, after: 5) { _ in loop2.stop() }
    loop2.run()
    dog2.invalidate()
    expect(got2 == [SIGTERM], "SIGTERM taken by an unblocking thread was forwarded (forwarded \(vitrine_signal_forwarding_count() - before))")
    loop2.close()
    var one: UInt8 = 1
    _ = write(pipeEnds[1], &one, 1)
    pthread_join(thread, nil)

    // The documented ways to wait, and the one that does not work.
    let loop3 = try! EpollMainLoop()
    var waited: [String] = []
    DispatchQueue.main.asyncAfter(deadline: .now() + 0.05) { waited.append("asyncAfter") }
    Task { @MainActor in
        try? await Task.sleep(for: .milliseconds(120))
        waited.append("Task.sleep")
    }
    let foundationFired = Flag()
    let foundationTimer = Foundation.Timer(timeInterval: 0.02, repeats: false) { _ in foundationFired.value = true }
    Foundation.RunLoop.main.add(foundationTimer, forMode: .default)
    Vitrine.LoopTimer.scheduled(on: loop3, after: 0.4) { _ in loop3.stop() }
    loop3.run()
    expect(waited == ["asyncAfter", "Task.sleep"], "asyncAfter and Task.sleep ran in loop turns, in order: \(waited)")
    expect(!foundationFired.value, "Foundation's Timer on RunLoop.main does not fire inside a Vitrine app (use LoopTimer, asyncAfter or Task.sleep)")
    foundationTimer.invalidate()
    loop3.close()
    return failures == 0 ? 0 : 1
}

let status = MainActor.assumeIsolated { check() }
exit(status)
