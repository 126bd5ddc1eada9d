// Over 500 lines on purpose: `View` is UIKit's central class; its stored state (hierarchy,
// geometry, layout and display flags) and its open override points (layout, drawing,
// hit-testing, touches) must be declared in the class itself; what can be an extension is
// already one (View+Appearance, +Display, +Hierarchy, +Misuse).

import VitrineGraphics

/// A rectangular area of the screen that draws content, lays out subviews and handles touches
/// (UIKit's `UIView`).
///
/// Coordinate spaces, as in UIKit (points, y down):
/// - `bounds` is the view's own space: `bounds.origin` is the point of that space shown at the
///   view's top-left corner (changing it scrolls the content and the subviews).
/// - `center` is in the superview's space; it is where the middle of `bounds` appears.
/// - `transform` is applied about `center` (the view's middle).
/// - `frame` is derived from `center`, `bounds.size` and `transform` (with a non-identity
///   transform it is the bounding box of the transformed view).
@MainActor
open class View: Responder {
    // MARK: Hierarchy state

    /// The view this view is a subview of.
    public internal(set) weak var superview: View?
    /// The subviews, back to front (the last one is drawn on top and hit-tested first).
    public internal(set) var subviews: [View] = [] { didSet { invalidateSubtreeExtent() } }
    /// The window the view is in, directly or through its superviews.
    public internal(set) weak var window: Window?
    /// The controller whose root view this is (set by `ViewController`).
    package weak var owningViewController: ViewController?

    // MARK: Geometry state

    private var storedCenter = Point.zero { didSet { invalidateSubtreeExtent() } }
    var storedBounds = Rect.zero { didSet { invalidateSubtreeExtent() } }
    private var storedTransform = AffineTransform.identity { didSet { invalidateSubtreeExtent() } }
    /// The area the view and its visible subtree cover, in the superview's space; nil until
    /// computed or after a change (see `subtreeExtentInSuperview`, SubtreeExtent.swift). Read
    /// on every view a frame's walks meet, only on the main actor, never accessed twice at
    /// once: no runtime exclusivity checks.
    @exclusivity(unchecked) var cachedSubtreeExtent: Rect?

    // MARK: Layout and display state

