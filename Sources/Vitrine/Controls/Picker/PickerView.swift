import Logging
import VitrineGraphics

/// Where a picker gets its components and rows (UIKit's `UIPickerViewDataSource`).
@MainActor
public protocol PickerViewDataSource: AnyObject {
    /// How many components (wheels, side by side) the picker shows. Negative counts as 0.
    func numberOfComponents(in pickerView: PickerView) -> Int
    /// How many rows `component` has. Negative counts as 0.
    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int
}

/// What a picker asks about its rows' look and tells about selection (UIKit's
/// `UIPickerViewDelegate`). Every method has a default, so a delegate implements only what it
/// needs. Sizes are in points.
@MainActor
public protocol PickerViewDelegate: AnyObject {
    /// The title of `row` (shown centred in the picker's font) when
    /// `pickerView(_:viewForRow:forComponent:reusing:)` gives no view. Default nil: an empty row.
    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String?
    /// A view for `row`, or nil for the title. `view` is one this method returned before for a
    /// row that scrolled away (configure and return it to reuse it). The picker sizes it to the
    /// component's width and row height. Default nil.
    func pickerView(_ pickerView: PickerView, viewForRow row: Int, forComponent component: Int,
                    reusing view: View?) -> View?
    /// The height of `component`'s rows. Default `PickerView.defaultRowHeight` (32 pt);
    /// non-finite or under 1 counts as the default.
    func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> Double
    /// The width of `component`. Default 0: 0 or less (or non-finite) means an equal share of
    /// the width the other components leave (UIKit has no such value; it divides the width too).
    func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double
    /// The user brought `component` to rest on `row` (once, when the wheel stops on a row other
    /// than the one it left; not while it moves, and not for `selectRow(_:inComponent:animated:)`).
    func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int)
}

public extension PickerViewDelegate {
    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? { nil }
    func pickerView(_ pickerView: PickerView, viewForRow row: Int, forComponent component: Int,
                    reusing view: View?) -> View? { nil }
    func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> Double {
        PickerView.defaultRowHeight
    }
    func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double { 0 }
    func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {}
}

/// A set of spinning wheels, one per component, each showing rows of which the one in the
/// middle band is selected (UIKit's `UIPickerView`).
///
/// Each component is a vertical `ScrollView` with UIKit's physics: a flick spins it with
/// momentum and it comes to rest on a whole row (the release's target is snapped to a row
/// through `scrollViewWillEndDragging`); a tap on a row above or below the band scrolls that
/// row into it. A translucent band marks the middle. Rows fade and squeeze vertically away
/// from the middle — a flat approximation of UIKit's 3-D cylinder (rows keep linear
/// positions, so the row under a finger stays under it). Only rows in view (plus two each
/// side) exist as views; those scrolling away are reused.
///
/// Components are laid out left to right, centred in the bounds, 4 pt apart; in a right-to-left
/// view (`effectiveUserInterfaceLayoutDirection`) right to left, component 0 at the right, as
/// UIKit's (a `DatePicker`'s wheels thus read in the locale's order from the right). Rows are numbered
/// from 0; `selectedRow(inComponent:)` is -1 for a component with no rows or out of range.
/// Differences from UIKit: a delegate method's default stands for "not implemented"
/// (`widthForComponent` 0 is an equal share); no accessibility or attributed titles.
@MainActor
open class PickerView: View {
    /// The height of a row when the delegate does not say, in points (UIKit's 32).
    public static let defaultRowHeight = 32.0
    /// The gap between components, in points.
    public static let componentSpacing = 4.0

    /// Gives the components and rows; held weakly. Setting it does not reload (call
    /// `reloadAllComponents()`), except on the first layout.
    public weak var dataSource: (any PickerViewDataSource)?
    /// Gives the rows' titles or views and sizes, and hears of selection; held weakly.
    public weak var delegate: (any PickerViewDelegate)?

