import Vitrine
import VitrineGraphics
import VitrineHeadless

/// A headless application with one key window, driven by scripted input on a manual loop.
/// Every behaviour test builds one; nothing in it sleeps or reads the wall clock.
@MainActor
final class Harness {
    let platform: HeadlessPlatform
    let app: Application
    let window: Window

    var loop: ManualMainLoop { platform.manualMainLoop }
    var input: ScriptedInput { platform.input }
    var display: VirtualDisplay { platform.virtualDisplay }
    var clock: ManualClock { platform.manualMainLoop.manualClock }

    init(width: Int = 800, height: Int = 480, scale: Double = 1, touchCapacity: Int = 10,
         bufferCount: Int = 2, rotation: ScreenRotation = .none) {
        platform = HeadlessPlatform(mode: DisplayMode(width: width, height: height), scale: scale,
                                    touchCapacity: touchCapacity, bufferCount: bufferCount, rotation: rotation)
        app = Application(platform: platform)
        window = Window(frame: app.screen.bounds)
        window.makeKeyAndVisible(in: app)
        loop.runUntilIdle()
    }

    /// Ends the frame of touch changes and runs the loop until idle.
    func frame() {
        input.frame()
        loop.runUntilIdle()
    }

    /// Finger `slot` down at `point` (screen points), in a frame of its own.
    func down(_ slot: Int, at point: Point) {
        input.down(slot, at: point)
        frame()
    }

    /// Finger `slot` moves to `point`, in a frame of its own.
    func move(_ slot: Int, to point: Point) {
        input.move(slot, to: point)
        frame()
    }

    /// Finger `slot` lifts, in a frame of its own.
    func up(_ slot: Int) {
        input.up(slot)
        frame()
    }

    /// A tap: down, then up `duration` seconds later, at `point`.
    func tap(at point: Point, slot: Int = 0, duration: Double = 0.05) {
        down(slot, at: point)
        loop.advance(by: duration)
        up(slot)
    }

    /// Moves time forward, firing timers and vblanks on the way.
    func advance(by seconds: Double) {
        loop.advance(by: seconds)
    }
}

/// A view that records the touch callbacks it gets, and by default stops them (does not call
/// super) unless `forwards` is set.
@MainActor
class RecordingView: View {
    var log: [String] = []
    var forwards = false
    var name = ""

    convenience init(_ name: String, frame: Rect) {
        self.init(frame: frame)
        self.name = name
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        log.append("began \(touches.count)")
        if forwards { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        log.append("moved \(touches.count)")
        if forwards { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        log.append("ended \(touches.count)")
        if forwards { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        log.append("cancelled \(touches.count)")
        if forwards { super.touchesCancelled(touches, with: event) }
    }
}
