import Logging
import SystemPackage

/// The keyboards whose keys `LibInputSource` takes from its `KeyReader` rather than from
/// libinput, by libinput device, and what it keeps about them on the main actor: which keys
/// each holds, how many of these keyboards hold each key (libinput's seat key count, which the
/// source needs to let only a key's first press and last release through), whether a
/// SYN_DROPPED was logged.
///
/// A keyboard is read here from libinput's DEVICE_ADDED to its DEVICE_REMOVED (so it follows
/// hotplug, and a VT switch's suspend and resume); libinput still reads it (its LEDs, its
/// removal), and the source drops libinput's keys from it, so each key arrives once.
@MainActor
final class KeyboardReading {
    /// KEY_CNT: the key codes there are.
    nonisolated static let keyCodeCount = 0x300

    let reader: KeyReader
    private let logger: Logger

    private final class Keyboard {
        let handle: RawDeviceHandle
        let name: String
        let path: String
        var hasLoggedDrop = false
        /// Reading failed (`.lost`): nothing more comes; its keys stay held until libinput
        /// removes the device, whose removal cancels them.
        var isLost = false
        /// One bit per key code: the keys it holds, as read.
        var held = [UInt64](repeating: 0, count: KeyboardReading.keyCodeCount / 64)

        init(handle: RawDeviceHandle, name: String, path: String) {
            self.handle = handle
            self.name = name
            self.path = path
        }
    }

    private var keyboards: [UInt32: Keyboard] = [:]
    private var tokens: [RawDeviceHandle: UInt32] = [:]
    /// Per key code, how many keyboards read here hold it.
    private var seatCounts = [UInt8](repeating: 0, count: KeyboardReading.keyCodeCount)

    init(reader: KeyReader, logger: Logger) {
        self.reader = reader
        self.logger = logger
    }

    /// The names of the keyboards being read, in no order.
    var names: [String] { keyboards.values.map(\.name) }

    /// Whether the keys of libinput's device `handle` come from the reader.
    func isReading(_ handle: RawDeviceHandle) -> Bool { tokens[handle] != nil }

    /// Starts reading the keys of the keyboard libinput added as `info`. Returns false when
    /// its node cannot be opened a second time (logged: libinput then delivers its keys, as
    /// before, and a burst while the app is busy can be lost).
    @discardableResult
    func start(_ info: RawDeviceInfo) -> Bool {
        guard tokens[info.handle] == nil else { return true }
        let path = info.path.isEmpty ? "/dev/input/\(info.sysname)" : info.path
        let token: UInt32
        do {
            token = try reader.add(path: path)
        } catch {
            logger.notice("keyboard \"\(info.name)\" (\(path)): its keys are read by libinput alone, so keys typed in a burst while the app is busy can be lost — it cannot be opened a second time: \(error)")
            return false
        }
        tokens[info.handle] = token
        keyboards[token] = Keyboard(handle: info.handle, name: info.name, path: path)
        logger.debug("keyboard \"\(info.name)\" (\(path)): keys read on the key reader's thread")
        return true
    }

    /// Stops reading the keyboard of libinput's device `handle` (removed, or all devices
    /// released): what it held no longer counts.
    func stop(_ handle: RawDeviceHandle) {
        guard let token = tokens.removeValue(forKey: handle), let keyboard = keyboards.removeValue(forKey: token) else { return }
        for word in keyboard.held.indices where keyboard.held[word] != 0 {
            for bit in 0..<64 where keyboard.held[word] & (1 << UInt64(bit)) != 0 {
                seatCounts[word * 64 + bit] -= 1
            }
        }
        reader.remove(token)
    }

    /// Stops reading every keyboard.
    func stopAll() {
        for handle in Array(tokens.keys) { stop(handle) }
    }

    /// Hands every key queued to `key` (libinput's device, the code, pressed, the seat key
    /// count after it, the kernel's time in microseconds), in the order read, and logs a
    /// SYN_DROPPED once per keyboard. A keyboard whose reading failed is passed to `lost`
    /// with the error (ENODEV: unplugged; its removal by libinput follows). Allocates nothing.
    func drain(key: (RawDeviceHandle, Int, Bool, Int, UInt64) -> Void, lost: (RawDeviceHandle, Errno) -> Void) {
        reader.drain { entry in
            // A keyboard stopped since: what it queued before is ignored.
            guard let keyboard = keyboards[entry.device], !keyboard.isLost else { return }
            switch entry.kind {
            case .pressed, .released:
                let code = Int(entry.code), isPressed = entry.kind == .pressed
                guard code < Self.keyCodeCount else { return }
                let word = code / 64, bit = UInt64(1) << UInt64(code % 64)
                // The kernel passes only changes, and a resync gives the difference: a press of
                // a key held, or a release of one not held (pressed before reading began, whose
                // press libinput had and the source dropped), is not one; libinput ignores it too.
                guard (keyboard.held[word] & bit != 0) != isPressed else { return }
                if isPressed {
                    keyboard.held[word] |= bit
                    seatCounts[code] &+= 1
                } else {
                    keyboard.held[word] &= ~bit
                    seatCounts[code] &-= 1
                }
                key(keyboard.handle, code, isPressed, Int(seatCounts[code]), entry.time)
            case .dropped:
                guard !keyboard.hasLoggedDrop else { return }
                keyboard.hasLoggedDrop = true
                logger.warning("keyboard \"\(keyboard.name)\" (\(keyboard.path)): the kernel dropped key events (SYN_DROPPED) — keys typed meanwhile are lost, and the keys held were brought up to date; the key reader could not keep up (logged once per keyboard)")
            case .lost:
                keyboard.isLost = true
                let error = Errno(rawValue: Int32(entry.code))
                if error == .operationNotSupportedByDevice {
                    logger.debug("keyboard \"\(keyboard.name)\" (\(keyboard.path)) is gone")
                } else {
                    logger.error("keyboard \"\(keyboard.name)\" (\(keyboard.path)): reading its keys failed (\(error)); they are not read until it is plugged in again")
                }
                lost(keyboard.handle, error)
            }
        }
    }
}
