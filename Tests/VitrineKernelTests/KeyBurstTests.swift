import CEvdev
import Glibc
import Synchronization
import Testing
import Vitrine
import VitrineGraphics
import VitrineInput

/// A view, first responder, that keeps the characters of every key press it hears.
@MainActor
final class TypedText: View {
    var text = ""
    var presses = 0
    override var canBecomeFirstResponder: Bool { true }
    override func pressesBegan(_ presses: PressSet, with event: PressesEvent?) {
        for press in presses {
            self.presses += 1
            text += press.characters
        }
    }
}

/// Types a list of evdev events on a uinput device from a thread of its own, as fast as the
/// kernel takes them (one write(2) per event, as libevdev does), and says when it began and
/// ended on CLOCK_MONOTONIC: the keyboard of a burst typed while the app's main thread is busy.
final class BurstTypist: Sendable {
    private let descriptor: Int32
    private let events: [input_event]
    /// Nanoseconds of CLOCK_MONOTONIC of the first and the last write; 0 until then.
    let began = Atomic<UInt64>(0)
    let ended = Atomic<UInt64>(0)
    /// Writes that failed.
    let failures = Atomic<Int>(0)
    private let delay: UInt32

    /// Will write `events` (type, code, value) to `descriptor`, `delay` microseconds after `start()`.
    init(descriptor: Int32, events: [(Int32, Int32, Int32)], delay: UInt32) {
        self.descriptor = descriptor
        self.delay = delay
        self.events = events.map { type, code, value in
            var event = input_event()
            event.type = UInt16(type)
            event.code = UInt16(code)
            event.value = value
            return event
        }
    }

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Starts the thread (it inherits the caller's CPU affinity); returns it, to join.
    func start() throws -> pthread_t {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<BurstTypist>.fromOpaque(context).takeRetainedValue().type()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<BurstTypist>.fromOpaque(context).release()
            throw KernelSetupError("pthread_create failed: \(status)")
        }
        return thread
    }

    private func type() {
        usleep(delay)
        began.store(Self.now(), ordering: .relaxed)
        for var event in events where write(descriptor, &event, MemoryLayout<input_event>.size) != MemoryLayout<input_event>.size {
            failures.add(1, ordering: .relaxed)
        }
        ended.store(Self.now(), ordering: .relaxed)
    }
}

extension KernelRing {
    /// No key lost (issue 35): a barcode scanner types a whole code in one burst, far more than
    /// the kernel's 64 events per client, while the app's main thread is busy.
    @Suite("A burst of keys while the main thread is stalled")
    @MainActor
    struct KeyBurstOnTheKernel {
        /// A 60-character code of capitals (Shift held around each, as a scanner types them)
        /// and digits: 404 events with Return, six times the kernel's buffer.
        static let code: String = {
            let letters: [Character] = Array("QWERTYUIOPASDFGHJKLZXCVBNM")
            let digits: [Character] = Array("1234567890")
            var code = ""
            for index in 0..<60 {
                code.append(index % 3 == 2 ? digits[(index * 7) % 10] : letters[(index * 5) % 26])
            }
            return code
        }()

        /// The evdev events of typing `text` (capitals, digits, "\n" as Return) on a US keyboard.
        static func events(typing text: String) throws -> [(Int32, Int32, Int32)] {
            let rows: [(String, Int32)] = [("1234567890", Int32(KEY_1)), ("QWERTYUIOP", Int32(KEY_Q)),
                                           ("ASDFGHJKL", Int32(KEY_A)), ("ZXCVBNM", Int32(KEY_Z))]
            var codes: [Character: Int32] = ["\n": Int32(KEY_ENTER)]
            for (row, first) in rows {
                for (offset, character) in row.enumerated() { codes[character] = first + Int32(offset) }
            }
            let key = Int32(EV_KEY), syn = Int32(EV_SYN), report = Int32(SYN_REPORT), shift = Int32(KEY_LEFTSHIFT)
            var events: [(Int32, Int32, Int32)] = []
            for character in text {
                guard let code = codes[character] else { throw KernelSetupError("no key for \(character)") }
                let shifted = character.isLetter
                if shifted { events += [(key, shift, 1), (syn, report, 0)] }
                events += [(key, code, 1), (syn, report, 0), (key, code, 0), (syn, report, 0)]
                if shifted { events += [(key, shift, 0), (syn, report, 0)] }
            }
            return events
        }

