import VitrineGraphics

/// A spinning wheel of spokes that shows a task is under way (UIKit's
/// `UIActivityIndicatorView`, a plain view as there).
///
/// **Costs nothing when not seen.** The wheel turns on a `DisplayLink`, which exists only
/// while the indicator is animating *and* in a window *and* neither it nor any of its
/// ancestors is hidden. Stopped, hidden or off-window, there is no link, so no frame and no
/// wake-up; shown again, it picks up where the clock says. Even while it turns, it redraws
/// only when the lit spoke moves (8 times a second), not at every frame. (An ancestor faded to
/// `alpha` 0 is not noticed: hide it to stop the wheel.)
///
/// **Looks.** Eight rounded spokes, the lit one in `color` (default: `SemanticColor.systemGray`,
/// as UIKit — the indicator does not use `tintColor`), each one behind it fainter; 20 points
/// across for `.medium`, 37 for `.large`, centred in the bounds. With `hidesWhenStopped` (the
/// default) the view is hidden while stopped.
@MainActor
open class ActivityIndicatorView: View {
    /// The indicator's size (UIKit's `UIActivityIndicatorView.Style`).
    public enum Style: Sendable {
        /// 20 points across.
        case medium
        /// 37 points across.
        case large

        /// The side of the wheel, in points.
        public var side: Double { self == .medium ? 20 : 37 }
    }

    /// Spokes, and turns of the lit spoke per second.
    static let spokes = 8, stepsPerSecond = 8.0

    /// Animating indicators, held weakly (an indicator released while animating must not be
    /// kept alive), so that hiding any view can tell them (see `View.isHidden`).
    private struct WeakIndicator { weak var indicator: ActivityIndicatorView? }
    private static var animating: [WeakIndicator] = []

    /// Creates a stopped (and so, by default, hidden) `.medium` indicator with `frame` in its
    /// future superview's space.
    public override init(frame: Rect) {
        super.init(frame: frame)
        isHidden = hidesWhenStopped
    }

    /// Creates a stopped `style` indicator of its size.
    public convenience init(style: Style) {
        self.init(frame: Rect(x: 0, y: 0, width: style.side, height: style.side))
        self.style = style
    }

    /// The size of the wheel.
    public var style = Style.medium {
        didSet { if style != oldValue { setNeedsDisplay(); invalidateIntrinsicContentSize() } }
    }

    /// The colour of the spokes; nil (the default) is `SemanticColor.systemGray`.
    public var color: Color? { didSet { if color != oldValue { setNeedsDisplay() } } }

    /// Whether the view hides itself while stopped (default true).
    public var hidesWhenStopped = true {
        didSet { if !isAnimating && hidesWhenStopped { isHidden = true } }
    }

    /// Whether `startAnimating()` was called (and `stopAnimating()` not since); true even
    /// while the wheel is not turning because it is hidden or off-window.
    public private(set) var isAnimating = false

    /// Whether the wheel is turning now (a display link is running for it).
    public var isTurning: Bool { link != nil }

    /// Starts the wheel (and shows the view when `hidesWhenStopped`).
    public func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        ActivityIndicatorView.animating.removeAll { $0.indicator == nil }
        ActivityIndicatorView.animating.append(WeakIndicator(indicator: self))
        if hidesWhenStopped { isHidden = false }
        updateTurning()
    }

    /// Stops the wheel (and hides the view when `hidesWhenStopped`).
    public func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        ActivityIndicatorView.animating.removeAll { $0.indicator == nil || $0.indicator === self }
        if hidesWhenStopped { isHidden = true }
        updateTurning()
    }

    /// `style.side` square.
    open override var intrinsicContentSize: Size { Size(width: style.side, height: style.side) }
    /// `intrinsicContentSize`.
    open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    // MARK: Turning

    private var link: DisplayLink?
    /// The lit spoke, 0..<spokes.
    private var step = 0
    /// The clock time the wheel started turning at, minus the steps it had already turned.
    private var phaseOrigin = 0.0

    /// Whether the view is shown in a window: it and its ancestors are not hidden.
    private var isVisibleInWindow: Bool {
        guard window?.application != nil else { return false }
        var view: View? = self
        while let current = view {
            if current.isHidden { return false }
            view = current.superview
        }
        return true
    }

    /// Starts or stops the link to match `isAnimating` and visibility.
    func updateTurning() {
        let shouldTurn = isAnimating && isVisibleInWindow
        if shouldTurn, link == nil, let application = window?.application {
            phaseOrigin = application.clock.now - Double(step) / ActivityIndicatorView.stepsPerSecond
            let link = DisplayLink { [weak self] link in self?.tick(link) }
            self.link = link
            link.add(to: application)
        } else if !shouldTurn, let link {
            link.invalidate()
            self.link = nil
        }
    }

    /// A view was hidden or shown somewhere: each animating indicator checks its ancestors.
    /// Costs nothing when no indicator animates.
    static func visibilityMayHaveChanged() {
        guard !animating.isEmpty else { return }
        for entry in animating { entry.indicator?.updateTurning() }
    }

    private func tick(_ link: DisplayLink) {
        let elapsed = link.targetTimestamp - phaseOrigin
        let next = Int((elapsed * ActivityIndicatorView.stepsPerSecond).rounded(.down)) % ActivityIndicatorView.spokes
        if next != step {
            step = (next + ActivityIndicatorView.spokes) % ActivityIndicatorView.spokes
            setNeedsDisplay()
        }
    }

    /// Joining or leaving a window starts or stops the wheel.
    open override func didMoveToWindow() { updateTurning() }

    /// Redraws in the new appearance.
    open override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) { setNeedsDisplay() }

    isolated deinit {
        link?.invalidate()
        ActivityIndicatorView.animating.removeAll { $0.indicator == nil }
    }

    // MARK: Drawing

    /// Draws the spokes, the lit one at `step`.
    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        let side = style.side
        let centre = Point(x: bounds.midX, y: bounds.midY)
        let base = color ?? SemanticColor.systemGray.resolved(with: traitCollection)
        context.saveGState()
        defer { context.restoreGState() }
        context.lineCap = .round
        context.lineWidth = style == .medium ? 2.5 : 4
        let inner = side * 0.24, outer = side / 2 - context.lineWidth / 2
        for index in 0..<ActivityIndicatorView.spokes {
            // The lit spoke is opaque; those behind it fade down to a quarter.
            let behind = (step - index + ActivityIndicatorView.spokes) % ActivityIndicatorView.spokes
            context.strokeColor = base.withAlphaComponent(base.alpha * (1 - 0.75 * Double(behind) / Double(ActivityIndicatorView.spokes - 1)))
            context.saveGState()
            context.translateBy(x: centre.x, y: centre.y)
            context.rotate(by: Double(index) * 2 * Double.pi / Double(ActivityIndicatorView.spokes))
            context.strokeLine(from: Point(x: 0, y: -inner), to: Point(x: 0, y: -outer))
            context.restoreGState()
        }
    }
}