    /// True when `layoutSubviews` must run in the next layout pass.
    var needsLayoutFlag = false
    /// True when this view or a descendant needs layout (so the pass walks into it).
    var subtreeNeedsLayout = false
    /// This view's record in the layout engine (`LayoutEngine`), or -1 before a constraint
    /// mentions it.
    var layoutEngineEntry = -1
    /// `translatesAutoresizingMaskIntoConstraints` (Layout/View+Constraints.swift).
    var translatesAutoresizingMaskStorage = true
    /// The active constraints whose items' nearest common ancestor this view is: the view keeps
    /// them alive, so they go with it (UIKit's `constraints`); the engine holds them weakly.
    var ownedConstraints: [LayoutConstraint] = []
    /// Content hugging and compression resistance priorities (Layout/View+Constraints.swift).
    var contentPriorities = ContentPriorities()
    /// The view's layout guides, made on the first one (Layout/LayoutGuide.swift).
    var layoutGuideStorage: LayoutGuideStorage?
    /// Whether `updateConstraints()` runs in the next update pass, and whether this view or a
    /// descendant needs it (Layout/View+UpdateConstraints.swift). A new view needs it, as in UIKit.
    var needsUpdateConstraintsFlag = true
    var subtreeNeedsUpdateConstraints = true
    /// The handlers registered with `registerForTraitChanges` (Appearance/TraitChangeRegistration.swift).
    var traitChangeRegistrations: TraitChangeRegistrations?
    /// The part of `bounds` that must be redrawn; `Rect.null` when none.
    public internal(set) var dirtyRect = Rect.null
    /// The window's damage generation into which `setNeedsDisplay` recorded the damage of
    /// the whole dirty rect (-1: none, or only of pieces of it): while that damage still waits
    /// for the commit, the display pass need not record it again (`Window.damageGeneration`).
    var dirtyRectDamageGeneration = -1
    /// True when this view or a descendant has a dirty rect.
    var subtreeNeedsDisplay = false
    /// What `draw(_:in:)` drew, at the screen's scale (`bounds.size × scale` pixels), kept so
    /// that moving, fading or uncovering the view costs composition, not a redraw. Nil until
    /// the view first draws, and for views that do not draw (see `drawsContent`).
    var backingStore: Surface?
    /// Pixels per point the backing store was drawn at.
    var backingStoreScale = 1.0
    /// The part of the bounds the backing store holds (bounds space): all of them, or for a
    /// view much larger than the screen, what is visible plus a margin (`backingStoreRegion`).
    var backingStoreRect = Rect.zero
    /// The pixels of the backing store that are not transparent (store pixels; a superset
    /// after partial redraws): composition copies only these (see `Surface.inkBounds(in:)`).
    var backingStoreInk = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// A part of the backing store known to be fully opaque (store pixels; empty when none is
    /// known): composition copies it instead of blending (see `Surface.opaqueCore(in:)`).
    var backingStoreOpaque = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// False once the default `draw(_:in:)` ran: the view draws nothing of its own, so it
    /// needs no backing store (it is composed from its background, border and subviews).
    var drawsContent = true
    /// The animated values shown on screen while an animation runs (nil otherwise).
    var presentation: PresentationValues? { didSet { invalidateSubtreeExtent() } }
    /// The tint and appearance set on this view itself (see View+Appearance.swift).
    var ownTintColor: Color?
    var ownUserInterfaceStyle = UserInterfaceStyle.unspecified
    /// The reading direction set on this view itself (see View+LayoutDirection.swift).
    var ownSemanticContentAttribute = SemanticContentAttribute.unspecified
    /// Whether any view ever forced a direction: until then a view's direction is the
    /// application's, and moving a view cannot change it.
    static var someViewForcesDirection = false

    /// Accessibility and focus settings (the toolkit's Accessibility/ and Focus/), made on the first one set:
    /// a view keeping every default pays this one reference.
    package var accessibilityStorage: AccessibilityStorage?

    // MARK: Initializers

    /// Creates a view with `frame` in its future superview's coordinate space.
    public init(frame: Rect) {
        super.init()
        storedBounds = Rect(origin: .zero, size: frame.standardized.size)
        storedCenter = Point(x: frame.midX, y: frame.midY)
        needsLayoutFlag = true
        subtreeNeedsLayout = true
        dirtyRect = storedBounds
        subtreeNeedsDisplay = true
    }

    /// Creates a view with a zero frame.
    public convenience override init() {
        self.init(frame: .zero)
    }

    // MARK: Responder chain

    /// The view's controller when this is its root view, else the superview (the window's
    /// `next` is the application).
    open override var next: Responder? {
        if let owningViewController { return owningViewController }
        return superview
    }

    override var firstResponderWindow: Window? { window }

    // MARK: Appearance properties

    /// The color the view's bounds are filled with before its content (nil: transparent).
    /// Changing it recomposes the view's area; it does not call `draw(_:in:)`.
    public var backgroundColor: Color? {
        willSet { if newValue != backgroundColor { willChangeAnimatable(.backgroundColor) } }
        didSet { if backgroundColor != oldValue { invalidateOwnArea() } }
    }

    /// Opacity of the view and its subviews as a group, 0...1. Below 0.01 the view also stops
    /// receiving touches. Changing it recomposes the view's area; it does not call `draw(_:in:)`.
    public var alpha: Double = 1 {
        willSet { if newValue != alpha { willChangeAnimatable(.alpha) } }
        didSet {
            alpha = min(max(alpha, 0), 1)
            if alpha != oldValue { invalidateComposition() }
        }
    }

    /// Hidden views are not drawn and do not receive touches.
    public var isHidden = false {
        didSet {
            guard isHidden != oldValue else { return }
            invalidateSubtreeExtent()
            invalidateComposition(force: true)
            superview?.subviewVisibilityDidChange(self)
            Application.toolkitType?.viewVisibilityMayHaveChanged()
        }
    }

