import Vitrine

/// A clock that tests set by hand.
@MainActor
final class DRMTestClock: Clock {
    var now: Double = 0
}

/// The least run loop a `DRMDisplay` needs: it records the sources added and dispatches the
/// ones with a descriptor when the test says their descriptor is readable.
@MainActor
final class DRMTestLoop: RunLoop {
    let testClock = DRMTestClock()
    var clock: any Clock { testClock }
    private(set) var sources: [(source: any InputSource, handler: @MainActor (InputEvent) -> Void)] = []

    func addInputSource(_ source: any InputSource, handler: @escaping @MainActor (InputEvent) -> Void) {
        sources.append((source, handler))
    }

    func removeInputSource(_ source: any InputSource) {
        sources.removeAll { $0.source === source }
    }

    func add(_ timer: Timer) {}
    func remove(_ timer: Timer) {}
    func addBeforeWaitingObserver(_ body: @escaping @MainActor () -> Void) {}
    func wakeUp() {}
    func run() {}
    func stop() {}

    /// Dispatches every watched descriptor, as a real loop does when they are readable.
    func dispatchReadySources() {
        for (source, handler) in sources where source.fileDescriptor != nil {
            source.dispatch { handler($0) }
        }
    }
}
