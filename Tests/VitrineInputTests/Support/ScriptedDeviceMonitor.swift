import VitrineInput

/// A `DeviceMonitor` the test drives: `deliver` hands a batch of changes to the handler, as
/// udev's socket being readable in one turn would.
@MainActor
final class ScriptedDeviceMonitor: DeviceMonitor {
    /// What `start` throws, when set.
    var startError: DeviceMonitorError?
    private(set) var handler: (@MainActor ([DeviceChange]) -> Void)?
    private(set) var starts = 0
    private(set) var stops = 0

    func start(_ handler: @escaping @MainActor ([DeviceChange]) -> Void) throws(DeviceMonitorError) {
        starts += 1
        if let startError { throw startError }
        self.handler = handler
    }

    func stop() {
        stops += 1
        handler = nil
    }

    /// One turn's changes; false when nothing listens (not started, or stopped).
    @discardableResult
    func deliver(_ changes: [DeviceChange]) -> Bool {
        guard let handler else { return false }
        handler(changes)
        return true
    }
}

extension DeviceDescription {
    /// An evdev node `/dev/input/event<number>` called `name`.
    static func eventNode(_ number: Int, name: String?, properties: [String: String] = [:]) -> DeviceDescription {
        DeviceDescription(subsystem: "input", syspath: "/sys/devices/virtual/input/input\(number)/event\(number)",
                          devnode: "/dev/input/event\(number)", name: name, properties: properties)
    }
}
