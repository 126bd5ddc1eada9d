import Logging
import VitrineGraphics

/// A pair of − and + buttons that decrease and increase a value by a step (UIKit's
/// `UIStepper`; values are `Double`).
///
/// **Touches.** A touch on a half steps the value once at once; with `autorepeat` (the
/// default), holding it steps again after `autorepeatDelay` (0.5 s) and then faster and faster:
/// the first repeat interval is `autorepeatInitialInterval`, each next one `autorepeatAcceleration`
/// times the last, down to `autorepeatMinimumInterval` (Vitrine's curve, close to UIKit's
/// feel; UIKit does not document its own). Repeats run on a `LoopTimer` of the app's run loop,
/// armed only while a finger holds a half: none when the stepper is not held, and none while
/// the finger has slid off the half it pressed (it resumes, after the delay, when the finger
/// comes back). A half whose step cannot change the value (at a limit, without `wraps`) is
/// drawn dimmed and ignores touches.
///
/// `.valueChanged` is sent on each step when `isContinuous` (the default); otherwise once, on
/// lift, if the value changed.
///
/// **Right to left** (`effectiveUserInterfaceLayoutDirection`), as UIKit's: + is the left half
/// and − the right one, and the stepper is drawn at the right of the bounds.
///
/// **Looks.** 94 × 32 points, drawn at the left of the bounds and centred vertically: a rounded
/// `SemanticColor.tertiarySystemFill` background, a separator, and − and + in `tintColor` (the
/// look of UIKit before iOS 13; a dimmed half is `SemanticColor.tertiaryLabel`). Disabled, it
/// is drawn at 40% opacity.
@MainActor
open class Stepper: Control {
    private static let logger = Logger(label: "vitrine.stepper")

    /// The stepper's size, in points (UIKit's).
    public static let size = Size(width: 94, height: 32)
    /// Seconds a half is held before the value starts repeating.
    public static let autorepeatDelay = 0.5
    /// Seconds between the first two repeats.
    public static let autorepeatInitialInterval = 0.2
    /// Each repeat interval is the previous one times this.
    public static let autorepeatAcceleration = 0.85
    /// The shortest repeat interval.
    public static let autorepeatMinimumInterval = 0.05

    /// Which half a finger pressed.
    public enum Side: Sendable { case decrement, increment }

    /// Creates a stepper at 0 in 0…100 with a step of 1, with `frame` in its future superview's
    /// coordinate space.
    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    // MARK: Value

    /// The value, within `minimumValue…maximumValue` (clamped; NaN and infinities are ignored
    /// with a log line). Setting it sends no event.
    public var value: Double {
        get { storedValue }
        set {
            guard newValue.isFinite else {
                Stepper.logger.warning("Stepper.value: \(newValue) is not a number — the value is kept at \(storedValue)")
                return
            }
            let clamped = min(max(newValue, minimumValue), maximumValue)
            if clamped != storedValue { storedValue = clamped; setNeedsDisplay() }
        }
    }
    private var storedValue = 0.0

    /// The lowest value (default 0). Raising it above `maximumValue` raises that too.
    /// Non-finite values are ignored.
    public var minimumValue: Double = 0 {
        didSet {
            guard minimumValue.isFinite else { minimumValue = oldValue; return }
            if maximumValue < minimumValue { maximumValue = minimumValue }
            value = storedValue
            setNeedsDisplay()
        }
    }

    /// The highest value (default 100). Lowering it below `minimumValue` lowers that too.
    /// Non-finite values are ignored.
    public var maximumValue: Double = 100 {
        didSet {
            guard maximumValue.isFinite else { maximumValue = oldValue; return }
            if minimumValue > maximumValue { minimumValue = maximumValue }
            value = storedValue
            setNeedsDisplay()
        }
    }

