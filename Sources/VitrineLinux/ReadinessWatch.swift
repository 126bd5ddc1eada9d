import VitrineSeams

/// How the console's switch signal (`VTSignalReading`) and the seat's connection
/// (`SeatBackend`) are watched on a run loop: they produce no input, so they are no
/// `InputSource`, but a descriptor watch.
///
/// A seam object with a descriptor is watched with `MainLoop.watch` (readable: `onReady` runs in
/// that turn). A stand-in without one calls the readiness handler this installs on it, and
/// `onReady` runs in the loop's next turn (a timer due at once, made once and re-armed, so a
/// readiness costs no allocation). `cancel()` stops both and takes the handler back. One owner:
/// the console's negotiation or the seat's session, which cancels it before closing what it
/// watches.
@MainActor
final class ReadinessWatch {
    private var watch: DescriptorWatch?
    private var timer: LoopTimer?
    private var uninstall: (@MainActor () -> Void)?

    /// Watches `descriptor` on `mainLoop`, or, when it is nil, installs a readiness handler with
    /// `install` (and takes it back with `uninstall`). Throws what `MainLoop.watch` throws.
    init(descriptor: Int32?, mainLoop: any MainLoop,
         install: (@escaping @MainActor () -> Void) -> Void,
         uninstall: @escaping @MainActor () -> Void,
         onReady: @escaping @MainActor () -> Void) throws(DescriptorWatchError) {
        if let descriptor {
            watch = try mainLoop.watch(descriptor) { _ in onReady() }
            return
        }
        // "Never" until a readiness re-arms it: it wakes no loop meanwhile.
        let timer = LoopTimer(fireDate: .infinity) { _ in onReady() }
        timer.schedule(on: mainLoop)
        self.timer = timer
        self.uninstall = uninstall
        install { [weak timer] in
            guard let timer, let loop = timer.mainLoop else { return }
            // Already due (readiness twice in one turn): one `onReady` reads everything.
            if timer.isValid && timer.fireDate <= loop.clock.now { return }
            timer.rearm(at: loop.clock.now)
        }
    }

    /// Whether `onReady` may still run.
    var isActive: Bool { watch?.isActive ?? (timer != nil) }

    /// Stops watching: `onReady` is not called again. Idempotent.
    func cancel() {
        watch?.cancel()
        watch = nil
        timer?.invalidate()
        timer = nil
        uninstall?()
        uninstall = nil
    }
}
