import VitrineGraphics

/// One component of a `PickerView`: a vertical `ScrollView` whose content is the component's
/// rows, `rowHeight` points each, from row 0 at content y 0. Top and bottom insets of half the
/// view's height less half a row let the first and last rows reach the centre; row `r` is
/// centred (selected) when `contentOffset.y == r · rowHeight − contentInset.top`.
///
/// Only the rows within the view, plus `PickerWheel.spareRows` on each side, exist as
/// subviews; a row leaving that range is hidden and kept in `pool` for the next row to enter
/// (so a 10,000-row wheel holds a handful of views). The wheel is its own scroll delegate:
/// it snaps the release's target to a whole row and reports the row it comes to rest on.
@MainActor
final class PickerWheel: ScrollView, ScrollViewDelegate {
    /// Rows kept beyond each edge of the view, so a flick's first frame has them ready.
    static let spareRows = 2

    weak var picker: PickerView?
    let component: Int
    var rowCount = 0
    var rowHeight = PickerView.defaultRowHeight
    /// The row the wheel rests on (what `selectedRow(inComponent:)` answers).
    var selectedRow = 0
    /// Row views in use, and hidden ones waiting for reuse.
    private(set) var visible: [(row: Int, view: View)] = []
    private(set) var pool: [View] = []
    /// A tap on a row above or below the band turns the wheel to it; the watcher settles a
    /// wheel that a touch stopped between rows.
    private let tap = TapGestureRecognizer()
    private let liftWatcher = PickerLiftWatcher()

    init(component: Int, picker: PickerView) {
        self.component = component
        self.picker = picker
        super.init(frame: .zero)
        delegate = self
        showsVerticalScrollIndicator = false
        showsHorizontalScrollIndicator = false
        // A touch on the wheel is the wheel's (rows do not take touches): no need to wait.
        delaysContentTouches = false
        // Its insets centre the rows; a safe area must not shift them (UIKit's wheel ignores it).
        contentInsetAdjustmentBehavior = .never
        visible.reserveCapacity(24)
        pool.reserveCapacity(24)
        tap.addTarget(self, action: PickerWheel.handleTap)
        addGestureRecognizer(tap)
        liftWatcher.wheel = self
        addGestureRecognizer(liftWatcher)
    }

