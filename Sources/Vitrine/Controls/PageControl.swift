import VitrineGraphics

/// A row of dots, one per page, the current one highlighted (UIKit's `UIPageControl`).
///
/// **Touches.** A tap (lifted inside: bounds plus `touchInsideMargin`) in the left half of the
/// control moves to the previous page, in the right half to the next (where the tap went
/// down decides), and sends `.valueChanged` when `currentPage` changed; nothing happens past
/// the first or the last page. Setting `currentPage` in code sends no event.
///
/// **Right to left** (`effectiveUserInterfaceLayoutDirection`), as UIKit's: page 0 is the
/// rightmost dot, and a tap in the left half goes to the next page, in the right half to the
/// previous one.
///
/// **Looks.** 7-point dots every 16 points, centred; the current one in
/// `currentPageIndicatorTintColor` (default: `tintColor`), the others in
/// `pageIndicatorTintColor` (default: `SemanticColor.tertiaryLabel`). While pressed the dots
/// are drawn at 70%; disabled, at 40%. With `hidesForSinglePage` and one page or fewer,
/// nothing is drawn and touches are not tracked.
@MainActor
open class PageControl: Control {
    /// A dot's diameter, and the distance between the centres of two dots, in points.
    public static let dotDiameter = 7.0, dotPitch = 16.0

    /// Creates a page control with no pages, with `frame` in its future superview's space.
    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// How many pages (dots) there are; negative values count as 0. `currentPage` is clamped.
    public var numberOfPages = 0 {
        didSet {
            numberOfPages = max(numberOfPages, 0)
            currentPage = min(currentPage, max(numberOfPages - 1, 0))
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        }
    }

    /// The page shown, 0…numberOfPages − 1 (clamped). Setting it sends no event.
    public var currentPage = 0 {
        didSet {
            currentPage = min(max(currentPage, 0), max(numberOfPages - 1, 0))
            if currentPage != oldValue { setNeedsDisplay() }
        }
    }

    /// Whether nothing is shown when there is one page or none (default false).
    public var hidesForSinglePage = false { didSet { setNeedsDisplay() } }

    /// The colour of the other dots; nil (the default) is `SemanticColor.tertiaryLabel`.
    public var pageIndicatorTintColor: Color? { didSet { if pageIndicatorTintColor != oldValue { setNeedsDisplay() } } }
    /// The colour of the current page's dot; nil (the default) is `tintColor`.
    public var currentPageIndicatorTintColor: Color? {
        didSet { if currentPageIndicatorTintColor != oldValue { setNeedsDisplay() } }
    }

    /// The size the dots of `pageCount` pages need (UIKit's `size(forNumberOfPages:)`).
    public func size(forNumberOfPages pageCount: Int) -> Size {
        Size(width: Double(max(pageCount, 0)) * PageControl.dotPitch + 16, height: 26)
    }

    /// `size(forNumberOfPages: numberOfPages)`.
    open override var intrinsicContentSize: Size { size(forNumberOfPages: numberOfPages) }
    /// `intrinsicContentSize`.
    open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    private var isShowingNothing: Bool { hidesForSinglePage && numberOfPages <= 1 }

    // MARK: Tracking

    /// The page the touch will move to (-1 or numberOfPages: none).
    private var targetPage = 0

    /// Picks the direction from the half the touch went down in.
    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        guard !isShowingNothing, numberOfPages > 0 else { return false }
        // The trailing half goes forward: the right one, the left one in right to left.
        let left = touch.location(in: self).x < bounds.midX
        targetPage = currentPage + (left != isLaidOutRightToLeft ? -1 : 1)
        setNeedsDisplay()
        return true
    }

    /// Moves a page when lifted inside, and sends `.valueChanged` when it did.
    open override func endTracking(_ touch: Touch?, with event: Event?) {
        setNeedsDisplay()
        guard isTouchInside, targetPage >= 0, targetPage < numberOfPages else { return }
        currentPage = targetPage
        sendActions(for: .valueChanged, with: event)
    }

    /// Nothing moves.
    open override func cancelTracking(with event: Event?) {
        setNeedsDisplay()
    }

    // MARK: Drawing

    /// Draws the dots.
    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        guard !isShowingNothing, numberOfPages > 0 else { return }
        let traits = traitCollection
        context.saveGState()
        defer { context.restoreGState() }
        if !isEnabled { context.alpha *= 0.4 } else if isTracking { context.alpha *= 0.7 }
        let pitch = PageControl.dotPitch, d = PageControl.dotDiameter
        let firstX = bounds.midX - Double(numberOfPages) * pitch / 2 + (pitch - d) / 2
        let y = (bounds.midY - d / 2).rounded()
        let other = pageIndicatorTintColor ?? SemanticColor.tertiaryLabel.resolved(with: traits)
        let current = currentPageIndicatorTintColor ?? tintColor ?? SemanticColor.systemBlue.resolved(with: traits)
        let rightToLeft = isLaidOutRightToLeft
        for page in 0..<numberOfPages {
            context.fillColor = page == currentPage ? current : other
            let slot = rightToLeft ? numberOfPages - 1 - page : page
            context.fillEllipse(in: Rect(x: (firstX + Double(slot) * pitch).rounded(), y: y, width: d, height: d))
        }
    }
}