    /// Whether subviews are clipped to `bounds` (also limits the area a change damages).
    public var clipsToBounds = false {
        // What the subviews showed outside the bounds before, and what they show after.
        willSet { if newValue != clipsToBounds { invalidateComposition() } }
        didSet { if clipsToBounds != oldValue { invalidateSubtreeExtent(); invalidateComposition() } }
    }

    /// Radius of the rounded corners of the background and border, in points (0: square).
    /// With `clipsToBounds`, subviews and content are clipped to the rounded shape too.
    public var cornerRadius: Double = 0 {
        didSet {
            cornerRadius = max(cornerRadius, 0)
            if cornerRadius != oldValue { invalidateComposition() }
        }
    }

    /// Width of the border drawn inside the bounds, above content and subviews (as a layer's
    /// border is), in points. 0: no border.
    public var borderWidth: Double = 0 {
        didSet {
            borderWidth = max(borderWidth, 0)
            if borderWidth != oldValue { invalidateOwnArea() }
        }
    }

    /// Color of the border.
    public var borderColor: Color = .black {
        didSet { if borderColor != oldValue && borderWidth > 0 { invalidateOwnArea() } }
    }

    /// When false the view (and so its subviews) is skipped by hit-testing.
    public var isUserInteractionEnabled = true

    /// When false the view receives only the first of several simultaneous touches.
    public var isMultipleTouchEnabled = false

    /// When true, while this view tracks a touch no other view of the window receives one, and
    /// it receives none while another view tracks one.
    public var isExclusiveTouch = false

    /// An integer that identifies the view to the app (see `viewWithTag(_:)`).
    public var tag = 0

    // MARK: Geometry

    /// The view's own coordinate space (see the type's documentation).
    public var bounds: Rect {
        get { storedBounds }
        set {
            guard newValue.hasFiniteGeometry else { return ignoreNonFiniteGeometry("bounds", newValue) }
            let newValue = newValue.standardized
            guard newValue != storedBounds else { return }
            willChangeAnimatable(.bounds)
            let old = storedBounds
            let oldExtent = compositionExtentInWindow()
            storedBounds = newValue
            // Only the origin moved (a scroll): the commit may move pixels instead (ScrollBlit).
            if old.size == newValue.size, recordScroll(from: old.origin) { return }
            geometryDidChange(oldExtent: oldExtent, oldSize: old.size)
        }
    }

    /// Where the middle of `bounds` appears, in the superview's coordinate space.
    public var center: Point {
        get { storedCenter }
        set {
            guard newValue.x.isFinite && newValue.y.isFinite else { return ignoreNonFiniteGeometry("center", newValue) }
            guard newValue != storedCenter else { return }
            willChangeAnimatable(.center)
            let oldExtent = compositionExtentInWindow()
            storedCenter = newValue
            geometryDidChange(oldExtent: oldExtent, oldSize: storedBounds.size)
        }
    }

    /// The view's transform, applied about its center. Changing it recomposes, never redraws.
    public var transform: AffineTransform {
        get { storedTransform }
        set {
            guard newValue.hasFiniteGeometry else { return ignoreNonFiniteGeometry("transform", newValue) }
            guard newValue != storedTransform else { return }
            willChangeAnimatable(.transform)
            let oldExtent = compositionExtentInWindow()
            storedTransform = newValue
            geometryDidChange(oldExtent: oldExtent, oldSize: storedBounds.size)
        }
    }

