import Logging
import VitrineGraphics

/// A bar that fills from left to right as a task progresses — from right to left in a
/// right-to-left view (`effectiveUserInterfaceLayoutDirection`), as UIKit's — (UIKit's
/// `UIProgressView`, which, as there, is a plain view, not a control: it takes no touches of
/// its own).
///
/// **Looks.** A 4-point rounded bar centred vertically in the bounds: the track in
/// `trackTintColor` (default `SemanticColor.systemFill`), the done part in
/// `progressTintColor` (default: `tintColor`). Colours follow the `traitCollection`.
@MainActor
open class ProgressView: View {
    private static let logger = Logger(label: "vitrine.progress-view")

    /// The fill shown now, 0…1 (differs from `progress` while an animation runs).
    private var shown: ControlAnimation!

    /// Creates a progress view at 0, with `frame` in its future superview's space.
    public override init(frame: Rect) {
        super.init(frame: frame)
        shown = ControlAnimation(0, of: self)
    }

    /// The progress, 0…1 (clamped; NaN and infinities are ignored with a log line). Setting it
    /// moves the bar at once.
    public var progress: Double {
        get { storedProgress }
        set { setProgress(newValue, animated: false) }
    }
    private var storedProgress = 0.0

    /// Sets `progress`, the bar sliding to it over 0.25 s when `animated` (and in a window).
    public func setProgress(_ newValue: Double, animated: Bool) {
        guard newValue.isFinite else {
            ProgressView.logger.warning("ProgressView.progress: \(newValue) is not a number — the progress stays \(storedProgress)")
            return
        }
        storedProgress = min(max(newValue, 0), 1)
        if animated { shown.animate(to: storedProgress, duration: 0.25) } else { shown.jump(to: storedProgress) }
    }

    /// The fill of the done part; nil (the default) is `tintColor`.
    public var progressTintColor: Color? { didSet { if progressTintColor != oldValue { setNeedsDisplay() } } }
    /// The fill of the track; nil (the default) is `SemanticColor.systemFill`.
    public var trackTintColor: Color? { didSet { if trackTintColor != oldValue { setNeedsDisplay() } } }

    /// Height 4; no intrinsic width.
    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: 4) }

    /// Redraws in the new tint.
    open override func tintColorDidChange() { setNeedsDisplay() }
    /// Redraws in the new appearance.
    open override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) { setNeedsDisplay() }
    /// Out of a window, the bar goes to its value.
    open override func didMoveToWindow() { if window == nil { shown.finish() } }

    isolated deinit { shown.invalidate() }

    /// Draws the track and the done part.
    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        let traits = traitCollection
        let bar = Rect(x: bounds.minX, y: (bounds.midY - 2).rounded(), width: bounds.width, height: min(4, bounds.height))
        context.fillColor = trackTintColor ?? SemanticColor.systemFill.resolved(with: traits)
        context.fillRoundedRect(bar, cornerRadius: bar.height / 2)
        let done = bar.width * shown.value
        guard done > 0 else { return }
        context.fillColor = progressTintColor ?? tintColor
        let x = isLaidOutRightToLeft ? bar.maxX - done : bar.minX
        context.fillRoundedRect(Rect(x: x, y: bar.minY, width: done, height: bar.height), cornerRadius: bar.height / 2)
    }
}
