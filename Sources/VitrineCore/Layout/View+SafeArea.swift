// The safe area and the margins as a view sees them: the insets the screen's unsafe border and
// controllers' `additionalSafeAreaInsets` give a view, the margins its `layoutMarginsGuide`
// holds, the readable-content and keyboard guides, and the calls that say these changed
// (`safeAreaInsetsDidChange()`, `layoutMarginsDidChange()`), made in the layout pass.

import VitrineGraphics

/// Whether any safe area is in play: until the screen has unsafe insets or a controller has
/// additional ones, every view's safe area is zero and the layout pass checks nothing.
@MainActor
enum SafeAreaTracking {
    /// Set once a safe area is not zero somewhere (never reset: views may have to hear that
    /// theirs went back to zero).
    static var isActive = false
    /// How many controllers have non-zero `additionalSafeAreaInsets` (a released one may still
    /// count: that only costs the walk up in `safeAreaInsets`).
    static var additionalCount = 0
    /// Whether a keyboard layout guide was ever made: the keyboard's moves lay windows out.
    static var hasKeyboardGuides = false
}

extension EdgeInsets {
    /// Each edge summed.
    func adding(_ other: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: top + other.top, left: left + other.left, bottom: bottom + other.bottom, right: right + other.right)
    }

    /// Each edge the larger of the two.
    func maximum(_ other: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: max(top, other.top), left: max(left, other.left), bottom: max(bottom, other.bottom), right: max(right, other.right))
    }

    /// How far `rect`'s edges reach outside `inner`, each clamped to `rect`'s size.
    static func overlap(of rect: Rect, outside inner: Rect) -> EdgeInsets {
        EdgeInsets(top: min(max(inner.minY - rect.minY, 0), rect.height),
                   left: min(max(inner.minX - rect.minX, 0), rect.width),
                   bottom: min(max(rect.maxY - inner.maxY, 0), rect.height),
                   right: min(max(rect.maxX - inner.maxX, 0), rect.width))
    }
}

extension View {
    // MARK: The safe area

    /// How far, in points of the view's bounds, each edge of the view reaches into the unsafe
    /// border (UIKit's `safeAreaInsets`): the part of the safe area above it that the view
    /// overlaps — the screen's `safeAreaInsets` for a window, its superview's safe area for
    /// any other view — from frames as last laid out, plus its controller's
    /// `additionalSafeAreaInsets` for a controller's root view. A view in no window has none.
    /// Read-only: a kiosk's unsafe border is the panel's, set on `Screen.panelSafeAreaInsets`
    /// by the app or by its board profile (`[display] safe_area`).
    public var safeAreaInsets: EdgeInsets {
        guard let window, let screen = window.application?.screen else { return .zero }
        let screenInsets = screen.safeAreaInsets
        guard screenInsets != .zero || SafeAreaTracking.additionalCount > 0 else { return .zero }
        // The screen's safe rectangle in the window's space (windows are not transformed).
        let screenSafe = screen.bounds.inset(by: screenInsets).offsetBy(dx: -window.frame.minX, dy: -window.frame.minY)
        let above = self === window ? screenSafe : (superview?.safeRectForSubviews(in: window, screenSafe: screenSafe) ?? screenSafe)
        var insets = EdgeInsets.overlap(of: rectInWindow(window), outside: above)
        if let additional = owningViewController?.additionalSafeAreaInsets, additional != .zero {
            insets = insets.adding(additional)
        }
        return insets
    }

    /// The view's bounds in the window's space: the area it shows, so that a scrolled scroll
    /// view's safe area is that of where it is on screen, not of its content's origin.
    private func rectInWindow(_ window: Window) -> Rect {
        self === window ? window.bounds : convert(bounds, to: window)
    }