    // Touches on a wheel are the wheel's (its recognizers handle them): they do not go on up
    // the responder chain, so a `DatePicker` around it sends no touch events of its own.
    override func touchesBegan(_ touches: TouchSet, with event: Event?) {}
    override func touchesMoved(_ touches: TouchSet, with event: Event?) {}
    override func touchesEnded(_ touches: TouchSet, with event: Event?) {}
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) {}

    /// Back in a window (motion stops on leaving one): rest on the selected row again.
    override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil, !isMovingByItself, !isTracking {
            contentOffset = Point(x: 0, y: offset(forRow: selectedRow))
        }
    }

    // MARK: Geometry

    /// The content offset that centres `row`.
    func offset(forRow row: Int) -> Double { Double(row) * rowHeight - contentInset.top }

    /// The row nearest the centre for a content offset, within the rows.
    func row(forOffset y: Double) -> Int {
        guard rowCount > 0, rowHeight > 0 else { return 0 }
        let r = ((y + contentInset.top) / rowHeight).rounded()
        guard r.isFinite else { return 0 }
        return Int(min(max(r, 0), Double(rowCount - 1)))
    }

    /// Sets the insets and content size for the current height and rows; keeps the selected
    /// row centred unless the wheel is moving.
    func updateGeometry() {
        let inset = max((bounds.height - rowHeight) / 2, 0)
        contentInset = EdgeInsets(top: inset, left: 0, bottom: inset, right: 0)
        contentSize = Size(width: bounds.width, height: Double(rowCount) * rowHeight)
        if !isTracking && !isMovingByItself {
            contentOffset = Point(x: 0, y: offset(forRow: selectedRow))
        }
        setNeedsLayout()
    }

    /// Drops every row view (after a reload), so the next layout asks the delegate again.
    func recycleAll() {
        for entry in visible { recycle(entry.view) }
        visible.removeAll(keepingCapacity: true)
        setNeedsLayout()
    }

    private func recycle(_ view: View) {
        view.isHidden = true
        pool.append(view)
    }

    // MARK: Rows

    override func layoutSubviews() {
        super.layoutSubviews()
        guard let picker, rowHeight > 0, bounds.height > 0 else { return }
        let top = contentOffset.y, bottom = top + bounds.height
        // Clamped as they convert (an offset far off, or NaN, must not trap), each just past
        // the rows so that a range beyond them stays empty.
        let spare = PickerWheel.spareRows
        var first = Int(clamping: (top / rowHeight).rounded(.down), to: -1...(rowCount + spare)) - spare
        var last = Int(clamping: (bottom / rowHeight).rounded(.down), to: -(spare + 1)...rowCount) + spare
        first = max(first, 0)
        last = min(last, rowCount - 1)
        // Rows that left the range go to the pool.
        var index = visible.count - 1
        while index >= 0 {
            let row = visible[index].row
            if row < first || row > last {
                recycle(visible[index].view)
                visible.remove(at: index)
            }
            index -= 1
        }
        if first <= last {
            for row in first...last where !visible.contains(where: { $0.row == row }) {
                let reused = pool.popLast()
                let view = picker.rowView(row: row, component: component, reusing: reused, width: bounds.width,
                                          height: rowHeight)
                if let reused, reused !== view { reused.removeFromSuperview() }
                if view.superview !== self { addSubview(view) }
                view.isHidden = false
                visible.append((row, view))
            }
        }
        placeRows()
    }

    /// Places each row at its content position and gives it the wheel's look: rows fade and
    /// squeeze vertically (cos of their angle on a cylinder whose half-circumference is the
    /// view's height) with their distance from the centre. Positions stay linear, so a finger
    /// keeps the row under it; only the scale and alpha approximate the 3-D wheel.
    private func placeRows() {
        let centre = contentOffset.y + bounds.height / 2
        let radius = max(bounds.height / 2, rowHeight)
        for entry in visible {
            let view = entry.view
            let mid = (Double(entry.row) + 0.5) * rowHeight
            let angle = min(abs(mid - centre) / radius, 1) * (Double.pi / 2) * 0.9
            let squeeze = max(cos(angle), 0.2)
            // Size and centre rather than the frame, which a transform makes ambiguous; each
            // property changes (and damages) only when its value does.
            let size = Size(width: bounds.width, height: rowHeight)
            if view.bounds.size != size { view.bounds = Rect(origin: view.bounds.origin, size: size) }
            view.center = Point(x: bounds.width / 2, y: mid)
            view.transform = squeeze < 0.999 ? AffineTransform(scaleX: 1, y: squeeze) : .identity
            view.alpha = max(0.15, 1 - 0.85 * angle / (Double.pi / 2 * 0.9))
        }
    }

    /// The number of row views the wheel holds (shown and pooled).
    var rowViewCount: Int { visible.count + pool.count }
    /// The rows shown, in no particular order.
    var visibleRowNumbers: [Int] { visible.map(\.row) }
    /// The view showing `row`, when it exists.
    func view(forRow row: Int) -> View? { visible.first(where: { $0.row == row })?.view }

    // MARK: Selection

    /// Scrolls so `row` is centred.
    func scroll(toRow row: Int, animated: Bool) {
        let y = offset(forRow: row)
        setContentOffset(Point(x: 0, y: y), animated: animated && window != nil)
    }

    /// The wheel stopped: make sure it rests exactly on a row, and tell the picker of a new one.
    func wheelDidRest() {
        guard !isTracking, !isDragging, !isMovingByItself else { return }
        let row = row(forOffset: contentOffset.y)
        let y = offset(forRow: row)
        if contentOffset.y != y {
            // Off a row (a touch stopped the wheel between rows): glide onto the nearest.
            scroll(toRow: row, animated: true)
            if isMovingByItself { return }
        }
        guard rowCount > 0, row != selectedRow else { return }
        selectedRow = row
        picker?.wheelDidSelect(row: row, component: component)
    }

    private func handleTap(_ recognizer: GestureRecognizer) {
        guard recognizer.state == .recognized, rowCount > 0 else { return }
        let y = recognizer.location(in: self).y
        // Clamped as it converts: NaN (a degenerate transform) is row 0, never a trap.
        let tapped = Int(clamping: (y / rowHeight).rounded(.down), to: 0...(rowCount - 1))
        if contentOffset.y == offset(forRow: tapped) {
            wheelDidRest()
        } else {
            scroll(toRow: tapped, animated: true)
        }
    }

    // MARK: ScrollViewDelegate (its own)

    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                   targetContentOffset: inout Point) {
        targetContentOffset.y = offset(forRow: row(forOffset: targetContentOffset.y))
    }

    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        if !decelerate { wheelDidRest() }
    }

    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { wheelDidRest() }

    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { wheelDidRest() }
}

/// Watches for the last finger lifting from a wheel that did not drag (a touch that stopped a
/// spinning wheel between rows): the wheel then glides onto the nearest row. It never
/// recognizes and never stops another recognizer.
@MainActor
final class PickerLiftWatcher: GestureRecognizer {
    weak var wheel: PickerWheel?

    override init() {
        super.init()
        cancelsTouchesInView = false
        delaysTouchesEnded = false
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event) { lifted(touches) }
    override func touchesCancelled(_ touches: TouchSet, with event: Event) { lifted(touches) }

    private func lifted(_ touches: TouchSet) {
        guard numberOfTouches - touches.count <= 0 else { return }
        state = .failed
        wheel?.wheelDidRest()
    }

    override func canPrevent(_ prevented: GestureRecognizer) -> Bool { false }
    override func canBePrevented(by preventing: GestureRecognizer) -> Bool { false }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
