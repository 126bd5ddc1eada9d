// Layout guides: rectangles that take part in constraints without being views (UIKit's
// `UILayoutGuide`), and the two every view has, its layout margins and its safe area.
//
// A guide owned by a view has four solver variables, like a view, in its owning view's space.
// A plain guide is placed by constraints only. The margins and safe-area guides are the owning
// view's bounds inset by its margins (and safe area) or by its safe area: the engine holds
// them there with required rows whose constants follow the insets, synced in the layout pass.

import VitrineGraphics

/// A rectangle in a view's coordinate space that constraints place and relate to, without a
/// view's cost (UIKit's `UILayoutGuide`): a space between views, a group to centre, a column.
/// Add it to a view with `View.addLayoutGuide(_:)`; its anchors then make constraints like a
/// view's. Positions are in the items' nearest common ancestor's space (the owning view counts
/// as the guide's superview), sizes in points.
@MainActor
public final class LayoutGuide {
    /// What holds the guide's frame.
    enum Kind { case plain, margins, safeArea, readableContent, keyboard }

    let kind: Kind
    /// The view the guide belongs to (held weakly: the view holds its guides).
    public internal(set) weak var owningView: View?
    /// A name for logs.
    public var identifier: String
    /// The engine's record of the guide, or -1.
    var layoutEngineEntry = -1

    /// An empty guide, to add to a view.
    public init() {
        kind = .plain
        identifier = ""
    }

    init(kind: Kind, identifier: String) {
        self.kind = kind
        self.identifier = identifier
    }

    /// The guide's rectangle in its owning view's coordinate space, as the constraints last
    /// solved (`Rect.zero` for a plain guide no constraint mentions, or without an owning view).
    /// The margins and safe-area guides are the owning view's bounds inset.
    public var layoutFrame: Rect {
        if layoutEngineEntry >= 0 { return LayoutEngine.shared.solvedFrame(of: self) }
        guard let owningView, let insets = currentInsets else { return .zero }
        return Rect(origin: .zero, size: owningView.bounds.size).inset(by: insets)
    }

    /// The insets from the owning view's edges a margins or safe-area guide holds (nil for a
    /// plain guide).
    var currentInsets: EdgeInsets? {
        guard let owningView else { return nil }
        switch kind {
        case .plain: return nil
        case .safeArea: return owningView.safeAreaInsets
        case .margins: return owningView.effectiveLayoutMargins
        case .readableContent: return owningView.readableContentInsets
        case .keyboard: return owningView.keyboardGuideInsets
        }
    }

    /// The left edge of `layoutFrame`.
    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .left) }
    /// The right edge of `layoutFrame`.
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .right) }
    /// The leading edge: the left one, the right one when the owning view's constraints read
    /// right to left (see `LayoutConstraint.Attribute.leading`).
    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .leading) }
    /// The trailing edge: the right one, the left one right to left.
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .trailing) }
    /// The horizontal centre.
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .centerX) }
    /// The top edge.
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .top) }
    /// The bottom edge.
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .bottom) }
    /// The vertical centre.
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .centerY) }
    /// The width.
    public var widthAnchor: LayoutDimension { LayoutDimension(item: self, attribute: .width) }
    /// The height.
    public var heightAnchor: LayoutDimension { LayoutDimension(item: self, attribute: .height) }
}

extension LayoutGuide: LayoutItem {
    var layoutParent: View? { owningView }
    var layoutNode: View? { owningView }
    var layoutName: String {
        let owner = owningView?.layoutName ?? "no view"
        return identifier.isEmpty ? "\(owner).LayoutGuide" : "\(owner).\(identifier)"
    }
}

/// A view's guides (one reference in `View`, made on first use).
@MainActor
final class LayoutGuideStorage {
    var guides: [LayoutGuide] = []
    var margins: LayoutGuide?
    var safeArea: LayoutGuide?
    var insetsLayoutMarginsFromSafeArea = true
    /// The margins as last set by `directionalLayoutMargins`, while `layoutMargins` holds them
    /// resolved for the view's direction (nil once `layoutMargins` is set to something else).
    var directionalMargins: DirectionalEdgeInsets?
    var preservesSuperviewLayoutMargins = false
    var readableContent: LayoutGuide?
    var keyboard: LayoutGuide?
    /// The safe-area insets the view was last told of (`safeAreaInsetsDidChange()`).
    var lastSafeAreaInsets = EdgeInsets.zero
}

extension View {
    var guideStorage: LayoutGuideStorage {
        if let layoutGuideStorage { return layoutGuideStorage }
        let made = LayoutGuideStorage()
        layoutGuideStorage = made
        return made
    }

    /// The guides added to the view (`addLayoutGuide(_:)`), the margins and safe-area guides
    /// among them once used, in the order added.
    public var layoutGuides: [LayoutGuide] { layoutGuideStorage?.guides ?? [] }

