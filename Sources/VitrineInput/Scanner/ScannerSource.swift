import CEvdev
import Logging
import SystemPackage
import VitrineSeams

/// The board's barcode scanners (`[input] scanners`): each delivers a whole code as one
/// `.scan` event, never keys.
///
/// - **Taken for the app alone.** A scanner's node is opened with libevdev and grabbed
///   (EVIOCGRAB): the kernel gives its events to this client only, so libinput, the console
///   and a focused text field never see a key of it. (`LibInputSource` also drops the keys of
///   a device its configuration names a scanner, for the moment before the grab.)
/// - **Read off the main thread.** Its keys are read by a `KeyReader` of its own, on the
///   reader's thread, as soon as they arrive: a code typed while the main thread is busy is
///   queued whole with the kernel's times, not lost in the kernel's 64-event buffer.
/// - **Its own keymap.** Each scanner has its own XKB state on `ScannerConfiguration.keymap`
///   (`us` by default): the code is the same whatever the panel's layout, and a scanner's
///   Shift never shifts the keyboard's keys.
/// - **One code per scan** (`ScanAssembler`): ended by Return or keypad Enter, or by a pause
///   of `gap` seconds. The pause is read from the keys' times (the kernel's, CLOCK_MONOTONIC,
///   the loop's clock): a key that comes later than the gap after the last begins a new code,
///   and a code no key follows is ended when a loop timer at its last key plus the gap wakes
///   the source (`KeyReader.wake()`), which compares that deadline with the loop's now after
///   draining every key read — a stall never splits a code, and nothing sleeps.
/// - **Bounded.** At most `maximumLength` characters a code (a longer one is cut, logged and
///   delivered with `Scan.isTruncated`); a key allocates nothing once the scanner is open.
/// - **Unplugged mid-scan**: the partial code is dropped and logged; a scanner plugged in
///   again is read again when `attach(name:path:)` is called for it (the board does on
///   libinput's hotplug).
///
/// Contract: an `InputSource` whose descriptor is the reader's readiness; `dispatch(into:)`
/// never blocks. The reader's thread is started with the source and joined when it goes.
@MainActor
public final class ScannerSource: InputSource {
    /// What the scanners are and how their codes are read.
    public let configuration: ScannerConfiguration
    /// Readable when keys are queued or a code may have ended; the loop watches it.
    public var fileDescriptor: Int32? { reader.readyDescriptor }
    /// The names of the scanners being read, in the order they were opened.
    public var scannersRead: [String] { order.compactMap { scanners[$0]?.name } }

    /// How many characters the codes being read hold so far, over every scanner (tests).
    package var pendingCharacters: Int { scanners.values.reduce(0) { $0 + $1.assembler.pendingCharacters } }

    private let reader: KeyReader
    private let clock: any TimeSource
    private let logger: Logger
    private weak var loop: (any MainLoop)?
    /// Wakes the source when the earliest code being read would end by a pause.
    private var pauseTimer: LoopTimer?

    /// One scanner being read.
    private final class Scanner {
        let name: String
        let path: String
        let translator: KeyTranslator
        var assembler: ScanAssembler
        var hasLoggedDrop = false
        var hasLoggedTruncation = false

        init(name: String, path: String, translator: KeyTranslator, assembler: ScanAssembler) {
            self.name = name
            self.path = path
            self.translator = translator
            self.assembler = assembler
        }
    }

    private var scanners: [UInt32: Scanner] = [:]
    private var order: [UInt32] = []

    /// Starts reading the scanners of `configuration` present now among `directory`'s
    /// `event*` nodes (by name, read from `sysfs`, or by node), on `loop` (its clock, its
    /// timers; add the source to it). Throws `InputError.invalidConfiguration` for a bad
    /// configuration and `.systemCall` when the reader's thread cannot start. A scanner not
    /// plugged in is logged and read once `attach` is called for it.
    public convenience init(configuration: ScannerConfiguration, loop: any MainLoop, directory: String = "/dev/input",
                            sysfs: String = "/sys/class/input",
                            logger: Logger = Logger(label: "vitrine.input")) throws(InputError) {
        try configuration.validate()
        let reader = try KeyReader(opener: LibEvdevKeyboardStream.openGrabbing)
        self.init(configuration: configuration, loop: loop, reader: reader, logger: logger)
        attachPresent(directory: directory, sysfs: sysfs)
    }

    /// A source reading through `reader` (whose opener should grab), on `loop`.
    package init(configuration: ScannerConfiguration, loop: any MainLoop, reader: KeyReader, logger: Logger) {
        self.configuration = configuration
        self.reader = reader
        self.clock = loop.clock
        self.logger = logger
        self.loop = loop
        order.reserveCapacity(4)
        let timer = LoopTimer(fireDate: .infinity) { [weak self] _ in self?.reader.wake() }
        timer.schedule(on: loop)
        pauseTimer = timer
    }

    isolated deinit {
        pauseTimer?.invalidate()
    }

    /// Opens every scanner of the configuration among `directory`'s `event*` nodes, named as
    /// `sysfs` (`/sys/class/input`) says; logs the entries found nowhere.
    package func attachPresent(directory: String, sysfs: String) {
        var found: Set<String> = []
        if case .success(let paths) = SysfsText.eventNodePaths(in: directory) {
            for path in paths {
                let node = path.split(separator: "/").last.map(String.init) ?? path
                let name = (try? SysfsText.read("\(sysfs)/\(node)/device/name").get()) ?? ""
                for entry in configuration.devices where ScannerConfiguration.matches([entry], name: name, path: path) {
                    found.insert(entry)
                }
                if configuration.names(name: name, path: path) { attach(name: name, path: path) }
            }
        }
        for entry in configuration.devices where !found.contains(entry) {
            logger.notice("scanner \"\(entry)\" is not plugged in (no \(directory)/event* node has that name or path): its codes are read once it is")
        }
    }

