import CEvdev
import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
@testable import VitrineInput

/// A screen's controller that keeps the scans it hears.
@MainActor
final class ScanningController: ViewController {
    var scans: [Scan] = []
    override func scannerDidRead(_ scan: Scan, with event: Event?) {
        scans.append(scan)
    }
}

/// A scanner on a whole app: its code reaches the first responder's chain as one scan, and
/// never the focused text field; libinput leaves the scanner to its source.
@MainActor
struct ScannerAppTests {
    static let scannerPath = "/dev/input/event5"

    /// An app whose libinput sees a touchscreen and the scanner "Test Scanner" (event5), with
    /// a scanner source reading the scanner from a scripted stream, and a focused text field
    /// in the window's controller.
    @MainActor
    final class Harness {
        let app: AppHarness
        let keyboards = ScriptedKeyboards([ScannerAppTests.scannerPath])
        let reader: KeyReader
        let scanner: ScannerSource
        let controller = ScanningController()
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        let handle = RawDeviceHandle(5)

        init(addsScannerAtStart: Bool = true) throws {
            app = try AppHarness(configuration: InputConfiguration(keymap: KeymapNames(layout: "de"),
                                                                   scanners: ["Test Scanner"])) {
                $0.addTouchscreen(1)
                if addsScannerAtStart { $0.addKeyboard(5, name: "Test Scanner") }
            }
            reader = try keyboards.reader()
            scanner = ScannerSource(configuration: ScannerConfiguration(devices: ["Test Scanner"]), loop: app.loop,
                                    reader: reader, logger: app.logs.logger)
            // As the board wires them: libinput hands the scanners it adds to the source.
            app.source.scannerAddedHandler = { [scanner] name, path in scanner.attach(name: name, path: path) }
            if addsScannerAtStart { scanner.attach(name: "Test Scanner", path: ScannerAppTests.scannerPath) }
            app.app.addInputSource(scanner)
            app.window.rootViewController = controller
            controller.view.addSubview(field)
            #expect(field.becomeFirstResponder())
            app.run()
        }

        var stream: ScriptedKeyboard? { keyboards.stream(at: ScannerAppTests.scannerPath) }

        /// Runs the loop once the reader queued `count` entries.
        func run(afterQueued count: Int) {
            #expect(eventually { reader.queuedCount >= count }, "the reader queued \(reader.queuedCount) of \(count)")
            app.run()
        }
    }

    @Test func aScanReachesTheControllerAsOneCodeAndTheFocusedTextFieldGetsNothing() throws {
        let h = try Harness()
        let code = "Vitrine-0123456789/ABCDEFGHIJ.klmnopqrst-XYZ"
        // Keys libinput read from the scanner before the grab took it: dropped.
        h.app.fake.tap(h.handle, Code.keyA)
        let queued = try #require(h.stream).scan(code)
        h.run(afterQueued: queued)
        #expect(h.controller.scans.map(\.code) == [code])
        #expect(h.controller.scans.first?.scanner == "Test Scanner")
        #expect(h.field.text == "", "the focused field got \"\(h.field.text)\"")
        #expect(h.field.isFirstResponder)
        // The scanner is no keyboard: the on-screen keyboard stays for the field.
        #expect(!h.app.app.isHardwareKeyboardAttached)
        #expect(h.app.app.keyboard.isVisible)
    }

    @Test func aScannerPluggedInLaterIsHandedToItsSourceByLibInput() throws {
        let h = try Harness(addsScannerAtStart: false)
        #expect(h.scanner.scannersRead.isEmpty)
        h.app.fake.addKeyboard(5, name: "Test Scanner")
        h.app.run()
        #expect(h.scanner.scannersRead == ["Test Scanner"])
        #expect(!h.app.app.isHardwareKeyboardAttached)
        let queued = try #require(h.stream).scan("LATE-42")
        h.run(afterQueued: queued)
        #expect(h.controller.scans.map(\.code) == ["LATE-42"])
        #expect(h.field.text == "")
    }

    @Test func aKeyboardIsStillTypingWhileAScannerIsNot() throws {
        let h = try Harness()
        let keyboard = h.app.fake.addKeyboard(6, name: "USB keyboard")
        h.app.run()
        h.app.fake.tap(keyboard, Code.keyA)
        h.app.run()
        #expect(h.field.text == "A")
        #expect(h.controller.scans.isEmpty)
    }
}