    /// How much a step changes the value (default 1). It must be a positive number: UIKit
    /// raises an exception for anything else; Vitrine logs it and keeps the step it had.
    public var stepValue: Double = 1 {
        didSet {
            guard stepValue.isFinite && stepValue > 0 else {
                Stepper.logger.warning("Stepper.stepValue must be above 0: \(stepValue) is ignored — the step stays \(oldValue)")
                stepValue = oldValue
                return
            }
        }
    }

    /// Whether stepping past one end goes on from the other (default false: it stops).
    public var wraps = false { didSet { setNeedsDisplay() } }
    /// Whether holding a half repeats its step (default true).
    public var autorepeat = true
    /// Whether `.valueChanged` is sent on each step (default true) or once on lift.
    public var isContinuous = true

    /// The half a finger holds now, if any.
    public private(set) var pressedSide: Side?

    /// Whether a step of `side` can change the value.
    public func canStep(_ side: Side) -> Bool {
        if wraps { return maximumValue > minimumValue }
        return side == .increment ? storedValue < maximumValue : storedValue > minimumValue
    }

    /// `Stepper.size`.
    open override var intrinsicContentSize: Size { Stepper.size }
    /// `Stepper.size`.
    open override func sizeThatFits(_ size: Size) -> Size { Stepper.size }

    // MARK: Tracking

    private var repeatTimer: LoopTimer?
    private var repeatInterval = 0.0
    private var valueWhenTouched = 0.0
    private var isOverPressedSide = false

    /// Where the stepper is drawn (bounds space): at the left of the bounds, at the right in
    /// right to left, centred vertically.
    private func stepperRect(rightToLeft: Bool) -> Rect {
        let size = Stepper.size
        return Rect(x: rightToLeft ? bounds.width - size.width : 0, y: ((bounds.height - size.height) / 2).rounded(),
                    width: size.width, height: size.height)
    }

    /// The half at `point` (bounds space): − on the left, on the right in right to left.
    private func side(at point: Point) -> Side {
        let rightToLeft = isLaidOutRightToLeft
        let left = point.x < stepperRect(rightToLeft: rightToLeft).midX
        return left != rightToLeft ? .decrement : .increment
    }

    /// Whether `point` is over `side`'s half (with the control's `touchInsideMargin` around the
    /// stepper, split at the middle).
    private func isOver(_ side: Side, _ point: Point) -> Bool {
        let area = stepperRect(rightToLeft: isLaidOutRightToLeft).insetBy(dx: -touchInsideMargin, dy: -touchInsideMargin)
        guard area.contains(point) else { return false }
        return self.side(at: point) == side
    }

