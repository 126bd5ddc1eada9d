import CEvdev
import Glibc
import Testing
import Vitrine
import VitrineHeadless
@testable import VitrineInput
import VitrineTestSupport

/// `ScannerSource`: a barcode scanner's keys, read on the key reader's real thread from a
/// scripted evdev client, become one `.scan` per code — through the scanner's own keymap,
/// ended by Return, keypad Enter or a pause on the loop's clock, bounded, and dropped with a
/// log when the scanner is unplugged mid-scan.
@MainActor
struct ScannerSourceTests {
    static let scannerPath = "/dev/input/event7"

    /// A scanner source on a manual loop whose clock reads the scripted keyboards' times (they
    /// begin at 100 s, as CLOCK_MONOTONIC would), with the scanner "Test Scanner" attached.
    @MainActor
    final class Harness {
        let loop = ManualMainLoop(clock: ManualClock(start: 100))
        let keyboards = ScriptedKeyboards([ScannerSourceTests.scannerPath])
        let logs = LogCapture()
        let reader: KeyReader
        let source: ScannerSource

        init(configuration: ScannerConfiguration = ScannerConfiguration(devices: ["Test Scanner"]),
             attaches: Bool = true) throws {
            reader = try keyboards.reader()
            source = ScannerSource(configuration: configuration, loop: loop, reader: reader, logger: logs.logger)
            if attaches { #expect(source.attach(name: "Test Scanner", path: ScannerSourceTests.scannerPath)) }
        }

        var stream: ScriptedKeyboard { keyboards.stream(at: ScannerSourceTests.scannerPath)! }

        /// Dispatches once the reader queued `count` entries (read by its thread).
        func events(afterQueued count: Int) -> [InputEvent] {
            #expect(eventually { reader.queuedCount >= count }, "the reader queued \(reader.queuedCount) of \(count)")
            return events()
        }

        func events() -> [InputEvent] {
            var out: [InputEvent] = []
            source.dispatch { out.append($0) }
            return out
        }
    }

    static func scans(_ events: [InputEvent]) -> [Scan] {
        events.compactMap { if case .scan(let scan) = $0 { scan } else { nil } }
    }

    /// A 44-character code with capitals, digits, `-`, `.` and `/`.
    static let code = "Vitrine-0123456789/ABCDEFGHIJ.klmnopqrst-XYZ"

    @Test func aCodeTypedOnTheScannerArrivesAsOneScanWithTheScannersName() throws {
        let h = try Harness()
        let queued = h.stream.scan(Self.code)
        let events = h.events(afterQueued: queued)
        #expect(events.count == 1, "\(events.map(\.summary))")
        let scan = try #require(Self.scans(events).first)
        #expect(scan.code == Self.code)
        #expect(scan.scanner == "Test Scanner" && scan.ending == .returnKey && !scan.isTruncated)
        // Stamped with the kernel's time of Return (each scripted event is 1 ms after the last).
        let events3 = Self.code.count * 4 + Self.code.count { $0.isUppercase } * 4
        #expect(abs(scan.timestamp - (100 + Double(events3 + 1) * 0.001)) < 1e-6, "\(scan.timestamp)")
        #expect(h.source.scannersRead == ["Test Scanner"])
    }

    @Test func twoCodesInOneBurstAreTwoScansAndKeypadEnterEndsOneToo() throws {
        let h = try Harness()
        var queued = h.stream.scan("0123")
        queued += h.stream.scan("4567", keypadEnter: true)
        #expect(Self.scans(h.events(afterQueued: queued)).map(\.code) == ["0123", "4567"])
    }

