import VitrineGraphics

/// How strongly a constraint holds (UIKit's `UILayoutPriority`): 1000 is required, anything
/// from 1 to 999 is optional. The engine minimises Σ priority × violation (points) over the
/// optional constraints that cannot all hold, so one point of error at 750 costs as much as
/// three at 250 (UIKit's engine keeps no such arithmetic public; layouts where several low
/// priorities together outweigh one higher can differ from UIKit's).
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    /// The priority, 1…1000.
    public var rawValue: Float
    /// A priority of `rawValue`.
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// A priority of `value`.
    public init(_ value: Float) { self.rawValue = value }

    /// 1000: the constraint must hold.
    public static let required = LayoutPriority(1000)
    /// 750: a button's compression resistance in UIKit.
    public static let defaultHigh = LayoutPriority(750)
    /// 250: a button's content hugging in UIKit.
    public static let defaultLow = LayoutPriority(250)
    /// 50: what `systemLayoutSizeFitting` uses in UIKit.
    public static let fittingSizeLevel = LayoutPriority(50)

    /// Orders by raw value.
    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }
    /// A priority `rhs` above `lhs` (`.defaultHigh + 1`).
    public static func + (lhs: LayoutPriority, rhs: Float) -> LayoutPriority { LayoutPriority(lhs.rawValue + rhs) }
    /// A priority `rhs` below `lhs` (`.required - 1`).
    public static func - (lhs: LayoutPriority, rhs: Float) -> LayoutPriority { LayoutPriority(lhs.rawValue - rhs) }
}

/// A linear relation between two layout attributes of views (UIKit's `NSLayoutConstraint`):
///
///     firstItem.firstAttribute  (relation)  multiplier × secondItem.secondAttribute + constant
///
/// Positions are in the coordinate space of the items' nearest common ancestor (`left` of a
/// subview is its frame's minX there; the ancestor's own `left` is 0, its bounds' left edge);
/// sizes are the views' bounds sizes, in points. With no second item the right side is
/// `constant` (only for `width` and `height`).
///
/// A constraint that uses `leading` or `trailing` reads the direction of the items' nearest
/// common ancestor (its `effectiveUserInterfaceLayoutDirection`): left to right, leading is
/// `left` and trailing `right`; right to left, the whole constraint is read in that ancestor's
/// mirrored space (x measured from its right edge, leftwards), so leading is the right edge,
/// trailing the left one, and a positive constant moves toward the left, as in UIKit. A change
/// of direction re-solves it. Relating `leading` or `trailing` to `left` or `right` is invalid
/// (UIKit raises; Vitrine logs it and leaves the constraint inactive).
///
/// A constraint does nothing until activated (`isActive`, `activate(_:)`), and is deactivated
/// by the engine when one of its items leaves the hierarchy that relates them. While active it
/// is kept alive by the items' nearest common ancestor, and leaves the engine with it. Views whose
/// `translatesAutoresizingMaskIntoConstraints` is false get their frames from the active
/// constraints in the layout pass, before their superview's `layoutSubviews`.
@MainActor
public final class LayoutConstraint {
    /// A layout attribute of a view.
    public enum Attribute: Sendable, Hashable {
        /// The frame's minX.
        case left
        /// The frame's maxX.
        case right
        /// The frame's minY.
        case top
        /// The frame's maxY.
        case bottom
        /// The edge a line of text starts at: `left` in a left-to-right layout, `right` in a
        /// right-to-left one (the direction of the constraint's items' nearest common ancestor).
        case leading
        /// The edge a line of text ends at: `right` left to right, `left` right to left.
        case trailing
        /// The bounds' width.
        case width
        /// The bounds' height.
        case height
        /// The frame's midX.
        case centerX
        /// The frame's midY.
        case centerY
        /// The baseline of the first line of text (a `Label`'s); a view without text has its
        /// bottom as baselines, as in UIKit.
        case firstBaseline
        /// The baseline of the last line of text; the bottom for a view without text.
        case lastBaseline
        /// No attribute: the second attribute of a constraint with no second item.
        case notAnAttribute

        /// 0 for horizontal positions, 1 for vertical positions, 2 for width, 3 for height, -1 none.
        var axisKind: Int {
            switch self {
            case .left, .right, .leading, .trailing, .centerX: 0
            case .top, .bottom, .centerY, .firstBaseline, .lastBaseline: 1
            case .width: 2
            case .height: 3
            case .notAnAttribute: -1
            }
        }
    }

    /// A layout axis (content hugging and compression resistance are per axis).
    public enum Axis: Sendable, Hashable {
        /// Widths and x positions.
        case horizontal
        /// Heights and y positions.
        case vertical
    }

    /// How the two sides compare.
    public enum Relation: Sendable, Hashable {
        /// first ≤ second side.
        case lessThanOrEqual
        /// first = second side.
        case equal
        /// first ≥ second side.
        case greaterThanOrEqual
    }

