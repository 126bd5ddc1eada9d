import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Touch input through the whole path a real finger takes once the input backend has turned
/// it into `InputEvent`s: `Application.post` → the touch pool → the one reused `Event` →
/// hit-testing on touch-down → recognizers and `touchesBegan/Moved/Ended` up the responder
/// chain from the touched view to the application's delegate. No display and no commit: only
/// dispatch is measured.
///
/// The finger repeats a ten-frame cycle on `ViewTree.target`: down, eight moves of a point
/// (inside the view, within tap slop), up. Each call of `deliverFrame()` delivers one frame
/// (the change and its `touchFrame`), which is what the benchmarks call one *event*. The loop's
/// manual clock is set to each frame's time (frames 1/120 s apart, a new touch 0.5 s after the
/// last lifted, so no multiple tap builds up) without running the loop: timers that a
/// recognizer arms are made and cancelled as in an app, and none would be due within a tap.
@MainActor
public final class TouchDispatch {
    /// What the finger touches.
    public enum Target: Sendable, CaseIterable {
        /// A plain view: its touches travel the whole responder chain to the delegate.
        case view
        /// A `Button`: it tracks the touch, highlights, and sends `.touchUpInside` to an action.
        case button
        /// A plain view whose card (the top of its chain) has a `TapGestureRecognizer`.
        case tapRecognizer
    }

    /// The screen the touches land on.
    public let tree: ViewTree
    /// The application the touches are posted to (no display; a manual loop that never turns).
    public let application: Application
    /// The end of the responder chain: counts what reached it.
    public let sink: TouchSink
    /// What the finger touches.
    public let targetKind: Target
    /// Button actions or recognized taps so far (with `.button`, `.tapRecognizer`).
    public private(set) var actions = 0
    private let loop: ManualMainLoop
    private var phase = 0
    private var time = 0.0
    private let finger = TouchIdentifier(device: 0, slot: 0)

    /// Builds a `ViewTree` of `views` views `depth` deep whose target is `target`, in a new
    /// application, and makes its window key and visible.
    public init(views: Int, depth: Int, target: Target = .view) {
        var button: Button?
        tree = ViewTree(views: views, depth: depth) { frame in
            guard target == .button else { return View(frame: frame) }
            let made = Button(frame: frame)
            made.setTitle("OK", for: .normal)
            button = made
            return made
        }
        loop = ManualMainLoop()
        application = Application(mainLoop: loop)
        sink = TouchSink()
        targetKind = target
        application.delegate = sink
        button?.addAction({ [unowned self] _ in self.actions += 1 }, for: .touchUpInside)
        if target == .tapRecognizer {
            tree.targetCard.addGestureRecognizer(TapGestureRecognizer { [unowned self] _ in self.actions += 1 })
        }
        tree.window.makeKeyAndVisible(in: application)
    }

    /// Delivers the next frame of the ten-frame cycle (one event).
    public func deliverFrame() {
        let point = tree.touchPoint
        time += phase == 0 ? 0.5 : 1.0 / 120
        loop.manualClock.set(to: time)
        switch phase {
        case 0:
            application.post(.touchDown(finger, location: point, majorRadius: 0, timestamp: time))
        case 9:
            application.post(.touchUp(finger, timestamp: time))
        default:
            let dx = Double(phase % 3) - 1
            application.post(.touchMotion(finger, location: Point(x: point.x + dx, y: point.y),
                                          majorRadius: 0, timestamp: time))
        }
        application.post(.touchFrame(timestamp: time))
        phase = phase == 9 ? 0 : phase + 1
    }

    /// Delivers `count` frames; returns whether each arrived where it should: with `.view`,
    /// one callback at the end of the responder chain per frame; with `.button` and
    /// `.tapRecognizer`, one action per touch that lifted.
    @discardableResult
    public func deliverFrames(_ count: Int) -> Bool {
        let callbacks = sink.callbacks, actionsBefore = actions
        var lifts = 0
        for _ in 0..<count {
            if phase == 9 { lifts += 1 }
            deliverFrame()
        }
        switch targetKind {
        case .view: return sink.callbacks - callbacks == count
        case .button, .tapRecognizer: return actions - actionsBefore == lifts
        }
    }
}

/// The application's delegate in `TouchDispatch`: the last responder of the chain, which
/// counts the touch callbacks that travelled all the way up to it.
@MainActor
public final class TouchSink: Responder, ApplicationDelegate {
    /// `touchesBegan`, `touchesMoved`, `touchesEnded` and `touchesCancelled` calls received.
    public private(set) var callbacks = 0

    /// Counts the call.
    public override func touchesBegan(_ touches: TouchSet, with event: Event?) { callbacks += 1 }
    /// Counts the call.
    public override func touchesMoved(_ touches: TouchSet, with event: Event?) { callbacks += 1 }
    /// Counts the call.
    public override func touchesEnded(_ touches: TouchSet, with event: Event?) { callbacks += 1 }
    /// Counts the call.
    public override func touchesCancelled(_ touches: TouchSet, with event: Event?) { callbacks += 1 }
}

/// Runs `count` touch frames on `dispatch`; returns whether all arrived. Its own non-inlined
/// function so that an instruction counter can be limited to it (`valgrind --tool=callgrind
/// --toggle-collect='*measuredTouchFrames*'`): the count then covers dispatch alone.
@MainActor @inline(never)
public func measuredTouchFrames(_ dispatch: TouchDispatch, count: Int) -> Bool {
    dispatch.deliverFrames(count)
}