        /// Keeps the calling thread, and the threads it starts, on the CPU it runs on, until
        /// `restore()`: a single-core kiosk, the hardest case for a reader thread (it runs only
        /// because the kernel lets a woken thread preempt the busy ones), and one that does not
        /// depend on the host scheduling the VM's two CPUs together.
        struct OneCPU {
            /// glibc's affinity calls, looked up at run time: Swift's Glibc module leaves out
            /// the GNU extensions.
            private typealias Affinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
            private typealias CurrentCPU = @convention(c) () -> Int32
            private let setAffinity: Affinity
            /// The calling thread's mask before (a `cpu_set_t`: 1024 bits).
            private var previous = [UInt64](repeating: 0, count: 16)

            private static func function<Function>(_ name: String, as type: Function.Type) throws -> Function {
                guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else { throw KernelSetupError("glibc has no \(name)") }
                return unsafeBitCast(symbol, to: type)
            }

            init() throws {
                let getAffinity = try Self.function("sched_getaffinity", as: Affinity.self)
                setAffinity = try Self.function("sched_setaffinity", as: Affinity.self)
                let cpu = Int(max(0, try Self.function("sched_getcpu", as: CurrentCPU.self)()))
                let size = previous.count * 8
                guard previous.withUnsafeMutableBytes({ getAffinity(0, size, $0.baseAddress!) }) == 0 else {
                    throw KernelSetupError("sched_getaffinity failed: errno \(errno)")
                }
                var one = [UInt64](repeating: 0, count: 16)
                one[cpu / 64] = 1 << UInt64(cpu % 64)
                guard one.withUnsafeMutableBytes({ setAffinity(0, size, $0.baseAddress!) }) == 0 else {
                    throw KernelSetupError("sched_setaffinity failed: errno \(errno)")
                }
            }

            func restore() {
                var previous = self.previous
                let size = previous.count * 8
                _ = previous.withUnsafeMutableBytes { setAffinity(0, size, $0.baseAddress!) }
            }
        }

        /// Keeps the calling thread busy for `seconds` (computing, as an image decoder would),
        /// reading the monotonic clock: the injected clock must not stand in for this stall.
        static func stall(seconds: Double) {
            let end = BurstTypist.now() + UInt64(seconds * 1_000_000_000)
            var spin: UInt64 = 0
            while BurstTypist.now() < end { spin &+= 1 }
            withExtendedLifetime(spin) {}
        }

        @Test("a 60-character code typed at full speed during a 2 s stall of the main thread arrives whole, in order, once")
        func burstDuringAStall() throws {
            let pinned = try OneCPU()
            defer { pinned.restore() }
            let keyboard = try UInputDevice.keyboard(name: "vitrine-test barcode scanner")
            // Made after pinning: the key reader's thread inherits the one CPU.
            let kernel = try KernelApp(input: true)
            defer { kernel.shutdown() }
            try #require(kernel.waitForInputDevice(keyboard.name))
            let libInput = try #require(kernel.libInput)
            #expect(libInput.keyboardsReadSeparately.contains(keyboard.name),
                    "the scanner's keys are not read on the key reader's thread: \(kernel.log.lines)")
            let field = TypedText(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            kernel.window.addSubview(field)
            #expect(field.becomeFirstResponder())
            #expect(kernel.settle())

            let expected = Self.code + "\r"
            let events = try Self.events(typing: Self.code + "\n")
            let typist = BurstTypist(descriptor: keyboard.descriptor, events: events, delay: 200_000)
            let stallBegan = BurstTypist.now()
            let thread = try typist.start()
            // The app's main thread does not run its loop for two seconds.
            Self.stall(seconds: 2)
            let stallEnded = BurstTypist.now()
            pthread_join(thread, nil)
            #expect(typist.failures.load(ordering: .relaxed) == 0)
            let began = typist.began.load(ordering: .relaxed), ended = typist.ended.load(ordering: .relaxed)
            #expect(began > stallBegan && ended < stallEnded,
                    "the burst (\(events.count) events) was not typed within the stall: it took \(Double(ended - began) / 1e6) ms")
            Figures.record("key_burst_events", events.count)
            Figures.record("key_burst_typing_ms", Double(ended - began) / 1e6)

            #expect(kernel.driver.run(until: { field.text.count >= expected.count }, timeout: 10),
                    "after the stall the field has \(field.text.count) of \(expected.count) characters: \"\(field.text)\"")
            #expect(kernel.settle())
            #expect(field.text == expected, "typed \"\(Self.code)\", the app heard \"\(field.text)\"")
            // Each capital's Shift, each character, Return: nothing twice.
            #expect(field.presses == expected.count + Self.code.count { $0.isLetter })
            #expect(kernel.log.count(containing: "the kernel dropped key events") == 0, "\(kernel.log.lines(atLeast: .info))")
            #expect(kernel.unexpectedLogMessages.isEmpty, "\(kernel.unexpectedLogMessages)")
        }
    }
}
