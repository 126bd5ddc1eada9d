import Vitrine

/// A clock that tests set by hand.
@MainActor
final class DRMTestClock: TimeSource {
    var now: Double = 0
}

/// The least run loop a `DRMDisplay` needs: it records the descriptor watches and calls them
/// when the test says their descriptor is readable.
@MainActor
final class DRMTestLoop: MainLoop {
    let testClock = DRMTestClock()
    var clock: any TimeSource { testClock }
    private(set) var watches: [DescriptorWatch] = []
    /// The before-waiting observers, in the order added.
    private(set) var observers: [@MainActor () -> Void] = []
    /// `wakeUp()` calls so far.
    private(set) var wakeUps = 0

    func addInputSource(_ source: any InputSource, handler: @escaping @MainActor (InputEvent) -> Void) {}
    func removeInputSource(_ source: any InputSource) {}

    func watch(_ descriptor: Int32, events: DescriptorEvents,
               _ handler: @escaping @MainActor (DescriptorEvents) -> Void) throws(DescriptorWatchError) -> DescriptorWatch {
        guard descriptor >= 0 else { throw .invalidDescriptor(descriptor, errno: 9) }
        let watch = DescriptorWatch(descriptor: descriptor, events: events, handler: handler) { [weak self] ended in
            self?.watches.removeAll { $0 === ended }
        }
        watches.append(watch)
        return watch
    }

    func add(_ timer: LoopTimer) {}
    func remove(_ timer: LoopTimer) {}
    func addBeforeWaitingObserver(_ body: @escaping @MainActor () -> Void) { observers.append(body) }
    func wakeUp() { wakeUps += 1 }
    func run() {}
    func stop() {}

    /// Calls every watch, as a real loop does when their descriptors are readable.
    func dispatchReadySources() {
        for watch in watches { watch.deliver(.readable) }
    }

    /// Runs the before-waiting observers, as a real loop does at the end of each turn.
    func endTurn() {
        for observer in observers { observer() }
    }
}
