import VitrineGraphics

/// An on/off control (UIKit's `UISwitch`): a pill-shaped track with a round thumb.
///
/// **Touches.** A tap (lifted inside: bounds plus `touchInsideMargin`) toggles the switch. A
/// drag moves the thumb with the finger, even outside the bounds; on lift the switch is on when
/// the thumb is past the middle. Either way the thumb then slides to its end (animated) and,
/// when `isOn` changed, `.valueChanged` is sent, before `.touchUpInside`/`.touchUpOutside`. A
/// cancelled touch puts the thumb back where it was and sends no `.valueChanged`. While the
/// finger is down the thumb is stretched, as in UIKit.
///
/// **Right to left** (`effectiveUserInterfaceLayoutDirection`), as UIKit's: on is the thumb at
/// the left, a drag to the left turns it on, and the switch is drawn at the right of the bounds.
///
/// **Looks.** 51 × 31 points, drawn at the left of the bounds and centred vertically. On, the
/// track is `onTintColor` (default: `SemanticColor.systemGreen`, as UIKit — the switch does
/// not use `tintColor`); off, `SemanticColor.systemFill`; the thumb is `thumbTintColor`
/// (default white). Colours follow the `traitCollection`. Disabled, the switch is drawn at
/// 40% opacity.
@MainActor
open class Switch: Control {
    /// The switch's size, in points (UIKit's).
    public static let size = Size(width: 51, height: 31)

    /// The thumb's travel, 0 (off) … 1 (on), as shown now.
    private var position: ControlAnimation!
    /// `isOn` when the touch began.
    private var wasOnWhenTouched = false
    /// Where the finger touched down (bounds space), and whether it has been dragged.
    private var touchDownX = 0.0
    private var isDragging = false

    /// How far (points) a finger must move before a touch counts as a drag, not a tap.
    public var dragThreshold = 4.0

    /// Creates a switch, off, with `frame` in its future superview's coordinate space.
    public override init(frame: Rect) {
        super.init(frame: frame)
        position = ControlAnimation(0, of: self)
    }

    /// Whether the switch is on. Setting it moves the thumb at once and sends no event.
    public var isOn: Bool {
        get { storedIsOn }
        set { setOn(newValue, animated: false) }
    }
    private var storedIsOn = false

    /// Sets `isOn`, sliding the thumb over 0.25 s when `animated` (and the switch is in a
    /// window); sends no event, as in UIKit.
    public func setOn(_ on: Bool, animated: Bool) {
        storedIsOn = on
        if animated { position.animate(to: on ? 1 : 0, duration: 0.25) } else { position.jump(to: on ? 1 : 0) }
    }

    /// The track's colour when on; nil (the default) is `SemanticColor.systemGreen`.
    public var onTintColor: Color? { didSet { if onTintColor != oldValue { setNeedsDisplay() } } }

    /// The thumb's colour; nil (the default) is white.
    public var thumbTintColor: Color? { didSet { if thumbTintColor != oldValue { setNeedsDisplay() } } }

    /// `Switch.size`.
    open override var intrinsicContentSize: Size { Switch.size }

    /// `Switch.size`.
    open override func sizeThatFits(_ size: Size) -> Size { Switch.size }

    // MARK: Tracking

    /// Starts following the finger: remembers the value to go back to on cancellation.
    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        wasOnWhenTouched = storedIsOn
        touchDownX = touch.location(in: self).x
        isDragging = false
        position.jump(to: storedIsOn ? 1 : 0)
        setNeedsDisplay()
        return true
    }

    /// Moves the thumb with the finger once it moved past `dragThreshold`.
    open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        let dx = touch.location(in: self).x - touchDownX
        if !isDragging && abs(dx) >= dragThreshold { isDragging = true }
        if isDragging {
            let travel = Switch.size.width - 4 - (Self.thumbDiameter + Self.stretch)
            // Towards "on": rightwards, leftwards in right to left.
            let towardsOn = isLaidOutRightToLeft ? -dx : dx
            position.jump(to: min(max((wasOnWhenTouched ? 1 : 0) + towardsOn / travel, 0), 1))
        }
        return true
    }

    /// Decides the new value (a tap inside toggles; a drag keeps the side the thumb is on),
    /// slides the thumb there and sends `.valueChanged` when it changed.
    open override func endTracking(_ touch: Touch?, with event: Event?) {
        let on = isDragging ? position.value >= 0.5 : (isTouchInside ? !wasOnWhenTouched : wasOnWhenTouched)
        isDragging = false
        setOn(on, animated: true)
        if on != wasOnWhenTouched { sendActions(for: .valueChanged, with: event) }
    }

    /// Puts the thumb back where it was; no event.
    open override func cancelTracking(with event: Event?) {
        isDragging = false
        setOn(wasOnWhenTouched, animated: true)
    }

    /// Out of a window there is nothing to animate: the thumb goes to its end.
    open override func didMoveToWindow() {
        if window == nil { position.finish() }
    }

    isolated deinit { position.invalidate() }

    // MARK: Drawing

    static let thumbDiameter = 27.0
    /// How much wider the thumb is while pressed.
    static let stretch = 7.0

    /// Draws the track (blending from off to on with the thumb's position) and the thumb.
    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        let traits = traitCollection
        let p = position.value
        context.saveGState()
        defer { context.restoreGState() }
        if !isEnabled { context.alpha *= 0.4 }
        let size = Switch.size
        let rightToLeft = isLaidOutRightToLeft
        let track = Rect(x: rightToLeft ? bounds.width - size.width : 0, y: ((bounds.height - size.height) / 2).rounded(),
                         width: size.width, height: size.height)
        let off = SemanticColor.systemFill.resolved(with: traits)
        let on = onTintColor ?? SemanticColor.systemGreen.resolved(with: traits)
        let pressed = isHighlighted || isDragging
        let width = Self.thumbDiameter + (pressed ? Self.stretch : 0)
        // Off at the left, on at the right; mirrored right to left.
        let travel = p * (size.width - 4 - width)
        let x = rightToLeft ? track.maxX - 2 - width - travel : track.minX + 2 + travel
        let thumb = Rect(x: x, y: track.minY + 2, width: width, height: Self.thumbDiameter)
        context.saveGState()
        if !isEnabled {
            // Drawn translucent, the thumb would show the track through it: leave the track out
            // where the thumb is, as a control faded as a whole looks.
            var outside = Path(bounds.insetBy(dx: -size.width, dy: -size.height))
            outside.addRoundedRect(in: thumb, cornerRadius: Self.thumbDiameter / 2)
            context.clip(to: outside, rule: .evenOdd)
        }
        context.fillColor = off.interpolated(to: on, progress: p)
        context.fillRoundedRect(track, cornerRadius: size.height / 2)
        context.restoreGState()
        // A soft edge, so a white thumb stays visible on a light track.
        context.fillColor = Color(white: 0, alpha: traits.isDark ? 0.3 : 0.12)
        context.fillRoundedRect(thumb.insetBy(dx: -0.5, dy: -0.5), cornerRadius: Self.thumbDiameter / 2 + 0.5)
        context.fillColor = thumbTintColor ?? .white
        context.fillRoundedRect(thumb, cornerRadius: Self.thumbDiameter / 2)
    }
}