    /// Makes the view own `guide` (taking it from another view first): its anchors now relate
    /// to this view's hierarchy, its frame in this view's space.
    public func addLayoutGuide(_ guide: LayoutGuide) {
        if let owner = guide.owningView {
            if owner === self { return }
            owner.removeLayoutGuide(guide)
        }
        guide.owningView = self
        guideStorage.guides.append(guide)
    }

    /// Takes `guide` off the view; the constraints that mention it are deactivated.
    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView === self, guide.kind == .plain else { return }
        LayoutEngine.shared.guideWillLeave(guide)
        guide.owningView = nil
        layoutGuideStorage?.guides.removeAll { $0 === guide }
    }

    /// The view's bounds inset by its `layoutMargins` — and, while
    /// `insetsLayoutMarginsFromSafeArea` (the default), by its `safeAreaInsets` too (UIKit's
    /// `layoutMarginsGuide`). Follows both in the layout pass.
    public var layoutMarginsGuide: LayoutGuide {
        if let guide = layoutGuideStorage?.margins { return guide }
        let guide = LayoutGuide(kind: .margins, identifier: "layoutMarginsGuide")
        guideStorage.margins = guide
        addLayoutGuide(guide)
        return guide
    }

    /// The view's bounds inset by its `safeAreaInsets` (UIKit's `safeAreaLayoutGuide`): the part
    /// of the view no bezel or frame hides. Follows the insets in the layout pass.
    public var safeAreaLayoutGuide: LayoutGuide {
        if let guide = layoutGuideStorage?.safeArea { return guide }
        let guide = LayoutGuide(kind: .safeArea, identifier: "safeAreaLayoutGuide")
        guideStorage.safeArea = guide
        addLayoutGuide(guide)
        return guide
    }

    /// Whether `layoutMarginsGuide` is inset by the safe area as well as by the margins
    /// (UIKit's; default true): margins are measured from the safe area's edges.
    public var insetsLayoutMarginsFromSafeArea: Bool {
        get { layoutGuideStorage?.insetsLayoutMarginsFromSafeArea ?? true }
        set {
            guard newValue != insetsLayoutMarginsFromSafeArea else { return }
            guideStorage.insetsLayoutMarginsFromSafeArea = newValue
            guideInsetsMayHaveChanged()
            if safeAreaInsets != .zero { notifyLayoutMarginsDidChange() }
        }
    }

    /// Whether the view's margins reach at least as far in as its superview's where the view
    /// lies close to the superview's edges (UIKit's; default false): along each edge, the
    /// `layoutMarginsGuide` is inset by the larger of the view's own margin and the part of the
    /// superview's margin area the view overlaps. For a content view that lines up with the
    /// screen's margins without repeating them.
    public var preservesSuperviewLayoutMargins: Bool {
        get { layoutGuideStorage?.preservesSuperviewLayoutMargins ?? false }
        set {
            guard newValue != preservesSuperviewLayoutMargins else { return }
            guideStorage.preservesSuperviewLayoutMargins = newValue
            guideInsetsMayHaveChanged()
            notifyLayoutMarginsDidChange()
            setNeedsLayout()
        }
    }

    /// The layout margins with leading and trailing edges (UIKit's `directionalLayoutMargins`):
    /// in a right-to-left view (`effectiveUserInterfaceLayoutDirection`) leading is
    /// `layoutMargins.right`. Setting it sets `layoutMargins` resolved for the view's direction
    /// and remembers the directional value, as UIKit does: when the direction changes (the
    /// application's, or a `semanticContentAttribute` above), `layoutMargins` swap their left and
    /// right to keep leading leading. Setting `layoutMargins` to other insets afterwards makes
    /// them absolute again.
    public var directionalLayoutMargins: DirectionalEdgeInsets {
        get { layoutGuideStorage?.directionalMargins ?? DirectionalEdgeInsets(layoutMargins, rightToLeft: isRightToLeft) }
        set {
            guideStorage.directionalMargins = newValue
            layoutMargins = newValue.edgeInsets(rightToLeft: isRightToLeft)
        }
    }

    /// `layoutMargins` changed: they stop following the directional margins unless they are
    /// those margins resolved for the view's direction.
    func directionalLayoutMarginsMayBeReplaced() {
        guard let directional = layoutGuideStorage?.directionalMargins else { return }
        if layoutMargins != directional.edgeInsets(rightToLeft: isRightToLeft) { layoutGuideStorage?.directionalMargins = nil }
    }

    /// The view's direction may have changed: margins set as directional ones swap sides.
    func resolveDirectionalLayoutMargins() {
        guard let directional = layoutGuideStorage?.directionalMargins else { return }
        layoutMargins = directional.edgeInsets(rightToLeft: isRightToLeft)
    }

    /// The margins or the safe area changed: guides that constraints use follow in the next pass.
    func guideInsetsMayHaveChanged() {
        guard let storage = layoutGuideStorage,
              storage.margins != nil || storage.safeArea != nil || storage.readableContent != nil || storage.keyboard != nil else { return }
        LayoutEngine.shared.guideInsetsMayHaveChanged(of: self)
    }
}
