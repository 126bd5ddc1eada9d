import CEvdev
import Glibc
import Logging
import SystemPackage
import VitrineSeams

/// The board's rotary encoder (`[input] encoder`) read with libevdev when it turns as a dial
/// (REL_DIAL, as the Griffin PowerMate and most kiosk knobs report): its turns and its push
/// button become the same `.encoder` events the libinput wheel path gives, so the focus engine
/// cannot tell them apart.
///
/// Why libevdev and not libinput: libinput 1.22 (Debian 12) has no dial axis — it drops
/// REL_DIAL, and a device with only REL_DIAL and a BTN_0 button is not taken at all (udev tags
/// it as no known kind). So the encoder's own evdev node is opened, as `HeadphoneJack` does for
/// the sound card's switch, and its descriptor watched by the run loop. When libinput takes the
/// device too (a knob whose button is BTN_LEFT is tagged a mouse, KEY_ENTER a keyboard), the
/// board sets `LibInputSource.encoderIsReadSeparately`, and libinput's events from it are
/// dropped: each turn and press arrives once.
///
/// Mapping: REL_DIAL +n (clockwise) is `.rotated(n)`; REL_WHEEL +n (away from the user) is
/// `.rotated(-n)`, as libinput's wheel path maps it (its high-resolution twin is ignored); any
/// key or button going down is `.pressed`, up `.released` (autorepeat ignored). Events are
/// delivered per SYN_REPORT, stamped with the kernel's time (CLOCK_MONOTONIC, the loop's clock;
/// the loop's clock at reading when the kernel refuses it).
///
/// Contract: `dispatch(into:)` reads what is there without blocking and allocates nothing once
/// warm. SYN_DROPPED drops the frame it cut and resyncs through libevdev: turns lost in the
/// overflow stay lost, a button whose state changed meanwhile is reported as pressed or
/// released. The device vanishing (unplugged, revoked) is logged once; the source then calls
/// `deviceLostHandler` (which should remove it from the loop) and closes the node; nothing
/// else changes. A board reads an encoder plugged in later, or again, through `hotplugKind`.
@MainActor
public final class DialEncoderSource: InputSource {
    /// The encoder's evdev node.
    public let path: String
    /// The device's name, as the driver gives it ("Griffin PowerMate").
    public let name: String
    /// The descriptor the run loop watches; nil once closed.
    public var fileDescriptor: Int32? { node?.fileDescriptor }
    /// Whether the device went away (then nothing more is read).
    public private(set) var isLost = false
    /// Called once when the device goes away, before the node is closed: remove the source
    /// from the loop here.
    public var deviceLostHandler: (@MainActor () -> Void)?

    private var node: (any EvdevNode)?
    private let clock: any TimeSource
    private let logger: Logger
    private let usesKernelTime: Bool
    private var syncing = false
    /// The frame being read (up to its SYN_REPORT): detents turned, then button changes.
    private var frameDetents = 0
    private var frameButtons: [EncoderInput] = []

    /// Reads `node` as the encoder, stamping events on `clock` when the kernel cannot stamp
    /// them with CLOCK_MONOTONIC.
    package init(node: any EvdevNode, clock: any TimeSource, logger: Logger) {
        self.path = node.path
        self.name = node.name
        self.node = node
        self.clock = clock
        self.logger = logger
        self.usesKernelTime = node.useMonotonicClock() == nil
        frameButtons.reserveCapacity(8)
    }

    isolated deinit {
        node?.close()
    }

    /// Opens the encoder `encoder` names — an event node path, or a device name looked up
    /// among `directory`'s `event*` nodes — when it has REL_DIAL. Returns nil when it has no
    /// dial (libinput reads it as a wheel then; logged at debug) or it cannot be found or opened
    /// (logged at info: libinput may still read it).
    public static func open(encoder: String, directory: String = "/dev/input", clock: any TimeSource,
                            logger: Logger = Logger(label: "vitrine.input")) -> DialEncoderSource? {
        open(encoder: encoder, directory: directory, clock: clock, logger: logger, opener: LibEvdevNode.open)
    }

