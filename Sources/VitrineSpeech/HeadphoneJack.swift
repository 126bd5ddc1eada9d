import CEvdev
import Glibc
import Logging
import Vitrine
import VitrineInput

/// The headphone jack's switch (EV_SW / SW_HEADPHONE_INSERT), read with libevdev on the run
/// loop: what turns speech on for `[accessibility] speech = "on-headphones"`.
///
/// Why libevdev and not libinput: libinput (1.22, Debian 12) reports only two switches,
/// `LIBINPUT_SWITCH_LID` and `LIBINPUT_SWITCH_TABLET_MODE`, and does not take a device that has
/// nothing else — such as the sound card's jack ("HDA Intel PCH Headphone"). So the jack's own
/// evdev node is opened, its state read at once, and its descriptor watched for changes.
///
/// Contract: `isPlugged` is the jack's state; `onChange` is called on the main actor with the
/// new state only when it changes (a SYN_DROPPED resync counts as a change when it differs). The
/// jack unplugged from the system (its node gone) is logged and counts as headphones out.
/// `close()` cancels the watch, then closes the node.
@MainActor
public final class HeadphoneJack {
    /// The jack's evdev node.
    public let path: String
    /// The device's name ("HDA Intel PCH Headphone").
    public let name: String
    /// Whether headphones are in.
    public private(set) var isPlugged: Bool
    /// Called with the new state when it changes.
    public var onChange: (@MainActor (Bool) -> Void)?
    /// Whether the node is open and watched (false after `close()` or once it went away).
    public var isOpen: Bool { node != nil }

    private var node: (any EvdevNode)?
    private var watch: DescriptorWatch?
    private let logger: Logger
    private var syncing = false

    /// Reads `node`'s jack state and watches it on `loop`. Throws when the loop cannot watch it.
    package init(node: any EvdevNode, loop: any MainLoop, logger: Logger) throws(DescriptorWatchError) {
        self.path = node.path
        self.name = node.name
        self.node = node
        self.logger = logger
        self.isPlugged = (node.eventValue(type: Int(EV_SW), code: Int(SW_HEADPHONE_INSERT)) ?? 0) != 0
        if let descriptor = node.fileDescriptor {
            watch = try loop.watch(descriptor, events: .readable) { [weak self] ready in self?.readable(ready) }
        }
    }

    isolated deinit {
        close()
    }

    /// Opens the jack at `path`, or (nil) the first node in `directory` that has
    /// SW_HEADPHONE_INSERT, and watches it. Returns nil, having logged why, when there is none
    /// or it cannot be opened or watched.
    public static func open(path: String?, directory: String = "/dev/input", loop: any MainLoop,
                            logger: Logger = Logger(label: "vitrine.speech")) -> HeadphoneJack? {
        open(path: path, directory: directory, loop: loop, logger: logger, opener: LibEvdevNode.open)
    }

    package static func open(path: String?, directory: String, loop: any MainLoop, logger: Logger,
                             opener: (String) throws(EvdevError) -> any EvdevNode) -> HeadphoneJack? {
        let node: any EvdevNode
        do throws(EvdevError) {
            if let path {
                node = try opener(path)
                guard isJack(node) else {
                    node.close()
                    logger.error("speech: \(path) (\(node.name)) has no headphone switch (SW_HEADPHONE_INSERT) — run `vitrine devices` and name the jack's node in [accessibility] jack")
                    return nil
                }
            } else {
                guard let found = try find(in: directory, opener: opener) else {
                    logger.error("speech: no headphone jack found in \(directory) (no device with SW_HEADPHONE_INSERT) — speech stays off until one is plugged in; set [accessibility] speech = \"on\", or name the jack's node in [accessibility] jack")
                    return nil
                }
                node = found
            }
        } catch {
            logger.error("speech: the headphone jack cannot be opened: \(error)")
            return nil
        }
        do throws(DescriptorWatchError) {
            return try HeadphoneJack(node: node, loop: loop, logger: logger)
        } catch {
            node.close()
            logger.error("speech: the headphone jack \(node.path) cannot be watched: \(error)")
            return nil
        }
    }

    /// Whether `node` has the headphone switch.
    static func isJack(_ node: any EvdevNode) -> Bool {
        node.hasEventCode(type: Int(EV_SW), code: Int(SW_HEADPHONE_INSERT))
    }

    /// The first `event*` node of `directory` (in number order) with the headphone switch;
    /// nodes that cannot be opened are skipped.
    static func find(in directory: String, opener: (String) throws(EvdevError) -> any EvdevNode) throws(EvdevError) -> (any EvdevNode)? {
        let paths: [String]
        switch SysfsText.eventNodePaths(in: directory) {
        case .success(let found): paths = found
        case .failure(let error): throw .noInputDirectory(directory: directory, errno: error)
        }
        for path in paths {
            guard let node = try? opener(path) else { continue }
            if isJack(node) { return node }
            node.close()
        }
        return nil
    }

    /// Stops watching and closes the node; idempotent.
    public func close() {
        watch?.cancel()
        watch = nil
        node?.close()
        node = nil
    }

    private func readable(_ ready: DescriptorEvents) {
        guard let node else { return }
        var state = isPlugged
        reading: while true {
            switch node.nextEvent(syncing: syncing) {
            case .event(let event):
                if event.type == UInt16(EV_SW) && event.code == UInt16(SW_HEADPHONE_INSERT) { state = event.value != 0 }
            case .dropped:
                syncing = true
            case .empty:
                if syncing {
                    syncing = false
                    continue reading
                }
                break reading
            case .failed(let error):
                logger.warning("speech: the headphone jack \(path) is gone (\(error)); taking the headphones as out")
                close()
                state = false
                break reading
            }
        }
        if !ready.isDisjoint(with: .terminal) && self.node != nil {
            logger.warning("speech: the headphone jack \(path) hung up; taking the headphones as out")
            close()
            state = false
        }
        guard state != isPlugged else { return }
        isPlugged = state
        onChange?(state)
    }
}
