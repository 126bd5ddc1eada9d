import CEvdev
import Foundation
import Glibc
import Logging
import SystemPackage
import Vitrine
@testable import VitrineInput

/// An evdev device made of values: capabilities to describe, and an event script to read
/// (normal reads from `events`, sync-mode reads from `syncEvents`). Its descriptor is the read
/// end of a pipe it owns, so that code which touches the descriptor touches nothing else.
@MainActor
final class FakeEvdevNode: EvdevNode {
    let path: String
    var name: String
    var busType: Int
    var vendor = 0
    var product = 0
    var deviceNumber: UInt64?
    var properties: Set<Int> = []
    /// Event codes by type.
    var codes: [Int: Set<Int>] = [:]
    var axes: [Int: EvdevAxisInfo] = [:]
    /// Current values (switch states) by [type, code].
    var values: [[Int]: Int] = [:]
    /// What normal reads return, in order; `.empty` once used up.
    var events: [EvdevRead] = []
    /// What sync-mode reads return, in order; `.empty` once used up.
    var syncEvents: [EvdevRead] = []
    /// What `useMonotonicClock` answers.
    var clockError: Errno?
    private(set) var askedForMonotonicClock = false
    private(set) var isClosed = false
    private(set) var readsWhileSyncing = 0
    private var pipeEnds: (read: Int32, write: Int32)?

    init(path: String, name: String = "Fake", busType: Int = Int(BUS_I2C)) {
        self.path = path
        self.name = name
        self.busType = busType
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 { pipeEnds = (ends[0], ends[1]) }
    }

    isolated deinit { close() }

    var fileDescriptor: Int32? { isClosed ? nil : pipeEnds?.read }

    func hasProperty(_ property: Int) -> Bool { properties.contains(property) }
    func hasEventType(_ type: Int) -> Bool { !(codes[type]?.isEmpty ?? true) }
    func hasEventCode(type: Int, code: Int) -> Bool { codes[type]?.contains(code) ?? false }
    func axisInfo(_ code: Int) -> EvdevAxisInfo? { hasEventCode(type: Int(EV_ABS), code: code) ? axes[code] : nil }
    func eventValue(type: Int, code: Int) -> Int? { hasEventCode(type: type, code: code) ? values[[type, code]] ?? 0 : nil }

    func useMonotonicClock() -> Errno? {
        askedForMonotonicClock = true
        return clockError
    }

    func nextEvent(syncing: Bool) -> EvdevRead {
        if syncing {
            readsWhileSyncing += 1
            return syncEvents.isEmpty ? .empty : syncEvents.removeFirst()
        }
        return events.isEmpty ? .empty : events.removeFirst()
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        if let pipeEnds {
            _ = Glibc.close(pipeEnds.write)
            _ = Glibc.close(pipeEnds.read)
        }
    }

    // MARK: Building

    func enable(_ type: Int32, _ code: Int32) {
        codes[Int(type), default: []].insert(Int(code))
    }

    func enableAxis(_ code: Int32, _ info: EvdevAxisInfo) {
        enable(EV_ABS, code)
        axes[Int(code)] = info
    }

    /// An accelerometer with ABS_X/Y/Z of `resolution` units per g, reading `rest` now.
    static func accelerometer(path: String = "/dev/input/event4", resolution: Int32 = 1024,
                              rest: (Int32, Int32, Int32) = (0, 1024, 0), busType: Int = Int(BUS_I2C)) -> FakeEvdevNode {
        let node = FakeEvdevNode(path: path, name: "Fake accelerometer", busType: busType)
        node.properties = [Int(INPUT_PROP_ACCELEROMETER)]
        node.enable(EV_SYN, SYN_REPORT)
        node.enableAxis(ABS_X, EvdevAxisInfo(value: rest.0, minimum: -4096, maximum: 4095, resolution: resolution))
        node.enableAxis(ABS_Y, EvdevAxisInfo(value: rest.1, minimum: -4096, maximum: 4095, resolution: resolution))
        node.enableAxis(ABS_Z, EvdevAxisInfo(value: rest.2, minimum: -4096, maximum: 4095, resolution: resolution))
        return node
    }
}