    /// The view's rectangle in its superview's coordinate space. With an identity transform,
    /// setting it sets `center` and `bounds.size`; with any other transform the frame is the
    /// bounding box of the transformed bounds and setting it moves the center only (UIKit leaves
    /// that case undefined).
    public var frame: Rect {
        get {
            let size = storedBounds.size
            let local = Rect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
            let box = storedTransform.isIdentity ? local : local.applying(storedTransform)
            return box.offsetBy(dx: storedCenter.x, dy: storedCenter.y)
        }
        set {
            guard newValue.hasFiniteGeometry else { return ignoreNonFiniteGeometry("frame", newValue) }
            let newValue = newValue.standardized
            let oldExtent = compositionExtentInWindow()
            let oldSize = storedBounds.size
            let newCenter = Point(x: newValue.midX, y: newValue.midY)
            if newCenter != storedCenter { willChangeAnimatable(.center) }
            if storedTransform.isIdentity && newValue.size != oldSize { willChangeAnimatable(.bounds) }
            var changed = newCenter != storedCenter
            storedCenter = newCenter
            if storedTransform.isIdentity && newValue.size != oldSize {
                storedBounds.size = newValue.size
                changed = true
            }
            if changed { geometryDidChange(oldExtent: oldExtent, oldSize: oldSize) }
        }
    }

    /// Maps points of this view's bounds space into its superview's bounds space.
    public var transformToSuperview: AffineTransform {
        let b = storedBounds
        let toMiddle = AffineTransform(translationX: -(b.origin.x + b.size.width / 2),
                                       y: -(b.origin.y + b.size.height / 2))
        let place = AffineTransform(translationX: storedCenter.x, y: storedCenter.y)
        if storedTransform.isIdentity { return toMiddle.concatenating(place) }
        return toMiddle.concatenating(storedTransform).concatenating(place)
    }

    /// Maps points of this view's bounds space into the space of the top of its hierarchy
    /// (the screen, for a view in a window).
    package var transformToRoot: AffineTransform {
        var result = AffineTransform.identity
        var view: View? = self
        while let current = view {
            result = result.concatenating(current.transformToSuperview)
            view = current.superview
        }
        return result
    }

    /// Converts `point` from this view's bounds space to `view`'s (to the window's when `view`
    /// is nil). The views may be in different windows of the screen.
    public func convert(_ point: Point, to view: View?) -> Point {
        if let view, view === superview { return point.applying(transformToSuperview) }
        let target = view ?? window
        let fromRoot = target?.transformToRoot.inverted() ?? rootTransformInverseForWindowless()
        return point.applying(transformToRoot).applying(fromRoot)
    }