    /// Reads the scanner called `name` at node `path` (a device the configuration names:
    /// the board calls this on libinput's hotplug). Does nothing for one read already.
    /// Returns whether it is read; a node that cannot be opened or grabbed is logged with
    /// what to do (its keys still never reach the app as typing: libinput drops them).
    @discardableResult
    public func attach(name: String, path: String) -> Bool {
        if scanners.values.contains(where: { $0.path == path }) { return true }
        let token: UInt32
        do {
            token = try reader.add(path: path)
        } catch {
            logger.error("scanner \"\(name)\" (\(path)) cannot be read: \(error) — its codes are lost; run the app in group `input` (or as root), and make sure no other program grabs the scanner")
            return false
        }
        let translator = KeyTranslator(names: configuration.keymap, logger: logger)
        scanners[token] = Scanner(name: name, path: path, translator: translator,
                                  assembler: ScanAssembler(scanner: name, gap: configuration.gap,
                                                           maximumLength: configuration.maximumLength))
        order.append(token)
        logger.info("scanner \"\(name)\" (\(path)): read on its own, keymap \(configuration.keymap.layout); its keys never reach the app as typing")
        return true
    }

    /// Stops reading every scanner (their grabs end; codes being read are dropped). The
    /// board calls it at shutdown; `attach` reads one again.
    public func close() {
        for token in order {
            if let scanner = scanners[token] { _ = scanner.assembler.abandon() }
            reader.remove(token)
        }
        scanners.removeAll()
        order.removeAll()
    }

    // MARK: InputSource

    /// Hands over every code that ended: by Return, or by a pause — between the keys read, or
    /// since the last key and the loop's now. Arms the pause timer for a code still being read.
    public func dispatch(into sink: (InputEvent) -> Void) {
        reader.drain { entry in
            guard let scanner = scanners[entry.device] else { return }
            take(entry, from: scanner, sink)
        }
        let now = clock.now
        var earliest = Double.infinity
        for token in order {
            guard let scanner = scanners[token] else { continue }
            if let completion = scanner.assembler.endIfPaused(at: now) { deliver(completion, from: scanner, sink) }
            if let deadline = scanner.assembler.pauseDeadline { earliest = min(earliest, deadline) }
        }
        if let pauseTimer, earliest != pauseTimer.fireDate || (!pauseTimer.isValid && earliest < .infinity) {
            pauseTimer.rearm(at: earliest)
        }
    }

    private func take(_ entry: QueuedKey, from scanner: Scanner, _ sink: (InputEvent) -> Void) {
        let time = Double(entry.time) / 1_000_000
        switch entry.kind {
        case .pressed:
            if let completion = scanner.assembler.endIfPaused(at: time) { deliver(completion, from: scanner, sink) }
            let code = Int32(entry.code)
            let (characters, _) = scanner.translator.translate(code: Int(entry.code), isPressed: true)
            let isReturn = code == KEY_ENTER || code == KEY_KPENTER
            if let completion = scanner.assembler.press(characters: isReturn ? "" : characters, isReturn: isReturn, at: time) {
                deliver(completion, from: scanner, sink)
            }
        case .released:
            _ = scanner.translator.translate(code: Int(entry.code), isPressed: false)
            scanner.assembler.release(at: time)
        case .dropped:
            scanner.assembler.dropped(at: time)
            if !scanner.hasLoggedDrop {
                scanner.hasLoggedDrop = true
                logger.warning("scanner \"\(scanner.name)\" (\(scanner.path)): the kernel dropped key events (SYN_DROPPED) — the code being read is discarded, scan it again; the reader could not keep up (logged once per scanner)")
            }
        case .lost:
            lose(entry.device, scanner, error: Errno(rawValue: Int32(entry.code)))
        }
    }

    private func deliver(_ completion: ScanAssembler.Completion, from scanner: Scanner, _ sink: (InputEvent) -> Void) {
        switch completion {
        case .scan(let scan):
            if scan.isTruncated && !scanner.hasLoggedTruncation {
                scanner.hasLoggedTruncation = true
                logger.warning("scanner \"\(scanner.name)\": a code longer than \(configuration.maximumLength) characters was cut (delivered with isTruncated); raise [input] scan_max_length if such codes are expected (logged once per scanner)")
            }
            sink(.scan(scan))
        case .discarded(let characters):
            logger.notice("scanner \"\(scanner.name)\": a code of \(characters) characters read while key events were dropped is discarded; scan it again")
        }
    }

    /// The scanner of `token` can no longer be read (unplugged: ENODEV): its partial code is
    /// dropped, and it is forgotten so that plugging it in again reads it anew.
    private func lose(_ token: UInt32, _ scanner: Scanner, error: Errno) {
        let partial = scanner.assembler.abandon()
        scanners[token] = nil
        order.removeAll { $0 == token }
        reader.remove(token)
        let what = error == .operationNotSupportedByDevice ? "was unplugged" : "cannot be read any more (\(error))"
        if partial > 0 {
            logger.warning("scanner \"\(scanner.name)\" (\(scanner.path)) \(what) in the middle of a scan: its \(partial) characters are dropped; scan the code again")
        } else {
            logger.info("scanner \"\(scanner.name)\" (\(scanner.path)) \(what)")
        }
    }
}
