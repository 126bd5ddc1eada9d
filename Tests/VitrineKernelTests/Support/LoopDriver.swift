import Vitrine
import VitrineLinux

/// Runs an `EpollMainLoop` until a condition holds, bounded by a deadline on the loop's own
/// clock, so a broken backend fails a test instead of hanging the VM.
///
/// The condition is checked at the end of every turn, after the observers added before the
/// driver (an `Application` adds its commit first, so the frame a turn made is already
/// presented when the condition looks). An `EpollMainLoop` cannot drop an observer, so a loop
/// gets one driver, made once and reused for every wait.
@MainActor
final class LoopDriver {
    let loop: EpollMainLoop
    private var condition: (() -> Bool)?

    init(_ loop: EpollMainLoop) {
        self.loop = loop
        loop.addBeforeWaitingObserver { [weak self] in
            guard let self, let condition = self.condition, condition() else { return }
            self.loop.stop()
        }
    }

    /// Runs turns until `condition` holds (checked first, and after each turn) or `timeout`
    /// seconds pass. Returns whether the condition holds.
    @discardableResult
    func run(until condition: @escaping () -> Bool, timeout: Double) -> Bool {
        if condition() { return true }
        self.condition = condition
        defer { self.condition = nil }
        let loop = self.loop
        let deadline = LoopTimer.scheduled(on: loop, after: timeout) { _ in loop.stop() }
        defer { deadline.invalidate() }
        loop.wakeUp()
        loop.run()
        return condition()
    }

    /// Runs the loop for `seconds` of its clock, whatever happens: the real time an idle
    /// measurement needs. The timer that ends it is the one wake-up it causes itself.
    func run(for seconds: Double) {
        let loop = self.loop
        LoopTimer.scheduled(on: loop, after: seconds) { _ in loop.stop() }
        loop.run()
    }
}
