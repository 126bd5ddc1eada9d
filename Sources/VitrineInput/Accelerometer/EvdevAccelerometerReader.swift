import CEvdev
import SystemPackage
import VitrineSeams

/// Turns an evdev accelerometer's event stream into samples: ABS_X/Y/Z update the axes, each
/// SYN_REPORT yields one sample (scaled to g, turned into the panel's frame), and a
/// SYN_DROPPED is answered with libevdev's resync, after which one sample gives the state the
/// device is really in. Allocates nothing per event.
@MainActor
final class EvdevAccelerometerReader {
    /// The open device; owned by the reader.
    let node: any EvdevNode
    /// g per raw unit, per axis.
    let gPerUnit: (x: Double, y: Double, z: Double)
    /// Sensor frame → panel frame.
    let matrix: MountMatrix
    /// Where timestamps come from when the kernel would not stamp events with CLOCK_MONOTONIC.
    private let fallbackClock: (any TimeSource)?

    /// The axes' raw values as of the last event.
    private var raw: (x: Int32, y: Int32, z: Int32)
    /// Between a SYN_DROPPED and the end of the resync.
    private var isSyncing = false
    /// The time of the last event read, which stamps the sample made after a resync.
    private var lastTime = 0.0

    private static let synType = UInt16(EV_SYN)
    private static let absType = UInt16(EV_ABS)
    private static let report = UInt16(SYN_REPORT)
    private static let xCode = UInt16(ABS_X), yCode = UInt16(ABS_Y), zCode = UInt16(ABS_Z)

    /// Creates a reader of `node`, whose axes are `axes` (ABS_X, Y, Z information), scaled by
    /// `unitsPerG` per axis. Events are stamped by the kernel unless `fallbackClock` is given.
    init(node: any EvdevNode, axes: (x: EvdevAxisInfo, y: EvdevAxisInfo, z: EvdevAxisInfo),
         unitsPerG: (x: Double, y: Double, z: Double), matrix: MountMatrix, fallbackClock: (any TimeSource)?) {
        self.node = node
        self.gPerUnit = (1 / unitsPerG.x, 1 / unitsPerG.y, 1 / unitsPerG.z)
        self.matrix = matrix
        self.fallbackClock = fallbackClock
        self.raw = (axes.x.value, axes.y.value, axes.z.value)
    }

    /// The acceleration the axes say now, in the panel's frame.
    var current: Acceleration {
        matrix.apply(x: Double(raw.x) * gPerUnit.x, y: Double(raw.y) * gPerUnit.y, z: Double(raw.z) * gPerUnit.z)
    }

    /// Reads everything available, handing one `.acceleration` per SYN_REPORT (and one after a
    /// resync) to `sink`. Returns the error when the device is gone (nothing more will come);
    /// `nil` otherwise.
    func drain(into sink: (InputEvent) -> Void) -> Errno? {
        while true {
            switch node.nextEvent(syncing: isSyncing) {
            case .event(let event):
                lastTime = event.time
                if event.type == Self.absType {
                    switch event.code {
                    case Self.xCode: raw.x = event.value
                    case Self.yCode: raw.y = event.value
                    case Self.zCode: raw.z = event.value
                    default: break
                    }
                } else if event.type == Self.synType, event.code == Self.report, !isSyncing {
                    sink(.acceleration(current, timestamp: fallbackClock?.now ?? event.time))
                }
            case .dropped(let event):
                // The kernel lost events: what was read since the last SYN_REPORT is an
                // incomplete frame. libevdev now gives the differences between what it passed
                // on and the device's real state; the axes take them and one sample follows.
                lastTime = event.time
                isSyncing = true
            case .empty:
                guard isSyncing else { return nil }
                isSyncing = false
                sink(.acceleration(current, timestamp: fallbackClock?.now ?? lastTime))
            case .failed(let errno):
                if errno == .resourceTemporarilyUnavailable || errno == .interrupted { return nil }
                isSyncing = false
                return errno
            }
        }
    }
}
