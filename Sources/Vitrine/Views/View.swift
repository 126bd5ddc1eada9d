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
    public private(set) weak var superview: View?
    /// The subviews, back to front (the last one is drawn on top and hit-tested first).
    public private(set) var subviews: [View] = []
    /// The window the view is in, directly or through its superviews.
    public internal(set) weak var window: Window?
    /// The controller whose root view this is (set by `ViewController`).
    weak var owningViewController: ViewController?

    // MARK: Geometry state

    private var storedCenter = Point.zero
    private var storedBounds = Rect.zero
    private var storedTransform = AffineTransform.identity

    // MARK: Layout and display state

    /// True when `layoutSubviews` must run in the next layout pass.
    var needsLayoutFlag = false
    /// True when this view or a descendant needs layout (so the pass walks into it).
    var subtreeNeedsLayout = false
    /// The part of `bounds` that must be redrawn; `Rect.null` when none.
    public private(set) var dirtyRect = Rect.null
    /// True when this view or a descendant has a dirty rect.
    var subtreeNeedsDisplay = false
    /// What `draw(_:in:)` drew, at the screen's scale (`bounds.size × scale` pixels), kept so
    /// that moving, fading or uncovering the view costs composition, not a redraw. Nil until
    /// the view first draws, and for views that do not draw (see `drawsContent`).
    var backingStore: Surface?
    /// Pixels per point the backing store was drawn at.
    var backingStoreScale = 1.0
    /// False once the default `draw(_:in:)` ran: the view draws nothing of its own, so it
    /// needs no backing store (it is composed from its background, border and subviews).
    var drawsContent = true
    /// The animated values shown on screen while an animation runs (nil otherwise).
    var presentation: PresentationValues?

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
            invalidateComposition(force: true)
            superview?.subviewVisibilityDidChange(self)
        }
    }

    /// Whether subviews are clipped to `bounds` (also limits the area a change damages).
    public var clipsToBounds = false {
        // What the subviews showed outside the bounds before, and what they show after.
        willSet { if newValue != clipsToBounds { invalidateComposition() } }
        didSet { if clipsToBounds != oldValue { invalidateComposition() } }
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
            let newValue = newValue.standardized
            guard newValue != storedBounds else { return }
            willChangeAnimatable(.bounds)
            let old = storedBounds
            let oldExtent = compositionExtentInWindow()
            storedBounds = newValue
            geometryDidChange(oldExtent: oldExtent, oldSize: old.size)
        }
    }

    /// Where the middle of `bounds` appears, in the superview's coordinate space.
    public var center: Point {
        get { storedCenter }
        set {
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
    var transformToRoot: AffineTransform {
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

    // MARK: Hierarchy

    /// Adds `view` on top of the other subviews (moving it to the top when it is already one).
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` of `subviews` (0 is the back). A view is moved from its
    /// current superview; `index` is clamped to the valid range. Adding a view to itself or
    /// under one of its own subviews (a cycle) is an app bug: it is logged and nothing changes.
    public func insertSubview(_ view: View, at index: Int) {
        guard view !== self, !isDescendant(of: view) else {
            logHierarchyMisuse(view === self ? "a view cannot be its own subview: \(view) is not added to itself"
                                             : "adding \(view) under its own descendant \(self) would make a cycle: it is not added")
            return
        }
        if view.superview === self {
            // Reorder only: no lifecycle callbacks, as UIKit.
            guard let current = subviews.firstIndex(where: { $0 === view }) else { return }
            subviews.remove(at: current)
            subviews.insert(view, at: min(max(index > current ? index - 1 : index, 0), subviews.count))
            view.invalidateComposition(force: true)
            return
        }
        let newWindow = window
        let windowChanges = view.window !== newWindow
        // Leaving its window cancels the subtree's touches (UIKit's interruption).
        if windowChanges, let oldWindow = view.window { oldWindow.subtreeWillLeave(view) }
        view.willMove(toSuperview: self)
        if windowChanges { view.propagateWillMove(toWindow: newWindow) }
        if let old = view.superview {
            old.willRemoveSubview(view)
            view.invalidateComposition(force: true)
            old.subviews.removeAll { $0 === view }
            old.subviewVisibilityDidChange(view)
        }
        view.superview = self
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        if windowChanges { view.propagateWindow(newWindow) }
        view.markSubtreeDirtyForNewParent()
        if windowChanges { view.propagateDidMoveToWindow() }
        view.didMoveToSuperview()
        didAddSubview(view)
        subviewVisibilityDidChange(view)
    }

    /// Inserts `view` just above `sibling`. When `sibling` is not a subview (an app bug), `view`
    /// goes on top of the others, as UIKit-compatible implementations do, with a log line.
    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else {
            insertOnTop(view, notFinding: sibling)
            return
        }
        // Indices are positions before `view` is taken out (see insertSubview(_:at:)).
        insertSubview(view, at: index + 1)
    }

    /// Inserts `view` just below `sibling`. When `sibling` is not a subview (an app bug), `view`
    /// goes on top of the others, as UIKit-compatible implementations do, with a log line.
    public func insertSubview(_ view: View, belowSubview sibling: View) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else {
            insertOnTop(view, notFinding: sibling)
            return
        }
        insertSubview(view, at: index)
    }

    /// Detaches the view from its superview (and window). Touches in the subtree are cancelled
    /// once (`touchesCancelled` to their views and recognizers), after the event being
    /// delivered when called from a touch handler.
    public func removeFromSuperview() {
        guard let old = superview else { return }
        // Leaving the window cancels the subtree's touches (UIKit's interruption), chosen
        // while the tree still says which views are inside.
        window?.subtreeWillLeave(self)
        old.willRemoveSubview(self)
        invalidateComposition(force: true)
        let windowChanges = window != nil
        willMove(toSuperview: nil)
        if windowChanges { propagateWillMove(toWindow: nil) }
        old.subviews.removeAll { $0 === self }
        superview = nil
        if windowChanges {
            resignFirstResponderInSubtree(of: old.window)
            propagateWindow(nil)
            propagateDidMoveToWindow()
        }
        didMoveToSuperview()
        old.subviewVisibilityDidChange(self)
    }

    /// Moves `view` (a subview) to the top.
    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    /// Moves `view` (a subview) to the back.
    public func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Swaps the subviews at `index1` and `index2`.
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard index1 != index2 else { return }
        subviews.swapAt(index1, index2)
        subviews[index1].invalidateComposition(force: true)
        subviews[index2].invalidateComposition(force: true)
        subviewVisibilityDidChange(subviews[index1])
    }

    /// Whether this view is `view` or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// This view or the first descendant (depth first, in subview order) whose `tag` is `tag`.
    public func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
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
    func subviewVisibilityDidChange(_ subview: View) {}

    private func propagateWillMove(toWindow newWindow: Window?) {
        willMove(toWindow: newWindow)
        for subview in subviews { subview.propagateWillMove(toWindow: newWindow) }
    }

    private func propagateWindow(_ newWindow: Window?) {
        window = newWindow
        for subview in subviews { subview.propagateWindow(newWindow) }
    }

    private func propagateDidMoveToWindow() {
        didMoveToWindow()
        for subview in subviews { subview.propagateDidMoveToWindow() }
    }

    private func resignFirstResponderInSubtree(of window: Window?) {
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

    /// Space around the content, used by `StackView.isLayoutMarginsRelativeArrangement` and by
    /// layouts that respect margins. Default 8 points on each side, as UIKit.
    public var layoutMargins = EdgeInsets(all: 8) {
        didSet { if layoutMargins != oldValue { setNeedsLayout() } }
    }

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
        var rounds = 0
        repeat {
            layoutSubtreeOnce()
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
            layoutSubviews()
            owningViewController?.viewDidLayoutSubviews()
        }
        subtreeNeedsLayout = false
        for subview in subviews where subview.needsLayoutFlag || subview.subtreeNeedsLayout {
            subview.layoutSubtreeOnce()
        }
    }

    private func markAncestorsNeedLayout() {
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

    /// The size the view's content wants, or `noIntrinsicMetric` per axis; used by stacks.
    open var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }

    /// Tells the layout that `intrinsicContentSize` changed: the superview lays out again.
    public func invalidateIntrinsicContentSize() {
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

    // MARK: Display invalidation

    /// Marks the whole view to be redrawn (`draw(_:in:)`) in the next display pass.
    public func setNeedsDisplay() {
        setNeedsDisplay(bounds)
    }

    /// Marks `rect` (bounds space) to be redrawn in the next display pass; dirty rects of one
    /// turn accumulate (as their bounding box, clipped to `bounds`) and cost one `draw(_:in:)`.
    /// A hidden view (or one in a hidden superview) keeps its dirty rect until it is shown: it
    /// damages nothing and asks for no commit meanwhile.
    public func setNeedsDisplay(_ rect: Rect) {
        let clipped = rect.intersection(bounds)
        guard !clipped.isNull, !clipped.isEmpty else { return }
        dirtyRect = dirtyRect.union(clipped)
        var view: View? = self
        while let current = view, !current.subtreeNeedsDisplay || current === self {
            current.subtreeNeedsDisplay = true
            view = current.superview
        }
        if let window, !isHidden, !hasHiddenAncestor {
            window.addDamage(contentDamage(clipped))
            window.application?.setNeedsCommit()
        }
    }

    /// Draws the view's content within `rect` (bounds space, points) into `context`, whose
    /// transform maps bounds space to the pixels of the view's backing store and whose clip is
    /// `rect` (rounded out to whole pixels), already cleared to transparent. Called by the
    /// display pass only for views marked dirty, only with their dirty rect; what it draws is
    /// kept and re-composed until the next `setNeedsDisplay`. The background colour, border
    /// and subviews are not drawn here; the compositor adds them.
    ///
    /// The default draws nothing, and the view then keeps no backing store; an override draws
    /// and does not call `super`.
    open func draw(_ rect: Rect, in context: GraphicsContext) {
        drawsContent = false
    }

    /// The window area a redraw of `rect` (bounds space) changes: the rect, widened by the
    /// margin placement can add (see `contentDamageMargin`).
    private func contentDamage(_ rect: Rect) -> Rect {
        let margin = contentDamageMargin(scale: renderScale)
        return convert(rect, to: nil).insetBy(dx: -margin, dy: -margin)
    }

    /// Called by the display pass: draws the dirty rect and clears it, then does the same for
    /// the subviews that need it. Returns how many views drew.
    func displayIfNeeded() -> Int {
        // Nothing of a hidden subtree is seen: its dirty rects wait, to be drawn when it is
        // shown again (`invalidateComposition` then leads the display pass back to them).
        guard !isHidden else { return 0 }
        var drawn = 0
        if !dirtyRect.isNull {
            let rect = dirtyRect
            dirtyRect = .null
            if drawsContent {
                drawContent(rect)
                if drawsContent { drawn += 1 }
            }
            // Damage goes with the drawing: a view marked after its damage was presented (from
            // a draw(_:in:) or layoutSubviews of an earlier pass) must still reach the screen.
            // Usually setNeedsDisplay recorded the same rect already, and the list drops it.
            window?.addDamage(contentDamage(rect))
        }
        subtreeNeedsDisplay = false
        for subview in subviews where subview.subtreeNeedsDisplay || !subview.dirtyRect.isNull {
            drawn += subview.displayIfNeeded()
        }
        return drawn
    }

    /// The area of the window the view and its visible subviews cover, in window space
    /// (null when not in a window, or hidden itself or through a superview).
    func compositionExtentInWindow() -> Rect {
        guard window != nil, !isHidden, !hasHiddenAncestor else { return .null }
        return compositionExtent(toWindow: transformToRootBelowWindow())
    }

    /// Whether a superview (up to and including the window) is hidden, so that nothing of
    /// this view is on screen whatever its own state.
    private var hasHiddenAncestor: Bool {
        var view = superview
        while let current = view {
            if current.isHidden { return true }
            view = current.superview
        }
        return false
    }

    private func compositionExtent(toWindow transform: AffineTransform) -> Rect {
        var extent = bounds.applying(transform)
        if !clipsToBounds {
            for subview in subviews where !subview.isHidden {
                extent = extent.union(subview.compositionExtent(
                    toWindow: subview.transformToSuperview.concatenating(transform)))
            }
        }
        return extent
    }

    /// Maps bounds space to window space.
    private func transformToRootBelowWindow() -> AffineTransform {
        var result = AffineTransform.identity
        var view: View? = self
        while let current = view, !(current is Window) {
            result = result.concatenating(current.transformToSuperview)
            view = current.superview
        }
        return result
    }

    /// Records that the view's area must be recomposed (not redrawn): alpha, color, hidden,
    /// order. Hidden views damage nothing unless `force` (the change that hid them); nothing
    /// inside a hidden superview is on screen, so it damages nothing either.
    func invalidateComposition(force: Bool = false) {
        // Shown again with drawing left from while it was hidden: lead the display pass back
        // down to it (the pass that skipped it cleared the ancestors' flags). Done even under a
        // hidden superview, so that showing that one finds the way down too.
        if !isHidden && (subtreeNeedsDisplay || !dirtyRect.isNull) { markAncestorsNeedDisplay() }
        guard let window, !hasHiddenAncestor else { return }
        let extent: Rect
        if isHidden && force {
            extent = compositionExtent(toWindow: transformToRootBelowWindow())
        } else {
            extent = compositionExtentInWindow()
        }
        guard !extent.isNull else { return }
        window.addDamage(extent)
        window.application?.setNeedsCommit()
    }

    /// Records that only the view's own rectangle must be recomposed (its background changed;
    /// the subviews above it are unchanged).
    func invalidateOwnArea() {
        guard let window, !isHidden, !hasHiddenAncestor else { return }
        window.addDamage(bounds.applying(transformToRootBelowWindow()))
        window.application?.setNeedsCommit()
    }

    /// Flags every ancestor as having a descendant to draw.
    private func markAncestorsNeedDisplay() {
        var view = superview
        while let current = view, !current.subtreeNeedsDisplay {
            current.subtreeNeedsDisplay = true
            view = current.superview
        }
    }

    private func geometryDidChange(oldExtent: Rect, oldSize: Size) {
        if let window {
            window.addDamage(oldExtent)
            window.addDamage(compositionExtentInWindow())
            window.application?.setNeedsCommit()
        }
        if oldSize != storedBounds.size {
            // A new size needs a new backing store: redraw, and lay out subviews.
            autoresizeSubviews(from: oldSize, to: storedBounds.size)
            setNeedsLayout()
            setNeedsDisplay()
            superview?.subviewVisibilityDidChange(self)
        }
    }

    /// A view that joins a new parent carries its pending work with it.
    private func markSubtreeDirtyForNewParent() {
        if needsLayoutFlag || subtreeNeedsLayout { markAncestorsNeedLayout() }
        if !dirtyRect.isNull || subtreeNeedsDisplay { markAncestorsNeedDisplay() }
        invalidateComposition(force: true)
    }

    /// Type name and frame, for logs.
    open var debugDescription: String { "\(type(of: self))(frame: \(frame))" }
}

/// How a view resizes when its superview's bounds size changes (UIKit's `UIView.AutoresizingMask`).
///
/// Along each axis, the size change of the superview is shared among the flexible parts (left
/// margin, width, right margin; top margin, height, bottom margin) in proportion to their
/// current lengths; when all flexible parts have zero length they share it equally.
public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates a mask from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The left margin stretches.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The width stretches.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The right margin stretches.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The top margin stretches.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The height stretches.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The bottom margin stretches.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)

    /// `frame` (in the superview's space) after the superview's size went from `old` to `new`.
    public func resize(_ frame: Rect, superviewFrom old: Size, to new: Size) -> Rect {
        let (x, width) = Self.share(origin: frame.minX, length: frame.width,
                                    superLength: old.width, delta: new.width - old.width,
                                    leading: contains(.flexibleLeftMargin), size: contains(.flexibleWidth),
                                    trailing: contains(.flexibleRightMargin))
        let (y, height) = Self.share(origin: frame.minY, length: frame.height,
                                     superLength: old.height, delta: new.height - old.height,
                                     leading: contains(.flexibleTopMargin), size: contains(.flexibleHeight),
                                     trailing: contains(.flexibleBottomMargin))
        return Rect(x: x, y: y, width: max(width, 0), height: max(height, 0))
    }

    private static func share(origin: Double, length: Double, superLength: Double, delta: Double,
                              leading: Bool, size: Bool, trailing: Bool) -> (Double, Double) {
        guard delta != 0, leading || size || trailing else { return (origin, length) }
        let trailingLength = superLength - origin - length
        let parts = [leading ? max(origin, 0) : 0, size ? max(length, 0) : 0, trailing ? max(trailingLength, 0) : 0]
        let total = parts.reduce(0, +)
        let flexibleCount = Double([leading, size, trailing].filter { $0 }.count)
        func portion(_ index: Int, _ flexible: Bool) -> Double {
            guard flexible else { return 0 }
            return total > 0 ? delta * parts[index] / total : delta / flexibleCount
        }
        return (origin + portion(0, leading), length + portion(1, size))
    }
}
