import Logging
import VitrineGraphics

/// A control for choosing a value in a continuous range by dragging a thumb along a track
/// (UIKit's `UISlider`; values are `Double` where UIKit's are `Float`).
///
/// **Touches.** As in UIKit, only a touch that lands on the thumb (its circle widened by
/// `thumbTouchMargin` points each side, the full height of the bounds) is tracked; a touch
/// elsewhere on the track does nothing. The thumb then follows the finger horizontally, keeping
/// the offset at which it was grabbed, and keeps following it outside the bounds — far above,
/// below or beyond the ends — the value staying within `minimumValue…maximumValue`. When
/// `isContinuous` (the default), `.valueChanged` is sent on every move that changes the value;
/// otherwise once on lift (or cancellation) if the value changed during the touch. A cancelled
/// touch keeps the value reached, as UIKit's slider does.
///
/// **Looks.** A 4-point track, centred vertically, filled with `minimumTrackTintColor`
/// (default: `tintColor`) on the minimum's side of the thumb and `maximumTrackTintColor`
/// (default `SemanticColor.systemFill`) on the other; a 28-point white thumb
/// (`thumbTintColor`); the optional `minimumValueImage` and `maximumValueImage` at the ends,
/// the track between them. Disabled, it is drawn at 40% opacity.
///
/// **Right to left** (`effectiveUserInterfaceLayoutDirection`), the slider mirrors as UIKit's:
/// the minimum is at the right end with its image, the thumb moves left as the value grows
/// (a drag to the left raises it) and the track fills from the right. Value images marked
/// `flipsForRightToLeftLayoutDirection` are drawn mirrored.
@MainActor
open class Slider: Control {
    private static let logger = Logger(label: "vitrine.slider")

    /// The thumb's diameter, in points.
    public static let thumbDiameter = 28.0
    /// Points between a value image and the track.
    static let imageSpacing = 8.0

    /// The value the thumb is drawn at (differs from `value` while `setValue(_:animated:)`
    /// slides it).
    private var shown: ControlAnimation!

    /// Creates a slider at 0 in 0…1, with `frame` in its future superview's coordinate space.
    public override init(frame: Rect) {
        super.init(frame: frame)
        shown = ControlAnimation(0, of: self)
    }

    // MARK: Value

    /// The value, within `minimumValue…maximumValue` (a value outside is clamped; NaN and
    /// infinities are ignored with a log line). Setting it sends no event.
    public var value: Double {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }
    private var storedValue = 0.0

    /// Sets `value` (clamped; non-finite ignored); when `animated` (and in a window) the thumb
    /// slides there over 0.25 s. Sends no event.
    public func setValue(_ newValue: Double, animated: Bool) {
        guard newValue.isFinite else {
            Slider.logger.warning("Slider.value: \(newValue) is not a number — the value is kept at \(storedValue)")
            return
        }
        let clamped = min(max(newValue, minimumValue), maximumValue)
        storedValue = clamped
        if animated { shown.animate(to: clamped, duration: 0.25) } else { shown.jump(to: clamped) }
    }

    /// The value at the left end (the right end in right to left; default 0). Raising it above `maximumValue` raises that too,
    /// as UIKit does; the value is clamped again. Non-finite values are ignored.
    public var minimumValue: Double = 0 {
        didSet {
            guard minimumValue.isFinite else { minimumValue = oldValue; return }
            if maximumValue < minimumValue { maximumValue = minimumValue }
            setValue(storedValue, animated: false)
            setNeedsDisplay()
        }
    }

    /// The value at the right end (the left end in right to left; default 1). Lowering it below `minimumValue` lowers that
    /// too; the value is clamped again. Non-finite values are ignored.
    public var maximumValue: Double = 1 {
        didSet {
            guard maximumValue.isFinite else { maximumValue = oldValue; return }
            if minimumValue > maximumValue { minimumValue = maximumValue }
            setValue(storedValue, animated: false)
            setNeedsDisplay()
        }
    }

    /// Whether `.valueChanged` is sent during the drag (true, the default) or only once the
    /// finger lifts.
    public var isContinuous = true

    /// Points either side of the thumb's circle that still grab it.
    public var thumbTouchMargin = 10.0

    // MARK: Appearance

    /// The track left of the thumb; nil (the default) is `tintColor`.
    public var minimumTrackTintColor: Color? { didSet { if minimumTrackTintColor != oldValue { setNeedsDisplay() } } }
    /// The track right of the thumb; nil (the default) is `SemanticColor.systemFill`.
    public var maximumTrackTintColor: Color? { didSet { if maximumTrackTintColor != oldValue { setNeedsDisplay() } } }
    /// The thumb; nil (the default) is white.
    public var thumbTintColor: Color? { didSet { if thumbTintColor != oldValue { setNeedsDisplay() } } }
    /// An image at the minimum's end (a small speaker, a dim sun), drawn at its size: the left
    /// end, the right one in right to left.
    public var minimumValueImage: Image? { didSet { setNeedsDisplay() } }
    /// An image at the maximum's end (the right, the left in right to left).
    public var maximumValueImage: Image? { didSet { setNeedsDisplay() } }