    @Test func theCodeIsTheSameWhateverThePanelsKeymapAndTheScannersKeymapIsWhatCounts() throws {
        let typed = "Qwerty-Zy.123/A"
        for panel in ["de", "fr"] {
            // The panel's keyboard, on the panel's layout, gives other characters for the same keys.
            let keyboard = XKBKeyTranslator(keymap: KeymapNames(layout: panel))
            #expect(keyboard.hasKeymap)
            let q = keyboard.translate(code: Int(KEY_Q), isPressed: true).characters
            let z = keyboard.translate(code: Int(KEY_Z), isPressed: true).characters
            #expect(q != "q" || z != "z", "the \(panel) layout gives \(q)\(z) for Q and Z")
            let app = try AppHarness(configuration: InputConfiguration(keymap: KeymapNames(layout: panel),
                                                                       scanners: ["Test Scanner"])) { $0.addTouchscreen(1) }
            let keyboards = ScriptedKeyboards([Self.scannerPath])
            let reader = try keyboards.reader()
            let source = ScannerSource(configuration: ScannerConfiguration(devices: ["Test Scanner"]), loop: app.loop,
                                       reader: reader, logger: app.logs.logger)
            #expect(source.attach(name: "Test Scanner", path: Self.scannerPath))
            let queued = try #require(keyboards.stream(at: Self.scannerPath)).scan(typed)
            #expect(eventually { reader.queuedCount >= queued })
            var got: [Scan] = []
            source.dispatch { if case .scan(let scan) = $0 { got.append(scan) } }
            #expect(got.map(\.code) == [typed], "panel \(panel)")
        }
        // A scanner set up for a German keyboard is read with `de`: Z and Y trade places.
        let h = try Harness(configuration: ScannerConfiguration(devices: ["Test Scanner"], keymap: KeymapNames(layout: "de")))
        let queued = h.stream.scan("Zy")
        #expect(Self.scans(h.events(afterQueued: queued)).map(\.code) == ["Yz"])
    }

    @Test func aCodeWithoutReturnEndsAGapAfterItsLastKeyOnTheLoopsClock() throws {
        let h = try Harness(configuration: ScannerConfiguration(devices: ["Test Scanner"], gap: 0.25))
        let queued = h.stream.scan("NO-RETURN", returns: false)
        #expect(h.events(afterQueued: queued).isEmpty)
        // The last key's time (the last Shift's release, before its SYN_REPORT): 100 s plus
        // 1 ms for each event, 4 a character and 4 more for each capital's Shift.
        let lastKey = 100 + Double(9 * 4 + 8 * 4 - 1) * 0.001
        let deadline = try #require(h.loop.nextDeadline)
        #expect(abs(deadline - (lastKey + 0.25)) < 1e-6, "the pause timer is armed at \(deadline)")
        h.loop.advance(to: deadline - 0.001)
        #expect(h.events().isEmpty)
        // The timer wakes the source through the reader's descriptor (the epoll loop's way).
        h.loop.advance(to: deadline)
        var ready = pollfd(fd: h.reader.readyDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&ready, 1, 0) == 1, "the pause timer did not make the source readable")
        let scans = Self.scans(h.events())
        #expect(scans.map(\.code) == ["NO-RETURN"])
        #expect(scans.first?.ending == .pause)
        #expect(abs((scans.first?.timestamp ?? 0) - lastKey) < 1e-6)
        #expect(h.loop.nextDeadline == nil, "nothing is read: no timer is due")
    }

    @Test func anOverlongScanIsCutDeliveredAsTruncatedAndLoggedOnce() throws {
        let h = try Harness(configuration: ScannerConfiguration(devices: ["Test Scanner"], maximumLength: 16))
        var queued = h.stream.scan(String(repeating: "0123456789", count: 4))
        queued += h.stream.scan(String(repeating: "9876543210", count: 2))
        queued += h.stream.scan("42")
        let scans = Self.scans(h.events(afterQueued: queued))
        #expect(scans.map(\.code) == ["0123456789012345", "9876543210987654", "42"])
        #expect(scans.map(\.isTruncated) == [true, true, false])
        #expect(h.logs.count(containing: "a code longer than 16 characters was cut") == 1)
    }

    @Test func aScannerUnpluggedMidScanDropsThePartialCodeWithALogAndIsReadAgainWhenPluggedIn() throws {
        let h = try Harness()
        let first = h.stream
        var queued = first.scan("PARTIAL", returns: false)
        first.push([.failed(.operationNotSupportedByDevice)])
        queued += 1
        #expect(h.events(afterQueued: queued).isEmpty)
        #expect(h.logs.count(containing: "scanner \"Test Scanner\" (/dev/input/event7) was unplugged in the middle of a scan: its 7 characters are dropped") == 1)
        #expect(h.source.scannersRead.isEmpty)
        #expect(eventually { first.isClosed })
        #expect(h.loop.nextDeadline == nil)
        // Plugged in again (libinput's hotplug): read anew, and whole codes come again.
        #expect(h.source.attach(name: "Test Scanner", path: Self.scannerPath))
        let again = h.stream
        #expect(again !== first)
        #expect(Self.scans(h.events(afterQueued: again.scan("AGAIN-1"))).map(\.code) == ["AGAIN-1"])
    }