    /// Converts `point` from `view`'s bounds space (the window's when nil) to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        if let view, view === superview { return point.applying(transformToSuperview.inverted()) }
        let source = view ?? window
        let toRoot = source?.transformToRoot ?? rootTransformForWindowless()
        return point.applying(toRoot).applying(transformToRoot.inverted())
    }

    /// Converts `rect` from this view's bounds space to `view`'s (the window's when nil); with
    /// rotation the result is the bounding box.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        let target = view ?? window
        let fromRoot = target?.transformToRoot.inverted() ?? rootTransformInverseForWindowless()
        return rect.applying(transformToRoot.concatenating(fromRoot))
    }

    /// Converts `rect` from `view`'s bounds space (the window's when nil) to this view's.
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        let source = view ?? window
        let toRoot = source?.transformToRoot ?? rootTransformForWindowless()
        return rect.applying(toRoot.concatenating(transformToRoot.inverted()))
    }

    /// Without a window, "the window's space" is the space of the top-most superview.
    private func rootTransformForWindowless() -> AffineTransform {
        var top: View = self
        while let up = top.superview { top = up }
        return top.transformToRoot
    }

    private func rootTransformInverseForWindowless() -> AffineTransform {
        rootTransformForWindowless().inverted()
    }

    // MARK: Lifecycle callbacks (override points; the defaults do nothing)

    /// Called before the view gets a new superview (nil when it is being removed).
    open func willMove(toSuperview newSuperview: View?) {}
    /// Called after the view got a new superview (or lost it).
    open func didMoveToSuperview() {}
    /// Called before the view (or an ancestor) moves to another window (nil: out of any window).
    open func willMove(toWindow newWindow: Window?) {}
    /// Called after the view (or an ancestor) moved to another window.
    open func didMoveToWindow() {}
    /// Called after `subview` was added.
    open func didAddSubview(_ subview: View) {}
    /// Called before `subview` is removed.
    open func willRemoveSubview(_ subview: View) {}

    /// Called when a subview was added, removed, hidden or shown, reordered, resized, or said
    /// its `intrinsicContentSize` changed; stack views relayout.
    func subviewVisibilityDidChange(_ subview: View) {
        (self as? any SubviewChangeObserving)?.subviewDidChange(subview)
    }

    func propagateWillMove(toWindow newWindow: Window?) {
        willMove(toWindow: newWindow)
        for subview in subviews { subview.propagateWillMove(toWindow: newWindow) }
    }

    func propagateWindow(_ newWindow: Window?) {
        window = newWindow
        for subview in subviews { subview.propagateWindow(newWindow) }
    }

    func propagateDidMoveToWindow() {
        didMoveToWindow()
        for subview in subviews { subview.propagateDidMoveToWindow() }
    }

    func resignFirstResponderInSubtree(of window: Window?) {
        guard let window, let responder = window.firstResponder else { return }
        let owner: View? = (responder as? View) ?? (responder as? ViewController)?.viewIfLoaded
        if let owner, owner.isDescendant(of: self) { window.firstResponder = nil }
    }

    // MARK: Hit-testing

    /// The deepest view of this subtree that contains `point` (in this view's bounds space)
    /// and accepts touches, or nil.
    ///
    /// As UIKit: nil when the view is hidden, has user interaction disabled or alpha below
    /// 0.01, or when `point(inside:with:)` says no; otherwise the subviews are asked from the
    /// front (last) to the back, each with the point converted into its space, and the first
    /// answer wins; otherwise the view itself. Override to change which view receives touches.
    open func hitTest(_ point: Point, with event: Event?) -> View? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01 else { return nil }
        // As in UIKit, views being animated ignore touches unless `.allowUserInteraction`.
        if let presentation, !presentation.allowsInteraction { return nil }
        guard self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() {
            let local = point.applying(subview.transformToSuperview.inverted())
            if let hit = subview.hitTest(local, with: event) { return hit }
        }
        return self
    }

    /// Whether `point` (bounds space) is inside the view; default: inside `bounds`. Override to
    /// enlarge a small control's touch area.
    open func point(inside point: Point, with event: Event?) -> Bool {
        bounds.contains(point)
    }

    // MARK: Gesture recognizers

    /// The recognizers attached to this view, in the order they were added.
    public private(set) var gestureRecognizers: [GestureRecognizer] = []

    /// Attaches `recognizer` (detaching it from any other view).
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    /// Detaches `recognizer`; it stops receiving touches.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard recognizer.view === self else { return }
        gestureRecognizers.removeAll { $0 === recognizer }
        recognizer.detach()
    }

    /// Whether `gestureRecognizer` (attached to this view) may begin; default true. Controls
    /// override it to keep their own tracking (as `UISlider` does).
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }

    // MARK: Layout

    /// Autoresizing rules applied when the superview's bounds size changes.
    public var autoresizingMask: AutoresizingMask = []

    /// Whether subviews are autoresized when this view's bounds size changes. Default true.
    public var autoresizesSubviews = true

    /// Space around the content, used by `StackView.isLayoutMarginsRelativeArrangement`,
    /// `layoutMarginsGuide` and layouts that respect margins. Default 8 points on each side, as
    /// UIKit. See also `directionalLayoutMargins`.
    open var layoutMargins = EdgeInsets(all: 8) {
        didSet {
            guard layoutMargins != oldValue else { return }
            directionalLayoutMarginsMayBeReplaced()
            setNeedsLayout()
            guideInsetsMayHaveChanged()
            notifyLayoutMarginsDidChange()
        }
    }

    /// Updates the constraints the view itself makes, before the layout pass (UIKit's): called
    /// once on a new view and after `setNeedsUpdateConstraints()`, bottom-up (a view after its
    /// subviews), in the commit's update-constraints step or at `updateConstraintsIfNeeded()`.
    /// Change constraints here that depend on the view's state; the default does nothing. An
    /// override calls `super` (last, as UIKit asks).
    open func updateConstraints() {}

    /// The view's `safeAreaInsets` changed (UIKit's): called in the layout pass that finds them
    /// changed, before the view's `layoutSubviews` in that pass; default: nothing.
    open func safeAreaInsetsDidChange() {}

    /// The view's margins changed (UIKit's): its `layoutMargins`, its
    /// `preservesSuperviewLayoutMargins` or `insetsLayoutMarginsFromSafeArea`, or its safe area
    /// while the margins are measured from it; default: nothing. (A superview's margins that a
    /// preserving view takes on move its guide without this call.)
    open func layoutMarginsDidChange() {}

    /// Marks the view for `layoutSubviews` in the next layout pass. Many calls in one run-loop
    /// turn cost one pass.
    public func setNeedsLayout() {
        needsLayoutFlag = true
        markAncestorsNeedLayout()
    }

    /// Whether the view's layout is pending.
    public var needsLayout: Bool { needsLayoutFlag }

    /// Runs the pending layout of this view and its subtree now, top-down.
    public func layoutIfNeeded() {
        guard needsLayoutFlag || subtreeNeedsLayout else { return }
        layoutSubtree()
    }

    /// Lays out the subviews. The default does nothing (autoresizing has already been applied);
    /// override to position subviews. Never call it directly: call `setNeedsLayout()`.
    open func layoutSubviews() {}

    /// One layout pass over the subtree, top-down. A layoutSubviews may dirty a view the walk has
    /// already left (a label that wraps tells its stack its size changed); the walk then runs
    /// again from here, so that the frame this commit presents is not laid out halfway.
    /// Bounded, like the loop in `layoutSubtreeOnce`, against views that keep invalidating.
    func layoutSubtree() {
        // UIKit's order: constraints are updated bottom-up, then laid out top-down.
        if subtreeNeedsUpdateConstraints { updateConstraintsIfNeeded() }
        // Constraints changed since the last pass: views they move get marked here first.
        LayoutEngine.shared.checkFramesIfNeeded()
        var rounds = 0
        repeat {
            layoutSubtreeOnce()
            // A layoutSubviews asked for an update: it runs before the next round.
            if subtreeNeedsUpdateConstraints { updateConstraintsIfNeeded() }
            // Safe areas follow the frames this round set; guides that moved mark their views.
            LayoutEngine.shared.layoutRoundDidEnd()
            rounds += 1
        } while (needsLayoutFlag || subtreeNeedsLayout) && rounds < 8
    }

    private func layoutSubtreeOnce() {
        // Bounded to guard against a layoutSubviews that keeps invalidating itself.
        var passes = 0
        while needsLayoutFlag && passes < 8 {
            needsLayoutFlag = false
            passes += 1
            owningViewController?.viewWillLayoutSubviews()
            // Constrained subviews get their solved frames before the override runs (UIKit's order).
            LayoutEngine.shared.applyFrames(toSubviewsOf: self)
            layoutSubviews()
            owningViewController?.viewDidLayoutSubviews()
        }
        subtreeNeedsLayout = false
        // Safe areas follow the frames just set (only once one is not zero somewhere).
        if SafeAreaTracking.isActive { checkSubviewsSafeAreaInsets() }
        for subview in subviews where subview.needsLayoutFlag || subview.subtreeNeedsLayout {
            subview.layoutSubtreeOnce()
        }
    }

    func markAncestorsNeedLayout() {
        var view: View? = self
        while let current = view, !current.subtreeNeedsLayout || current === self {
            current.subtreeNeedsLayout = true
            view = current.superview
        }
        window?.application?.setNeedsCommit()
    }

    /// The size that best fits the view within `size`; default: the current size. Labels and
    /// stacks override it.
    open func sizeThatFits(_ size: Size) -> Size { bounds.size }

    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping its frame's origin.
    public func sizeToFit() {
        let fitted = sizeThatFits(bounds.size)
        let origin = frame.origin
        frame = Rect(origin: origin, size: fitted)
    }

    /// The marker for "no intrinsic size along this axis".
    public static let noIntrinsicMetric: Double = -1

    /// The size the view's content wants, or `noIntrinsicMetric` per axis; used by stacks, and
    /// by the layout engine for a view that constraints place (see
    /// `contentHuggingPriority(for:)`).
    open var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }

    /// Tells the layout that `intrinsicContentSize` changed: the superview lays out again.
    public func invalidateIntrinsicContentSize() {
        // A constrained view's size constraints follow its new intrinsic size.
        if layoutEngineEntry >= 0 { LayoutEngine.shared.intrinsicSizeDidChange(self) }
        superview?.setNeedsLayout()
        setNeedsLayout()
        // A stack's own natural size follows its arranged views': it passes the news upward.
        superview?.subviewVisibilityDidChange(self)
    }

    /// The autoresizing pass: applies each subview's mask for a change of this view's size.
    func autoresizeSubviews(from oldSize: Size, to newSize: Size) {
        guard autoresizesSubviews else { return }
        for subview in subviews where !subview.autoresizingMask.isEmpty {
            subview.frame = subview.autoresizingMask.resize(subview.frame, superviewFrom: oldSize, to: newSize)
        }
    }

    // MARK: Drawing (override point)

    /// Draws the view's content within `rect` (bounds space, points) into `context`, whose
    /// transform maps bounds space to the pixels of the view's backing store and whose clip is
    /// `rect` (rounded out to whole pixels), already cleared to transparent. Called by the
    /// display pass only for views marked dirty, only with their dirty rect; what it draws is
    /// kept and re-composed until the next `setNeedsDisplay`. The background colour, border
    /// and subviews are not drawn here; the compositor adds them.
    ///
    /// What the context paints is tracked, and the store is composed only there. Pixels may
    /// also be written into `context.surface` directly (within `rect`'s pixels): the redrawn
    /// pixels are then scanned for what is not transparent, which costs a pass over them.
    ///
    /// The default draws nothing, and the view then keeps no backing store; an override draws
    /// and does not call `super`.
    open func draw(_ rect: Rect, in context: GraphicsContext) {
        drawsContent = false
    }

    /// The view's `tintColor` changed (set on it or an ancestor, or by a move); default:
    /// nothing. Controls redraw.
    open func tintColorDidChange() {}
    /// The view's `traitCollection` changed from `previousTraitCollection`; default: nothing.
    /// Controls redraw.
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

    // MARK: Accessibility and focus (override points; the toolkit implements the defaults)

    /// Performs the element's action for a focus key, an encoder press or the screen reader's
    /// double tap; returns whether it did something (UIKit's). Default: the toolkit's (the
    /// app's activate block when set, else a control's primary action, a switch toggled, a
    /// cell selected); false in a program without the toolkit.
    open func accessibilityActivate() -> Bool { Application.toolkitType?.accessibilityActivate(self) ?? false }
    /// Steps an adjustable element up (a slider by a tenth, a stepper by a step, a wheel by a row).
    open func accessibilityIncrement() { Application.toolkitType?.accessibilityAdjust(self, up: true) }
    /// Steps an adjustable element down.
    open func accessibilityDecrement() { Application.toolkitType?.accessibilityAdjust(self, up: false) }
    /// Whether the focus engine may focus this view (UIKit's). Default: the toolkit's (an
    /// enabled control, a cell, an element with an action or an adjustable trait).
    open var canBecomeFocused: Bool { Application.toolkitType?.canBecomeFocused(self) ?? false }
    /// The views focus should go to first inside this one, best first (UIKit's, views only).
    /// Default: none (the first focusable view in reading order).
    open var preferredFocusEnvironments: [View] { [] }
    /// Focus moved to, from or within this view (`context` says which); called on the view
    /// losing focus, the view gaining it, and their superviews up to the common one. Default: nothing.
    open func didUpdateFocus(in context: FocusUpdateContext, with coordinator: FocusAnimationCoordinator) {}

    /// Type name and frame, for logs.
    open var debugDescription: String { "\(type(of: self))(frame: \(frame))" }
}