    /// The font of titles (default the 21-point system font, the size of UIKit's wheels).
    public var font: Font = .system(size: 21) {
        didSet { if font != oldValue { reloadAllComponents() } }
    }
    /// The colour of titles; nil (the default): the label colour of the view's appearance
    /// (black in light, white in dark, following `traitCollection`).
    public var textColor: Color? {
        didSet { if textColor != oldValue { reloadAllComponents() } }
    }

    /// The band marking the selected rows (a subview behind the wheels); restyle it freely.
    public let selectionIndicator = View(frame: .zero)

    private var wheels: [PickerWheel] = []
    private var loaded = false
    static let logger = Logger(label: "vitrine.picker")

    /// Titles and the selection band follow light and dark appearance.
    open override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        selectionIndicator.backgroundColor = SemanticColor.tertiarySystemFill.resolved(with: traitCollection)
        if textColor == nil { reloadAllComponents() }
    }

    /// Creates a picker; it loads its components from `dataSource` on first layout.
    public override init(frame: Rect) {
        super.init(frame: frame)
        clipsToBounds = true
        selectionIndicator.backgroundColor = SemanticColor.tertiarySystemFill.resolved(isDark: false)
        selectionIndicator.cornerRadius = 8
        selectionIndicator.isUserInteractionEnabled = false
        addSubview(selectionIndicator)
    }

    // MARK: UIKit's API

    /// The number of components, as last loaded from the data source.
    public var numberOfComponents: Int { loadIfNeeded(); return wheels.count }

    /// The number of rows of `component` as last loaded (0 out of range).
    public func numberOfRows(inComponent component: Int) -> Int {
        wheel(component)?.rowCount ?? 0
    }

    /// The size of a row of `component`: its width and row height (zero out of range).
    public func rowSize(forComponent component: Int) -> Size {
        guard let wheel = wheel(component) else { return .zero }
        return Size(width: wheel.bounds.width, height: wheel.rowHeight)
    }

    /// The row selected in `component`: the one its wheel rests on, or the one last given to
    /// `selectRow`. -1 when the component has no rows or does not exist.
    public func selectedRow(inComponent component: Int) -> Int {
        guard let wheel = wheel(component), wheel.rowCount > 0 else { return -1 }
        return wheel.selectedRow
    }

    /// Selects `row` in `component` and turns its wheel there, over 0.3 s when `animated` (and
    /// in a window). The delegate's `didSelectRow` is not called, as in UIKit. A row out of range
    /// is clamped to the rows, and logged.
    public func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
        guard let wheel = wheel(component) else {
            PickerView.logger.warning("selectRow(\(row), inComponent: \(component)): the picker has \(wheels.count) components; ignored")
            return
        }
        guard wheel.rowCount > 0 else { return }
        let clamped = min(max(row, 0), wheel.rowCount - 1)
        if clamped != row {
            PickerView.logger.warning("selectRow(\(row), inComponent: \(component)): the component has \(wheel.rowCount) rows; selecting \(clamped)")
        }
        wheel.selectedRow = clamped
        wheel.scroll(toRow: clamped, animated: animated)
    }

    /// The view showing `row` of `component`, when that row is in view (or one of the few kept
    /// beside it); nil otherwise.
    public func view(forRow row: Int, forComponent component: Int) -> View? {
        wheel(component)?.view(forRow: row)
    }

    /// Asks the data source and delegate again for everything: components, rows, sizes and row
    /// views. Selections are kept where still in range (else clamped to the last row).
    public func reloadAllComponents() {
        loaded = true
        let count = max(dataSource?.numberOfComponents(in: self) ?? 0, 0)
        while wheels.count > count { wheels.removeLast().removeFromSuperview() }
        while wheels.count < count {
            let wheel = PickerWheel(component: wheels.count, picker: self)
            wheels.append(wheel)
            addSubview(wheel)
        }
        for component in wheels.indices { reloadRows(of: wheels[component]) }
        setNeedsLayout()
    }

    /// Asks the data source and delegate again for `component`'s rows, row height and views.
    public func reloadComponent(_ component: Int) {
        guard let wheel = wheel(component) else { return }
        reloadRows(of: wheel)
        setNeedsLayout()
    }

    // MARK: Layout

    /// Places the wheels side by side and the band across the middle.
    open override func layoutSubviews() {
        super.layoutSubviews()
        loadIfNeeded()
        var widths = [Double](repeating: 0, count: wheels.count)
        var fixed = 0.0, flexible = 0
        for component in wheels.indices {
            let asked = delegate?.pickerView(self, widthForComponent: component) ?? 0
            if asked.isFinite && asked > 0 { widths[component] = asked; fixed += asked } else { flexible += 1 }
        }
        let spacing = PickerView.componentSpacing * Double(max(wheels.count - 1, 0))
        let share = flexible > 0 ? max((bounds.width - fixed - spacing) / Double(flexible), 0) : 0
        var total = spacing
        for component in widths.indices {
            if widths[component] == 0 { widths[component] = share }
            total += widths[component]
        }
        var x = max((bounds.width - total) / 2, 0)
        var band = 0.0
        let rightToLeft = isLaidOutRightToLeft
        for (component, wheel) in wheels.enumerated() {
            // Mirrored about the middle of the bounds in right to left.
            let left = rightToLeft ? bounds.width - x - widths[component] : x
            let frame = Rect(x: left, y: 0, width: widths[component], height: bounds.height)
            if wheel.frame != frame {
                wheel.frame = frame
                wheel.updateGeometry()
            }
            band = max(band, wheel.rowHeight)
            x += widths[component] + PickerView.componentSpacing
        }
        if wheels.isEmpty { band = PickerView.defaultRowHeight }
        selectionIndicator.frame = Rect(x: 8, y: ((bounds.height - band) / 2).rounded(),
                                        width: max(bounds.width - 16, 0), height: band)
    }

    /// UIKit's picker is 216 pt tall; the width is what it has.
    open override func sizeThatFits(_ size: Size) -> Size { Size(width: size.width, height: 216) }

    // MARK: For the wheels

    /// The view for `row` of `component`: the delegate's, or a title label (reusing `reusing`
    /// when it is one).
    func rowView(row: Int, component: Int, reusing: View?, width: Double, height: Double) -> View {
        if let view = delegate?.pickerView(self, viewForRow: row, forComponent: component, reusing: reusing) {
            view.isUserInteractionEnabled = false
            return view
        }
        let label = (reusing as? PickerRowLabel) ?? PickerRowLabel(frame: .zero)
        label.font = font
        label.textColor = textColor ?? SemanticColor.label.resolved(with: traitCollection)
        label.text = delegate?.pickerView(self, titleForRow: row, forComponent: component)
        return label
    }

    func wheelDidSelect(row: Int, component: Int) {
        delegate?.pickerView(self, didSelectRow: row, inComponent: component)
    }

    /// The wheel of `component` (internal: tests count its row views).
    func wheel(_ component: Int) -> PickerWheel? {
        loadIfNeeded()
        return wheels.indices.contains(component) ? wheels[component] : nil
    }

    private func loadIfNeeded() {
        if !loaded && dataSource != nil { reloadAllComponents() }
    }

    private func reloadRows(of wheel: PickerWheel) {
        let component = wheel.component
        let rows = dataSource?.pickerView(self, numberOfRowsInComponent: component) ?? 0
        if rows < 0 {
            PickerView.logger.warning("component \(component) has \(rows) rows; taken as 0")
        }
        wheel.rowCount = max(rows, 0)
        var height = delegate?.pickerView(self, rowHeightForComponent: component) ?? PickerView.defaultRowHeight
        if !height.isFinite || height < 1 { height = PickerView.defaultRowHeight }
        wheel.rowHeight = height
        wheel.selectedRow = min(wheel.selectedRow, max(wheel.rowCount - 1, 0))
        wheel.recycleAll()
        wheel.updateGeometry()
    }
}

/// The label the picker makes for a title row: centred, one line, not interactive.
@MainActor
final class PickerRowLabel: Label {
    override init(frame: Rect) {
        super.init(frame: frame)
        textAlignment = .center
    }
}