    /// The safe rectangle, in the window's space, that the view's subviews measure against: its
    /// superview's, narrowed by its own controller's additional insets when it has some.
    private func safeRectForSubviews(in window: Window, screenSafe: Rect) -> Rect {
        let above = self === window ? screenSafe : (superview?.safeRectForSubviews(in: window, screenSafe: screenSafe) ?? screenSafe)
        guard SafeAreaTracking.additionalCount > 0, let additional = owningViewController?.additionalSafeAreaInsets,
              additional != .zero else { return above }
        let rect = rectInWindow(window)
        let insets = EdgeInsets.overlap(of: rect, outside: above).adding(additional)
        return Rect(x: rect.minX + insets.left, y: rect.minY + insets.top,
                    width: max(rect.width - insets.horizontal, 0), height: max(rect.height - insets.vertical, 0))
    }

    /// In the layout pass (once a safe area is in play), after this view's `layoutSubviews`:
    /// each subview whose safe area is not the one it was last told of hears it, and is laid
    /// out again.
    func checkSubviewsSafeAreaInsets() {
        for subview in subviews { subview.checkSafeAreaInsets(duringPass: true) }
    }

    /// Calls `safeAreaInsetsDidChange()` (and the controller's, and the margins' when they
    /// include the safe area) when the insets changed since last told; marks the view for layout
    /// (`duringPass`: its superview's pass is about to walk into it, so its flag is enough).
    func checkSafeAreaInsets(duringPass: Bool = false) {
        let insets = safeAreaInsets
        guard insets != (layoutGuideStorage?.lastSafeAreaInsets ?? .zero) else { return }
        guideStorage.lastSafeAreaInsets = insets
        if duringPass { needsLayoutFlag = true } else { setNeedsLayout() }
        safeAreaInsetsDidChange()
        owningViewController?.viewSafeAreaInsetsDidChange()
        if insetsLayoutMarginsFromSafeArea { notifyLayoutMarginsDidChange() }
    }

    // MARK: Margins

    /// `layoutMarginsDidChange()`, then the controller's `viewLayoutMarginsDidChange()`.
    func notifyLayoutMarginsDidChange() {
        layoutMarginsDidChange()
        owningViewController?.viewLayoutMarginsDidChange()
    }

    /// The insets `layoutMarginsGuide` holds, in points of the view's edges: `layoutMargins`,
    /// measured from the safe area's edges while `insetsLayoutMarginsFromSafeArea`, and at least
    /// the superview's margin area the view overlaps while `preservesSuperviewLayoutMargins`.
    var effectiveLayoutMargins: EdgeInsets {
        var insets = layoutMargins
        if insetsLayoutMarginsFromSafeArea { insets = insets.adding(safeAreaInsets) }
        if preservesSuperviewLayoutMargins, let superview {
            let parentMargins = Rect(origin: .zero, size: superview.bounds.size).inset(by: superview.effectiveLayoutMargins)
            // The superview's margin rectangle in this view's space.
            let inner = superview.convert(parentMargins, to: self)
            insets = insets.maximum(EdgeInsets.overlap(of: Rect(origin: .zero, size: bounds.size), outside: inner))
        }
        return insets
    }

    // MARK: Readable content

    /// The widest a column of text should be to read well, in points: about 70 characters of
    /// the 17-point body text, UIKit's readable width at its default text size. On a panel no
    /// wider than this plus its margins (800 points and less), `readableContentGuide` is the
    /// margins guide; on wider screens, a centred column of this width.
    public static let readableContentWidth = 672.0

    /// A column of the view where lines of text stay readable (UIKit's `readableContentGuide`):
    /// the `layoutMarginsGuide` — its top, bottom and centre — at most
    /// `View.readableContentWidth` wide. Follows the margins and the view's width in the layout
    /// pass.
    public var readableContentGuide: LayoutGuide {
        if let guide = layoutGuideStorage?.readableContent { return guide }
        let guide = LayoutGuide(kind: .readableContent, identifier: "readableContentGuide")
        guideStorage.readableContent = guide
        addLayoutGuide(guide)
        return guide
    }