    /// Height 31 (UIKit's); no intrinsic width.
    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: 31) }

    // MARK: Geometry (bounds space)

    /// The track between the value images, 4 points high, centred vertically.
    public func trackRect(forBounds bounds: Rect) -> Rect {
        let rightToLeft = isLaidOutRightToLeft
        let leftImage = rightToLeft ? maximumValueImage : minimumValueImage
        let rightImage = rightToLeft ? minimumValueImage : maximumValueImage
        var minX = bounds.minX, maxX = bounds.maxX
        if let image = leftImage { minX += image.size.width + Slider.imageSpacing }
        if let image = rightImage { maxX -= image.size.width + Slider.imageSpacing }
        return Rect(x: minX, y: (bounds.midY - 2).rounded(), width: max(maxX - minX, 0), height: 4)
    }

    /// The thumb's square for `value` on `track` (UIKit's `thumbRect(forBounds:trackRect:value:)`):
    /// from the left end at the minimum, from the right end in right to left.
    public func thumbRect(forBounds bounds: Rect, trackRect track: Rect, value: Double) -> Rect {
        let d = Slider.thumbDiameter
        let travel = fraction(of: value) * max(track.width - d, 0)
        let x = isLaidOutRightToLeft ? track.maxX - d - travel : track.minX + travel
        return Rect(x: x, y: (bounds.midY - d / 2).rounded(), width: d, height: d)
    }

    /// Where `value` lies between the ends, 0…1.
    private func fraction(of value: Double) -> Double {
        maximumValue > minimumValue ? (value - minimumValue) / (maximumValue - minimumValue) : 0
    }

    // MARK: Tracking

    /// Where on the thumb the finger grabbed it (points from the thumb's centre).
    private var grabOffset = 0.0
    private var valueWhenTouched = 0.0

    /// Tracks only a touch on the thumb (see the type's documentation).
    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        let point = touch.location(in: self)
        let thumb = thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: storedValue)
        guard point.x >= thumb.minX - thumbTouchMargin, point.x <= thumb.maxX + thumbTouchMargin,
              point.y >= min(bounds.minY, thumb.minY), point.y <= max(bounds.maxY, thumb.maxY) else { return false }
        grabOffset = point.x - thumb.midX
        valueWhenTouched = storedValue
        return true
    }

    /// Moves the value with the finger, wherever it is.
    open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        let track = trackRect(forBounds: bounds)
        let travel = track.width - Slider.thumbDiameter
        guard travel > 0 else { return true }
        let centre = touch.location(in: self).x - grabOffset
        // How far along from the minimum's end: the left one, or the right one in right to left.
        let along = isLaidOutRightToLeft ? track.maxX - Slider.thumbDiameter / 2 - centre : centre - track.minX - Slider.thumbDiameter / 2
        let t = min(max(along / travel, 0), 1)
        let before = storedValue
        setValue(minimumValue + t * (maximumValue - minimumValue), animated: false)
        if isContinuous && storedValue != before { sendActions(for: .valueChanged, with: event) }
        return true
    }

    /// A non-continuous slider sends its one `.valueChanged`.
    open override func endTracking(_ touch: Touch?, with event: Event?) {
        if !isContinuous && storedValue != valueWhenTouched { sendActions(for: .valueChanged, with: event) }
        setNeedsDisplay()
    }

    /// Keeps the value; a non-continuous slider sends its one `.valueChanged`.
    open override func cancelTracking(with event: Event?) {
        if !isContinuous && storedValue != valueWhenTouched { sendActions(for: .valueChanged, with: event) }
        setNeedsDisplay()
    }

    /// Out of a window, the thumb goes to the value.
    open override func didMoveToWindow() { if window == nil { shown.finish() } }

    isolated deinit { shown.invalidate() }

    // MARK: Drawing

    /// Draws the images, the two parts of the track and the thumb.
    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        let traits = traitCollection
        let rightToLeft = isLaidOutRightToLeft
        context.saveGState()
        defer { context.restoreGState() }
        if !isEnabled { context.alpha *= 0.4 }
        if let image = rightToLeft ? maximumValueImage : minimumValueImage {
            context.draw(image.surface, of: image, in: Rect(x: bounds.minX, y: (bounds.midY - image.size.height / 2).rounded(),
                                                            width: image.size.width, height: image.size.height),
                         rightToLeft: rightToLeft)
        }
        if let image = rightToLeft ? minimumValueImage : maximumValueImage {
            context.draw(image.surface, of: image, in: Rect(x: bounds.maxX - image.size.width,
                                                            y: (bounds.midY - image.size.height / 2).rounded(),
                                                            width: image.size.width, height: image.size.height),
                         rightToLeft: rightToLeft)
        }
        let track = trackRect(forBounds: bounds)
        let thumb = thumbRect(forBounds: bounds, trackRect: track, value: shown.value)
        context.saveGState()
        if !isEnabled {
            // Drawn translucent, the thumb would show the track through it: leave the track out
            // where the thumb is, as a control faded as a whole looks.
            var outside = Path(bounds.insetBy(dx: -Slider.thumbDiameter, dy: -Slider.thumbDiameter))
            outside.addEllipse(in: thumb)
            context.clip(to: outside, rule: .evenOdd)
        }
        context.fillColor = maximumTrackTintColor ?? SemanticColor.systemFill.resolved(with: traits)
        context.fillRoundedRect(track, cornerRadius: 2)
        context.fillColor = minimumTrackTintColor ?? tintColor
        let filled = rightToLeft
            ? Rect(x: thumb.midX, y: track.minY, width: track.maxX - thumb.midX, height: track.height)
            : Rect(x: track.minX, y: track.minY, width: thumb.midX - track.minX, height: track.height)
        context.fillRoundedRect(filled, cornerRadius: 2)
        context.restoreGState()
        context.fillColor = Color(white: 0, alpha: traits.isDark ? 0.35 : 0.15)
        context.fillEllipse(in: thumb.insetBy(dx: -0.5, dy: -0.5).offsetBy(dx: 0, dy: 0.5))
        var thumbColor = thumbTintColor ?? .white
        if isHighlighted && thumbTintColor == nil { thumbColor = Color(white: 0.94) }
        context.fillColor = thumbColor
        context.fillEllipse(in: thumb)
    }
}