    @Test func aSynDroppedDiscardsTheCodeBeingReadAndSaysSo() throws {
        let h = try Harness()
        var queued = h.stream.scan("HOLE", returns: false)
        h.stream.push([.dropped(h.stream.event(Int32(EV_SYN), Int32(SYN_DROPPED), 0)), .empty])
        queued += 1
        queued += h.stream.scan("S")
        queued += h.stream.scan("WHOLE")
        #expect(Self.scans(h.events(afterQueued: queued)).map(\.code) == ["WHOLE"])
        #expect(h.logs.count(containing: "the kernel dropped key events (SYN_DROPPED) — the code being read is discarded") == 1)
    }

    @Test func scannersPresentAtStartAreFoundByNameOrNodeAndAMissingOneIsLogged() throws {
        let folder = try TemporaryDirectory()
        let dev = folder.path + "/dev", sys = folder.path + "/sys"
        mkdir(dev, 0o755)
        mkdir(sys, 0o755)
        for (node, name) in [("event3", "Honeywell 1900"), ("event7", "AT Keyboard"), ("event9", "Zebra DS2208")] {
            _ = creat("\(dev)/\(node)", 0o644)
            mkdir("\(sys)/\(node)", 0o755)
            mkdir("\(sys)/\(node)/device", 0o755)
            let file = fopen("\(sys)/\(node)/device/name", "w")
            fputs(name + "\n", file)
            fclose(file)
        }
        let loop = ManualMainLoop()
        let keyboards = ScriptedKeyboards(["\(dev)/event3", "\(dev)/event7", "\(dev)/event9"])
        let logs = LogCapture()
        let configuration = ScannerConfiguration(devices: ["Honeywell 1900", "\(dev)/event9", "Missing Scanner"])
        let source = ScannerSource(configuration: configuration, loop: loop, reader: try keyboards.reader(), logger: logs.logger)
        source.attachPresent(directory: dev, sysfs: sys)
        #expect(source.scannersRead == ["Honeywell 1900", "Zebra DS2208"])
        #expect(keyboards.stream(at: "\(dev)/event7") == nil, "the keyboard was opened as a scanner")
        #expect(logs.count(containing: "scanner \"Missing Scanner\" is not plugged in") == 1)
        #expect(logs.count(containing: "is not plugged in") == 1)
    }

    @Test func aScannerThatCannotBeOpenedSaysWhatToDo() throws {
        let h = try Harness(attaches: false)
        #expect(!h.source.attach(name: "Locked Scanner", path: "/dev/input/event9"))
        #expect(h.logs.count(containing: "scanner \"Locked Scanner\" (/dev/input/event9) cannot be read") == 1)
        #expect(h.logs.count(containing: "group `input`") == 1)
    }

    @Test func aBadConfigurationSaysWhatToWrite() {
        let bad: [(ScannerConfiguration, String)] = [
            (ScannerConfiguration(devices: [" "]), "scanner name is empty"),
            (ScannerConfiguration(devices: ["/tmp/scanner"]), "not under /dev/input/"),
            (ScannerConfiguration(gap: 0), "scan gap must be from 0.01 to 5.0 seconds"),
            (ScannerConfiguration(maximumLength: 0), "longest scan must be from 1 to 65536 characters"),
        ]
        for (configuration, message) in bad {
            #expect(throws: InputError.self) { try configuration.validate() }
            do { try configuration.validate() } catch { #expect("\(error)".contains(message), "\(error)") }
        }
        #expect((try? ScannerConfiguration(devices: ["Honeywell 1900", "/dev/input/by-id/usb-scanner-event-kbd"]).validate()) != nil)
    }
}
