import CVitrineShims
import SystemPackage
import Vitrine
@testable import VitrineLinux

/// What happened, in order: the console's ioctls and the session callbacks in one list, so
/// tests can say "paused before VT_RELDISP 1".
@MainActor
final class VTJournal {
    private(set) var entries: [String] = []
    func record(_ entry: String) { entries.append(entry) }
    func clear() { entries.removeAll() }
}

/// A stand-in for the switch signal: `send()` is the kernel sending it to the process. It has
/// a (fake) descriptor, as a signalfd does, which `FakeMainLoop` treats as readable every turn.
@MainActor
final class FakeVTSignals: VTSignalReading {
    let signal: Int32
    var fileDescriptor: Int32? { 700 }
    var readinessHandler: (@MainActor () -> Void)?
    private(set) var pending = 0
    private(set) var isClosed = false

    init(signal: Int32 = 40) { self.signal = signal }

    func send() {
        guard !isClosed else { return }
        pending += 1
        readinessHandler?()
    }

    func nextSignal() -> Bool {
        guard !isClosed, pending > 0 else { return false }
        pending -= 1
        return true
    }

    func close() {
        isClosed = true
        pending = 0
    }
}

/// A console that behaves as the kernel's VT code does for one process: it records every
/// request in the journal, keeps the modes, and in `VT_PROCESS` mode holds a switch away until
/// `VT_RELDISP` answers it (signalling `signals`), and signals again when its console is shown.
/// `failing` makes a request (named as in the journal, up to its first space: "VT_SETMODE")
/// fail with an errno.
@MainActor
final class FakeVTConsole: VTDevice {
    let path: String
    let journal: VTJournal
    var signals: FakeVTSignals?
    var consoleModeValue: Int32 = VITRINE_KD_TEXT
    var keyboardModeValue: Int32 = 3 // K_UNICODE
    var switchMode = VTSwitchMode.automatic
    var ownNumber = 1
    var foreground = 1
    /// The kernel's `vt_newvt`: the console a switch away waits to go to.
    var waitingSwitch: Int?
    var failing: [String: Errno] = [:]
    private(set) var isClosed = false

    init(path: String = "/dev/tty1", journal: VTJournal) {
        self.path = path
        self.journal = journal
    }

    /// Another program (chvt) or the kernel asks for console `number`.
    func requestSwitch(to number: Int) {
        guard number != foreground else { return }
        if foreground == ownNumber, case .process = switchMode {
            waitingSwitch = number
            signals?.send()
        } else {
            foreground = number
            if number == ownNumber, case .process = switchMode { signals?.send() }
        }
    }

    func consoleMode() throws(Errno) -> Int32 {
        try perform("KDGETMODE") { $0.consoleModeValue }
    }

    func setConsoleMode(_ mode: Int32) throws(Errno) {
        try perform("KDSETMODE \(mode)") { $0.consoleModeValue = mode }
    }

    func keyboardMode() throws(Errno) -> Int32 {
        try perform("KDGKBMODE") { $0.keyboardModeValue }
    }

    func setKeyboardMode(_ mode: Int32) throws(Errno) {
        try perform("KDSKBMODE \(mode)") { $0.keyboardModeValue = mode }
    }

    func setSwitchMode(_ mode: VTSwitchMode) throws(Errno) {
        let name = switch mode {
        case .automatic: "VT_SETMODE VT_AUTO"
        case .process(let release, let acquire): "VT_SETMODE VT_PROCESS \(release)/\(acquire)"
        }
        try perform(name) {
            $0.switchMode = mode
            $0.waitingSwitch = nil
        }
    }

    func releaseDisplay(_ answer: VTReleaseAnswer) throws(Errno) {
        let name = switch answer {
        case .allow: "VT_RELDISP 1"
        case .refuse: "VT_RELDISP 0"
        case .acknowledgeAcquire: "VT_RELDISP VT_ACKACQ"
        }
        try perform(name) { console throws(Errno) in
            guard case .process = console.switchMode else { throw .invalidArgument }
            guard let waiting = console.waitingSwitch else {
                if answer != .acknowledgeAcquire { throw .invalidArgument }
                return
            }
            console.waitingSwitch = nil
            // Any non-zero answer, VT_ACKACQ included, completes a waiting switch.
            if answer != .refuse { console.foreground = waiting }
        }
    }

    func activate(_ number: Int) throws(Errno) {
        try perform("VT_ACTIVATE \(number)") { $0.requestSwitch(to: number) }
    }

    func number() throws(Errno) -> Int {
        try perform("TIOCGDEV", recorded: false) { $0.ownNumber }
    }

    func foregroundNumber() throws(Errno) -> Int {
        try perform("VT_GETSTATE", recorded: false) { $0.foreground }
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        journal.record("close")
    }

    /// Records `request` and fails it when asked to, else runs `body`.
    private func perform<Value>(_ request: String, recorded: Bool = true,
                                 _ body: (FakeVTConsole) throws(Errno) -> Value) throws(Errno) -> Value {
        if recorded { journal.record(request) }
        let name = String(request.prefix { $0 != " " })
        if let error = failing[request] ?? failing[name] { throw error }
        return try body(self)
    }
}

/// A run loop that runs a turn only when told: `runTurn()` calls every descriptor watch as if
/// its descriptor were readable (the stand-ins read nothing when nothing is pending) and fires
/// the timers due. Enough for the console's signal watch, without VitrineHeadless.
@MainActor
final class FakeMainLoop: MainLoop {
    let clock: any TimeSource = MonotonicClock()
    private(set) var watches: [DescriptorWatch] = []
    private var timers = TimerQueue()

    func addInputSource(_ source: any InputSource, handler: @escaping @MainActor (InputEvent) -> Void) {}
    func removeInputSource(_ source: any InputSource) {}

    func watch(_ descriptor: Int32, events: DescriptorEvents,
               _ handler: @escaping @MainActor (DescriptorEvents) -> Void) throws(DescriptorWatchError) -> DescriptorWatch {
        guard !watches.contains(where: { $0.descriptor == descriptor }) else { throw .alreadyWatched(descriptor) }
        let watch = DescriptorWatch(descriptor: descriptor, events: events, handler: handler) { [weak self] ended in
            self?.watches.removeAll { $0 === ended }
        }
        watches.append(watch)
        return watch
    }

    func add(_ timer: LoopTimer) { timers.arm(timer) }
    func remove(_ timer: LoopTimer) { timers.disarm(timer) }
    func addBeforeWaitingObserver(_ body: @escaping @MainActor () -> Void) {}
    func wakeUp() {}
    func run() { runTurn() }
    func stop() {}

    /// Calls every watch (readable), then fires the timers due now.
    func runTurn() {
        for watch in watches { watch.deliver(.readable) }
        let now = clock.now
        timers.collectDue(at: now)
        while let timer = timers.nextDue() {
            if !timer.fireFromMainLoop(now: now) { remove(timer) }
        }
    }
}