    /// The insets `readableContentGuide` holds.
    var readableContentInsets: EdgeInsets {
        var insets = effectiveLayoutMargins
        let extra = max(bounds.width - insets.horizontal - View.readableContentWidth, 0) / 2
        insets.left += extra
        insets.right += extra
        return insets
    }

    // MARK: The keyboard

    /// The part of the view the on-screen keyboard covers (UIKit's `keyboardLayoutGuide`): the
    /// view's width, from the keyboard's top edge to the view's bottom while the toolkit's
    /// system keyboard is up, and the bottom of the safe area (`safeAreaInsets.bottom` high)
    /// while it is down or covers less. Pin content's bottom to its `topAnchor` to keep it
    /// above the keyboard: the guide moves with the keyboard, animated as the keyboard slides.
    public var keyboardLayoutGuide: LayoutGuide {
        if let guide = layoutGuideStorage?.keyboard { return guide }
        let guide = LayoutGuide(kind: .keyboard, identifier: "keyboardLayoutGuide")
        guideStorage.keyboard = guide
        SafeAreaTracking.hasKeyboardGuides = true
        addLayoutGuide(guide)
        return guide
    }

    /// The insets `keyboardLayoutGuide` holds: only its top one.
    var keyboardGuideInsets: EdgeInsets {
        let height = bounds.height
        var covered = safeAreaInsets.bottom
        if let window, let application = window.application, let keyboard = application.onScreenKeyboardFrame {
            // The keyboard's frame is in screen points; windows are not transformed.
            let inWindow = keyboard.offsetBy(dx: -window.frame.minX, dy: -window.frame.minY)
            let local = self === window ? inWindow : convert(inWindow, from: window)
            if local.width > 0, local.minX < bounds.width, local.maxX > 0 { covered = max(covered, height - local.minY) }
        }
        return EdgeInsets(top: height - min(max(covered, 0), height), left: 0, bottom: 0, right: 0)
    }
}

extension ViewController {
    /// `additionalSafeAreaInsets` changed: the view and the views above it lay out again, so
    /// that the view and its subtree hear their new safe areas and their guides follow.
    func additionalSafeAreaInsetsDidChange(from old: EdgeInsets) {
        let isZero = additionalSafeAreaInsets == .zero
        if isZero != (old == .zero) { SafeAreaTracking.additionalCount += isZero ? -1 : 1 }
        if !isZero { SafeAreaTracking.isActive = true }
        guard let view = viewIfLoaded else { return }
        view.markSafeAreaChangedInSubtree()
        view.superview?.setNeedsLayout()
        view.setNeedsLayout()
        LayoutEngine.shared.safeAreaMayHaveChanged()
    }
}

extension View {
    /// Every view of the subtree whose guides follow the safe area re-reads them.
    func markSafeAreaChangedInSubtree() {
        guideInsetsMayHaveChanged()
        for subview in subviews { subview.markSafeAreaChangedInSubtree() }
    }
}

extension Application {
    /// The toolkit's on-screen keyboard moved to `frame` (screen points; nil once it is down):
    /// the app's windows lay out at once inside an animation of `duration` seconds on the
    /// keyboard's curve, so that what keyboard layout guides place slides with it. The overlay
    /// windows (the keyboard's own) are left alone: laid out here, the keyboard would jump to
    /// where its own animation is about to take it. Free while no keyboard guide exists.
    package func onScreenKeyboardWillMove(to frame: Rect?, duration: Double) {
        guard frame != onScreenKeyboardFrame else { return }
        onScreenKeyboardFrame = frame
        guard SafeAreaTracking.hasKeyboardGuides else { return }
        LayoutEngine.shared.safeAreaMayHaveChanged()
        let appWindows = windows.filter { window in !window.isHidden && !overlayWindows.contains { $0 === window } }
        for window in appWindows { window.setNeedsLayout() }
        View.animate(withDuration: duration, options: .curveEaseInOut, animations: {
            for window in appWindows { window.layoutIfNeeded() }
        })
    }
}
