import VitrineGraphics

/// Pull-to-refresh for a `TableView` (UIKit's `UIRefreshControl`): pulling the list down past
/// `threshold` points beyond its top begins refreshing and sends `.valueChanged`; the app
/// reloads its data and calls `endRefreshing()`. While refreshing the control stays shown above
/// the first row (the table's top inset grows by the control's height, as in UIKit).
///
/// Sits in the table's content space just above the content (y = −`height`); draws a ring that
/// fills as the list is pulled, full while refreshing, and `title` under it.
///
/// It triggers only under the finger (the table `isDragging`), as UIKit: an offset the app sets
/// above the top, or the rubber band bouncing back, does not refresh. The control re-arms once
/// the offset is back at or below the top.
open class RefreshControl: Control {
    /// The control's height, in points.
    public static let height = 60.0

    /// How far, in points, the list must be pulled past its top to refresh (default 80).
    public var threshold = 80.0
    /// Text under the ring (UIKit's `attributedTitle`), nil for none.
    public var title: String? {
        didSet { if title != oldValue { setNeedsDisplay() } }
    }
    /// Whether a refresh is under way (from the pull or `beginRefreshing()` until
    /// `endRefreshing()`).
    public private(set) var isRefreshing = false

    /// The table the control is in.
    private weak var table: TableView?
    /// Points added to the table's top inset while refreshing.
    private var insetAdded = 0.0
    /// False after a refresh began from a pull, until the list is back at its top.
    private var isArmed = true
    /// How far the ring is filled, 0…1.
    private var progress = 0.0

    /// A control with no table yet (set it as a table's `refreshControl`).
    public init() {
        super.init(frame: Rect(x: 0, y: -RefreshControl.height, width: 320, height: RefreshControl.height))
        // The ring and title are drawn in `tintColor` (a control redraws when it changes): grey
        // unless the app sets another.
        tintColor = Color(white: 0.45)
    }

    /// Begins refreshing (the ring full, the control kept shown) without sending
    /// `.valueChanged`, as UIKit's: for a refresh the app started itself.
    public func beginRefreshing() {
        guard !isRefreshing else { return }
        isRefreshing = true
        progress = 1
        setNeedsDisplay()
        if let table, insetAdded == 0 {
            insetAdded = RefreshControl.height
            table.contentInset.top += insetAdded
        }
    }

    /// Ends the refresh: the control's room above the list is given back and a list resting
    /// there slides up to its top (0.3 s).
    public func endRefreshing() {
        guard isRefreshing else { return }
        isRefreshing = false
        setNeedsDisplay()
        guard let table else { return }
        if insetAdded != 0 {
            table.contentInset.top -= insetAdded
            insetAdded = 0
        }
        // Under a finger the list springs back to the new top when released; otherwise it
        // slides there now, taking over any bounce under way (which aimed at the old top).
        let minimum = table.minimumContentOffset.y
        if !table.isDragging, table.contentOffset.y < minimum {
            table.setContentOffset(Point(x: table.contentOffset.x, y: minimum), animated: true)
        }
    }

    // MARK: The table's calls

    func attach(to table: TableView) {
        self.table = table
        table.insertSubview(self, at: 0)
        tableDidLayout()
    }

    func detach() {
        if isRefreshing { endRefreshing() }
        removeFromSuperview()
        table = nil
    }

    /// Places the control above the content, as wide as the table.
    func tableDidLayout() {
        guard let table else { return }
        frame = Rect(x: 0, y: -RefreshControl.height, width: table.bounds.width, height: RefreshControl.height)
    }

    /// Measures the pull and begins refreshing past the threshold (see the type's
    /// documentation).
    func tableDidScroll() {
        guard let table else { return }
        let top = table.contentInset.top - insetAdded
        let pull = -(table.contentOffset.y + top)
        if pull <= 0 { isArmed = true }
        if !isRefreshing {
            let newProgress = min(max(pull / threshold, 0), 1)
            if newProgress != progress {
                progress = newProgress
                setNeedsDisplay()
            }
        }
        guard !isRefreshing, isArmed, pull >= threshold, isEnabled, table.isDragging else { return }
        isArmed = false
        beginRefreshing()
        sendActions(for: .valueChanged)
    }

    // MARK: Drawing

    /// The ring, filled by the pull, and the title.
    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        guard progress > 0 else { return }
        let radius = 11.0
        let center = Point(x: bounds.midX, y: title == nil ? bounds.midY : 22)
        var arc = Path()
        let start = -Double.pi / 2
        arc.addArc(center: center, radius: radius, startAngle: start,
                   endAngle: start + progress * 2 * Double.pi * 0.85, clockwise: false)
        context.strokeColor = tintColor
        context.lineWidth = 3
        context.lineCap = .round
        context.stroke(arc)
        if let title {
            let font = Font.system(size: 13)
            let layout = TextLayout(text: title, font: font, width: nil, numberOfLines: 1)
            context.draw(layout, at: Point(x: bounds.midX - layout.size.width / 2, y: 38), color: tintColor)
        }
    }
}