/// Event-script shorthands.
enum EvdevScript {
    static func abs(_ code: Int32, _ value: Int32, at time: Double) -> EvdevRead {
        .event(EvdevEvent(type: UInt16(EV_ABS), code: UInt16(code), value: value, time: time))
    }

    static func report(at time: Double) -> EvdevRead {
        .event(EvdevEvent(type: UInt16(EV_SYN), code: UInt16(SYN_REPORT), value: 0, time: time))
    }

    static func dropped(at time: Double) -> EvdevRead {
        .dropped(EvdevEvent(type: UInt16(EV_SYN), code: UInt16(SYN_DROPPED), value: 0, time: time))
    }

    /// X, Y, Z then SYN_REPORT, all at `time`.
    static func frame(_ x: Int32, _ y: Int32, _ z: Int32, at time: Double) -> [EvdevRead] {
        [abs(ABS_X, x, at: time), abs(ABS_Y, y, at: time), abs(ABS_Z, z, at: time), report(at: time)]
    }
}

/// Opens fakes by path and counts the openings.
@MainActor
final class FakeEvdevOpener {
    var nodes: [String: FakeEvdevNode] = [:]
    var failures: [String: EvdevError] = [:]
    /// Makes a fresh node for a path when asked again after the first was closed.
    var make: [String: @MainActor () -> FakeEvdevNode] = [:]
    private(set) var opened: [String] = []
    var udevProperties: [UdevDeviceReference: [String: String]] = [:]
    private(set) var udevQueries: [UdevDeviceReference] = []

    func open(_ path: String) throws(EvdevError) -> any EvdevNode {
        opened.append(path)
        if let failure = failures[path] { throw failure }
        if let node = nodes[path], !node.isClosed { return node }
        if let make = make[path] {
            let node = make()
            nodes[path] = node
            return node
        }
        throw .notFound(path: path)
    }

    var system: AccelerometerSystem {
        AccelerometerSystem(openEvdev: { path throws(EvdevError) in try self.open(path) },
                            udevProperty: { reference, name in
                                self.udevQueries.append(reference)
                                return self.udevProperties[reference]?[name]
                            })
    }
}

/// A temporary directory, removed with everything in it by `remove()`.
struct SysfsTree {
    let path: String

    init() {
        var template = Array("/tmp/vitrine-accel-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        path = String(cString: made!)
    }

    /// Creates `relative` (and its parent directories) holding `contents`.
    func write(_ relative: String, _ contents: String) {
        let full = "\(path)/\(relative)"
        var parent = ""
        for component in full.split(separator: "/").dropLast() {
            parent += "/\(component)"
            mkdir(parent, 0o755)
        }
        let descriptor = Glibc.open(full, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(descriptor >= 0, "cannot create \(full)")
        _ = contents.utf8CString.withUnsafeBufferPointer { Glibc.write(descriptor, $0.baseAddress, $0.count - 1) }
        Glibc.close(descriptor)
    }

    /// Creates the directory `relative`.
    func makeDirectory(_ relative: String) {
        var parent = ""
        for component in "\(path)/\(relative)".split(separator: "/") {
            parent += "/\(component)"
            mkdir(parent, 0o755)
        }
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Whether `a` and `b` are within `tolerance` on every axis.
func nearlyEqual(_ a: Acceleration, _ b: Acceleration, within tolerance: Double = 1e-9) -> Bool {
    Swift.abs(a.x - b.x) <= tolerance && Swift.abs(a.y - b.y) <= tolerance && Swift.abs(a.z - b.z) <= tolerance
}

/// The samples among `events`.
func accelerationSamples(_ events: [InputEvent]) -> [(Acceleration, Double)] {
    events.compactMap { if case .acceleration(let a, let t) = $0 { (a, t) } else { nil } }
}