    /// Presses the half under the finger when it can step: steps once and arms the repeat.
    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        let side = side(at: touch.location(in: self))
        guard canStep(side) else { return false }
        pressedSide = side
        isOverPressedSide = true
        valueWhenTouched = storedValue
        setNeedsDisplay()
        step(with: event)
        armRepeat(after: Stepper.autorepeatDelay)
        return true
    }

    /// Stops repeating while the finger is off the pressed half; resumes after the delay when it
    /// comes back.
    open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        guard let pressedSide else { return true }
        let over = isOver(pressedSide, touch.location(in: self))
        if over != isOverPressedSide {
            isOverPressedSide = over
            setNeedsDisplay()
            if over { armRepeat(after: Stepper.autorepeatDelay) } else { stopRepeating() }
        }
        return true
    }

    /// Releases the half; a non-continuous stepper sends its `.valueChanged`.
    open override func endTracking(_ touch: Touch?, with event: Event?) {
        release(with: event)
    }

    /// As a lift.
    open override func cancelTracking(with event: Event?) {
        release(with: event)
    }

    private func release(with event: Event?) {
        stopRepeating()
        pressedSide = nil
        setNeedsDisplay()
        if !isContinuous && storedValue != valueWhenTouched { sendActions(for: .valueChanged, with: event) }
    }

    /// One step of the pressed half.
    private func step(with event: Event?) {
        guard let pressedSide, canStep(pressedSide) else { return }
        var next = storedValue + (pressedSide == .increment ? stepValue : -stepValue)
        if wraps {
            if next > maximumValue { next = minimumValue } else if next < minimumValue { next = maximumValue }
        }
        value = next
        if isContinuous { sendActions(for: .valueChanged, with: event) }
    }

    private func armRepeat(after delay: Double) {
        guard autorepeat, let loop = window?.application?.mainLoop else { return }
        repeatInterval = Stepper.autorepeatInitialInterval / Stepper.autorepeatAcceleration
        let fireDate = loop.clock.now + delay
        if let repeatTimer, repeatTimer.mainLoop != nil {
            repeatTimer.rearm(at: fireDate)
        } else {
            let timer = LoopTimer(fireDate: fireDate) { [weak self] _ in self?.repeatStep() }
            repeatTimer = timer
            timer.schedule(on: loop)
        }
    }

    private func repeatStep() {
        guard let pressedSide, isOverPressedSide, let timer = repeatTimer, let loop = timer.mainLoop else { return }
        step(with: nil)
        guard self.pressedSide != nil, canStep(pressedSide) else { stopRepeating(); return }
        repeatInterval = max(repeatInterval * Stepper.autorepeatAcceleration, Stepper.autorepeatMinimumInterval)
        timer.rearm(at: loop.clock.now + repeatInterval)
    }

    private func stopRepeating() {
        repeatTimer?.invalidate()
    }

    /// Leaving the window stops any repeat.
    open override func didMoveToWindow() {
        if window == nil {
            repeatTimer?.invalidate()
            repeatTimer = nil
        }
    }

    isolated deinit { repeatTimer?.invalidate() }

    // MARK: Drawing

    /// Draws the background, the pressed half, the separator and the two signs.
    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        let traits = traitCollection
        context.saveGState()
        defer { context.restoreGState() }
        if !isEnabled { context.alpha *= 0.4 }
        let size = Stepper.size
        let rightToLeft = isLaidOutRightToLeft
        let frame = stepperRect(rightToLeft: rightToLeft)
        context.fillColor = SemanticColor.tertiarySystemFill.resolved(with: traits)
        context.fillRoundedRect(frame, cornerRadius: 8)
        let half = size.width / 2
        if let pressedSide, isOverPressedSide {
            context.saveGState()
            context.clip(toRoundedRect: frame, cornerRadius: 8)
            context.fillColor = SemanticColor.systemFill.resolved(with: traits)
            let left = (pressedSide == .decrement) != rightToLeft
            context.fill(Rect(x: left ? frame.minX : frame.minX + half, y: frame.minY, width: half, height: frame.height))
            context.restoreGState()
        }
        context.fillColor = SemanticColor.separator.resolved(with: traits)
        context.fill(Rect(x: frame.minX + half - 0.5, y: frame.minY + 8, width: 1, height: frame.height - 16))
        let dim = SemanticColor.tertiaryLabel.resolved(with: traits)
        let tint = tintColor ?? SemanticColor.systemBlue.resolved(with: traits)
        // − centred in the left half, + in the right one (swapped right to left): 14 × 2 bars.
        let midY = frame.midY
        let minusX = frame.minX + (rightToLeft ? half * 1.5 : half / 2)
        context.fillColor = canStep(.decrement) ? tint : dim
        context.fillRoundedRect(Rect(x: minusX - 7, y: midY - 1, width: 14, height: 2), cornerRadius: 1)
        context.fillColor = canStep(.increment) ? tint : dim
        let plusX = frame.minX + (rightToLeft ? half / 2 : half * 1.5)
        context.fillRoundedRect(Rect(x: plusX - 7, y: midY - 1, width: 14, height: 2), cornerRadius: 1)
        context.fillRoundedRect(Rect(x: plusX - 1, y: midY - 7, width: 2, height: 14), cornerRadius: 1)
    }
}