    /// The view or `LayoutGuide` on the left side. Held weakly, as in UIKit: a constraint keeps
    /// no view alive.
    public var firstItem: AnyObject? { firstLayoutItem }
    weak var firstLayoutItem: (any LayoutItem)?
    /// Its attribute.
    public let firstAttribute: Attribute
    /// How the sides compare.
    public let relation: Relation
    /// The view or `LayoutGuide` on the right side, or nil for a constant size (held weakly).
    public var secondItem: AnyObject? { secondLayoutItem }
    weak var secondLayoutItem: (any LayoutItem)?
    /// Its attribute (`.notAnAttribute` when there is no second item).
    public let secondAttribute: Attribute
    /// The factor of the second attribute.
    public let multiplier: Double
    /// Points added to the right side. Changing it on an active constraint re-solves
    /// incrementally (nothing is rebuilt, so it can change every animation frame) and lays the
    /// affected views out again in the next layout pass.
    public var constant: Double {
        didSet { if constant != oldValue { LayoutEngine.shared.constantDidChange(self) } }
    }
    /// How strongly it holds; default `.required`. Changing it on an active constraint
    /// re-adds it to the engine.
    public var priority: LayoutPriority = .required {
        didSet { if priority != oldValue { LayoutEngine.shared.priorityDidChange(self) } }
    }
    /// A name for logs (the engine names a broken constraint by it).
    public var identifier: String?

    /// Whether the constraint takes part in layout. Setting it adds it to the layout engine or
    /// removes it; an invalid constraint (items with no common ancestor, attributes that do not
    /// match) is logged and stays inactive.
    public var isActive: Bool {
        get { engineIndex >= 0 }
        set {
            if newValue { LayoutEngine.shared.activate(self) } else { LayoutEngine.shared.deactivate(self) }
        }
    }

    /// Whether the engine broke it: it is active but ignored, as UIKit breaks a constraint.
    /// When required constraints cannot all hold, the engine breaks the one of lowest priority
    /// among the conflicting constraints of the app (ties: the one activated last) and logs the
    /// conflicting set once. A broken constraint is tried again when a constraint is
    /// deactivated, and when its own constant changes.
    public internal(set) var isBroken = false

    // The engine's bookkeeping.
    /// Index in the engine's active list, or -1 when inactive.
    var engineIndex = -1
    /// The solver's handle, nil when inactive or broken.
    var solverConstraint: SolverConstraint?
    /// The nearest common ancestor of the items while active: positions are in its space.
    weak var container: View?
    /// When it was last activated (the engine's count): among conflicting constraints of one
    /// priority, the latest breaks.
    var activationSerial = 0
    /// Whether its row in the solver reads leading and trailing right to left (the
    /// container's direction when it was added; LayoutEngine+Direction.swift).
    var resolvedRightToLeft = false
    /// False when an item given is neither a view nor a guide.
    let itemsAreLayoutItems: Bool

    /// `item.attribute (relation) multiplier × toItem.toAttribute + constant`, inactive (UIKit's
    /// `init(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`). Each item is a
    /// `View` or a `LayoutGuide`; anything else is logged at activation and stays inactive.
    public init(item: AnyObject, attribute: Attribute, relatedBy relation: Relation, toItem: AnyObject?,
                attribute toAttribute: Attribute, multiplier: Double = 1, constant: Double = 0) {
        firstLayoutItem = item as? any LayoutItem
        firstAttribute = attribute
        self.relation = relation
        secondLayoutItem = toItem as? any LayoutItem
        itemsAreLayoutItems = (item is any LayoutItem) && (toItem == nil || toItem is any LayoutItem)
        secondAttribute = toItem == nil ? .notAnAttribute : toAttribute
        self.multiplier = multiplier
        self.constant = constant
    }

    /// An active constraint released (its common ancestor went, and nobody else held it)
    /// leaves the solver.
    isolated deinit {
        if engineIndex >= 0 { LayoutEngine.shared.constraintWasReleased(at: engineIndex, solverConstraint) }
    }

    /// Activates every constraint in `constraints` (UIKit's batch activation).
    public static func activate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Deactivates every constraint in `constraints`.
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    /// The constraint as an equation, for logs: `<'identifier' first.attribute == 0.5 *
    /// second.attribute + 8 @750>`, naming each view by its `accessibilityIdentifier`, else by
    /// its type.
    public var description: String {
        func side(_ item: (any LayoutItem)?, _ attribute: Attribute) -> String {
            guard let item else { return "" }
            return "\(item.layoutName).\(attribute)"
        }
        let symbol = switch relation { case .lessThanOrEqual: "<="; case .equal: "=="; case .greaterThanOrEqual: ">=" }
        var right = side(secondLayoutItem, secondAttribute)
        if secondItem != nil && multiplier != 1 { right = "\(multiplier) * \(right)" }
        if secondItem == nil { right = "\(constant)" } else if constant != 0 { right += " + \(constant)" }
        let name = identifier.map { "'\($0)' " } ?? ""
        return "<\(name)\(side(firstLayoutItem, firstAttribute)) \(symbol) \(right) @\(priority.rawValue)>"
    }
}

/// What a constraint relates: a `View` or a `LayoutGuide` (UIKit's items are `AnyObject`).
@MainActor
protocol LayoutItem: AnyObject {
    /// The item's record in the layout engine, or -1.
    var layoutEngineEntry: Int { get set }
    /// The view whose space the item's frame is in: a view's superview, a guide's owning view.
    var layoutParent: View? { get }
    /// The view that stands for the item in the hierarchy: a view itself, a guide's owning view.
    var layoutNode: View? { get }
    /// How logs name the item.
    var layoutName: String { get }
}

extension View: LayoutItem {
    var layoutParent: View? { superview }
    var layoutNode: View? { self }
    /// How layout logs name the view: its `accessibilityIdentifier`, else its type.
    var layoutName: String { accessibilityStorage?.identifier ?? "\(type(of: self))" }
}
