import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Key input through the whole path a real key takes once the input backend has turned it
/// into `InputEvent`s: `Application.post` → the press pool → the one reused `PressesEvent` →
/// the key window → `pressesBegan/Changed/Ended` from the first responder (the deepest view of
/// a `ViewTree`, 10 deep in 200 views) up the responder chain to the application's delegate.
/// No display and no commit: only dispatch is measured.
///
/// The keyboard repeats a three-event cycle on one of three keys in turn: the press (`began`),
/// one auto-repeat (`changed`), the release (`ended`), so a press is taken from the pool and
/// given back every third event. Each key has one character ("a", "s", "d": Swift's small
/// strings, held inline), as a keymap gives. Each call of `deliverEvent()` is one event.
@MainActor
public final class KeyDispatch {
    /// The screen whose deepest view has the focus.
    public let tree: ViewTree
    /// The application the keys are posted to (no display; a manual loop that never turns).
    public let application: Application
    /// The end of the responder chain: counts what reached it.
    public let sink: KeySink
    private var step = 0
    private var time = 0.0
    private static let keys: [(code: Int, characters: String)] = [(30, "a"), (31, "s"), (32, "d")]

    /// Builds a `ViewTree` of `views` views `depth` deep whose deepest view is the first
    /// responder, in a new application, and makes its window key and visible.
    public init(views: Int = 200, depth: Int = 10) {
        tree = ViewTree(views: views, depth: depth) { KeyField(frame: $0) }
        application = Application(mainLoop: ManualMainLoop())
        sink = KeySink()
        application.delegate = sink
        tree.window.makeKeyAndVisible(in: application)
        _ = tree.target.becomeFirstResponder()
    }

    /// Delivers the next event of the cycle.
    public func deliverEvent() {
        let key = Self.keys[(step / 3) % Self.keys.count]
        time += 1.0 / 30
        application.post(.key(code: key.code, state: step % 3 == 2 ? .released : .pressed,
                              characters: key.characters, modifiers: [], device: 1, timestamp: time))
        step = (step + 1) % (3 * Self.keys.count)
    }

    /// Delivers `count` events; returns whether each reached the end of the responder chain
    /// once, in the phase it should.
    @discardableResult
    public func deliverEvents(_ count: Int) -> Bool {
        let before = sink.callbacks, wrongBefore = sink.wrongPhases
        for _ in 0..<count { deliverEvent() }
        return sink.callbacks - before == count && sink.wrongPhases == wrongBefore
    }
}

/// The first responder of `KeyDispatch`: accepts the focus and passes presses up the chain.
@MainActor
final class KeyField: View {
    override var canBecomeFirstResponder: Bool { true }
}

/// The application's delegate in `KeyDispatch`: the last responder of the chain, which counts
/// the press callbacks that travelled all the way up to it.
@MainActor
public final class KeySink: Responder, ApplicationDelegate {
    /// `pressesBegan`, `pressesChanged` and `pressesEnded` calls received.
    public private(set) var callbacks = 0
    /// Calls whose presses were not in the phase of the call, or not exactly one.
    public private(set) var wrongPhases = 0

    private func count(_ presses: PressSet, _ phase: Press.Phase) {
        callbacks += 1
        if presses.count != 1 || presses.first?.phase != phase { wrongPhases += 1 }
    }

    /// Counts the call.
    public override func pressesBegan(_ presses: PressSet, with event: PressesEvent?) { count(presses, .began) }
    /// Counts the call.
    public override func pressesChanged(_ presses: PressSet, with event: PressesEvent?) { count(presses, .changed) }
    /// Counts the call.
    public override func pressesEnded(_ presses: PressSet, with event: PressesEvent?) { count(presses, .ended) }
    /// Counts the call (a cancel is wrong here).
    public override func pressesCancelled(_ presses: PressSet, with event: PressesEvent?) {
        callbacks += 1
        wrongPhases += 1
    }
}