    package static func open(encoder: String, directory: String, clock: any TimeSource, logger: Logger,
                             opener: (String) throws(EvdevError) -> any EvdevNode) -> DialEncoderSource? {
        let found: (any EvdevNode)?
        if encoder.hasPrefix("/") {
            do throws(EvdevError) {
                found = try opener(encoder)
            } catch {
                logger.info("the rotary encoder \(encoder) cannot be opened with libevdev: \(error); only libinput reads it (wheel turns, no dial)")
                return nil
            }
        } else {
            found = find(named: encoder, in: directory, opener: opener)
        }
        guard let node = found else {
            logger.debug("no evdev node named \"\(encoder)\" with a dial (REL_DIAL) in \(directory); libinput reads the encoder")
            return nil
        }
        guard hasDial(node) else {
            logger.debug("the rotary encoder \(node.path) (\(node.name)) has no dial (REL_DIAL); libinput reads its wheel")
            node.close()
            return nil
        }
        logger.info("the rotary encoder \(node.path) (\(node.name)) turns as a dial: read with libevdev")
        return DialEncoderSource(node: node, clock: clock, logger: logger)
    }

    /// Whether `node` turns as a dial.
    static func hasDial(_ node: any EvdevNode) -> Bool {
        node.hasEventCode(type: Int(EV_REL), code: Int(REL_DIAL))
    }

    /// The first `event*` node of `directory` (in number order) called `name` that has a dial;
    /// nodes that cannot be opened are skipped.
    static func find(named name: String, in directory: String,
                     opener: (String) throws(EvdevError) -> any EvdevNode) -> (any EvdevNode)? {
        guard case .success(let paths) = SysfsText.eventNodePaths(in: directory) else { return nil }
        for path in paths {
            guard let node = try? opener(path) else { continue }
            if node.name == name && hasDial(node) { return node }
            node.close()
        }
        return nil
    }

    /// Stops reading and closes the node; idempotent.
    public func close() {
        node?.close()
        node = nil
    }

    // MARK: InputSource

    /// Hands over the encoder events of every complete frame the node has, in order.
    public func dispatch(into sink: (InputEvent) -> Void) {
        guard let node else { return }
        reading: while true {
            switch node.nextEvent(syncing: syncing) {
            case .event(let event):
                take(event, sink)
            case .dropped:
                // The frame the overflow cut is incomplete: dropped; libevdev then gives the
                // changes that bring its state up to the device's.
                frameDetents = 0
                frameButtons.removeAll(keepingCapacity: true)
                syncing = true
            case .empty:
                if syncing {
                    syncing = false
                    flush(at: clock.now, sink)
                    continue reading
                }
                break reading
            case .failed(let error):
                lose(error)
                break reading
            }
        }
    }

    private func take(_ event: EvdevEvent, _ sink: (InputEvent) -> Void) {
        switch Int32(event.type) {
        case EV_REL where event.code == UInt16(REL_DIAL):
            frameDetents += Int(event.value)
        case EV_REL where event.code == UInt16(REL_WHEEL):
            frameDetents -= Int(event.value)
        case EV_KEY where event.value == 0 || event.value == 1:
            frameButtons.append(event.value == 1 ? .pressed : .released)
        case EV_SYN where event.code == UInt16(SYN_REPORT):
            flush(at: usesKernelTime ? event.time : clock.now, sink)
        default:
            break
        }
    }

    private func flush(at time: Double, _ sink: (InputEvent) -> Void) {
        if frameDetents != 0 {
            sink(.encoder(.rotated(frameDetents), timestamp: time))
            frameDetents = 0
        }
        guard !frameButtons.isEmpty else { return }
        for input in frameButtons { sink(.encoder(input, timestamp: time)) }
        frameButtons.removeAll(keepingCapacity: true)
    }

    private func lose(_ error: Errno) {
        guard !isLost else { return }
        isLost = true
        // Unplugging is no fault: a warning, once; a board with hotplug reads it again when it
        // comes back (`hotplugKind`).
        logger.warning("the rotary encoder \(path) (\(name)) is gone (\(error)); focus stays on the keys and the touchscreen until it is plugged in again")
        frameDetents = 0
        frameButtons.removeAll(keepingCapacity: true)
        deviceLostHandler?()
        close()
    }
}
