import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineTestSupport

/// A barcode scan (`InputEvent.scan`) is sent to the key window's first responder as
/// `scannerDidRead(_:with:)` and travels up the responder chain like a press; one nobody takes
/// is logged.
@MainActor
@Suite struct ScanDeliveryTests {
    /// A responder that keeps what it hears, and passes it on when `passes`.
    final class Reader: View {
        var log: [String] = []
        var passes = false
        override var canBecomeFirstResponder: Bool { true }
        override func scannerDidRead(_ scan: Scan, with event: Event?) {
            log.append("\(scan.code) from \(scan.scanner) at \(event?.timestamp ?? -1) \(event?.type == .scan)")
            if passes { super.scannerDidRead(scan, with: event) }
        }
    }

    final class Controller: ViewController {
        var codes: [String] = []
        override func scannerDidRead(_ scan: Scan, with event: Event?) { codes.append(scan.code) }
    }

    final class Delegate: Responder, ApplicationDelegate {
        var codes: [String] = []
        override func scannerDidRead(_ scan: Scan, with event: Event?) { codes.append(scan.code) }
    }

    @Test func theFirstResponderHearsTheWholeCodeOnceAtItsTime() {
        let h = Harness()
        let reader = Reader(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        h.window.addSubview(reader)
        #expect(reader.becomeFirstResponder())
        h.loop.advance(by: 2)
        h.input.scan("4006381333931", scanner: "Gun")
        h.loop.runUntilIdle()
        #expect(reader.log == ["4006381333931 from Gun at \(h.clock.now) true"])
    }

    @Test func byDefaultAScanGoesUpTheChainToTheScreensController() {
        let h = Harness()
        let controller = Controller()
        h.window.rootViewController = controller
        let reader = Reader(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        reader.passes = true
        controller.view.addSubview(reader)
        #expect(reader.becomeFirstResponder())
        h.input.scan("TICKET-1")
        h.loop.runUntilIdle()
        #expect(reader.log.count == 1)
        #expect(controller.codes == ["TICKET-1"])
        #expect(h.app.unhandledScanCount == 0)
    }

    @Test func withoutAFirstResponderTheWindowPassesItToTheApplicationAndItsDelegate() {
        let h = Harness()
        let delegate = Delegate()
        h.app.delegate = delegate
        h.input.scan("NO-FOCUS")
        h.loop.runUntilIdle()
        #expect(delegate.codes == ["NO-FOCUS"])
        #expect(h.app.unhandledScanCount == 0)
    }

    @Test func aScanNobodyTakesIsLoggedWithoutItsCodeAndNotFlooding() {
        let logs = LogCapture(level: .info)
        let loop = ManualMainLoop()
        let app = Application(mainLoop: loop, logger: logs.logger)
        let input = ScriptedInput(clock: loop.clock)
        app.addInputSource(input)
        let window = Window(frame: app.screen.bounds)
        window.makeKeyAndVisible(in: app)
        for index in 0..<5 { input.scan("SECRET-\(index)", scanner: "Gun") }
        loop.runUntilIdle()
        #expect(app.unhandledScanCount == 5)
        // The 1st, 2nd and 4th: powers of two.
        let lines = logs.messages(atLeast: .notice).filter { $0.contains("reached the end of the responder chain") }
        #expect(lines.count == 3)
        #expect(lines.first?.contains("a scan of 8 characters from \"Gun\"") == true)
        #expect(lines.first?.contains("override scannerDidRead(_:with:)") == true)
        #expect(!logs.lines.contains { $0.contains("SECRET") }, "a code was logged")
    }

    @Test func aScanOnADimmedScreenWakesItAndIsDeliveredNotSwallowed() {
        let h = Harness()
        h.app.idlePolicy = IdlePolicy(dimAfter: 10, offAfter: 30, dimLevel: 0.2)
        h.app.launch()
        let reader = Reader(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        h.window.addSubview(reader)
        #expect(reader.becomeFirstResponder())
        h.advance(by: 11)
        #expect(h.app.idleState == .dimmed)
        h.input.scan("WAKE-UP")
        h.loop.runUntilIdle()
        #expect(h.app.idleState == .awake)
        #expect(reader.log.count == 1, "a scan is the operator's, not a wake-up tap: it must not be swallowed")
    }
}
