import VitrineGraphics

// The tint colour and the light/dark appearance, inherited down the view tree as in UIKit.
// View.swift holds only the stored overrides (`ownTintColor`, `ownUserInterfaceStyle`) and the
// two override points; the inheritance walks and the change notifications live here.

/// What a view inherits, taken before it moves so that the move can tell what changed.
struct InheritedAppearance {
    var tint: Color
    var style: UserInterfaceStyle
}

extension View {
    // MARK: Tint

    /// The colour controls use for their active parts (UIKit's `tintColor`): the view's own,
    /// else its superview's, up to the window; with none set anywhere, the system blue of the
    /// view's appearance (`SemanticColor.systemBlue`). Setting nil goes back to inheriting.
    /// When the colour a view shows changes — set on it or an ancestor, or because the view
    /// moved under another superview — `tintColorDidChange()` is called on it and on every
    /// descendant that inherits it. The default blue is lighter in dark appearance; that change
    /// is reported by `traitCollectionDidChange(_:)` only. (UIKit's `tintAdjustmentMode` is
    /// not implemented.)
    public var tintColor: Color! {
        get {
            var view: View? = self
            while let current = view {
                if let tint = current.ownTintColor { return tint }
                view = current.superview
            }
            return SemanticColor.systemBlue.resolved(isDark: resolvedUserInterfaceStyle == .dark)
        }
        set {
            let before = tintColor
            ownTintColor = newValue
            if tintColor != before { notifyTintColorDidChange() }
        }
    }

    func notifyTintColorDidChange() {
        tintColorDidChange()
        for subview in subviews where subview.ownTintColor == nil { subview.notifyTintColorDidChange() }
    }

    // MARK: Light and dark

    /// The appearance this view and its subtree use regardless of their ancestors (UIKit's
    /// `overrideUserInterfaceStyle`); `.unspecified` (the default) inherits. Changing it calls
    /// `traitCollectionDidChange(_:)` on the views (and their controllers) whose traits change.
    public var overrideUserInterfaceStyle: UserInterfaceStyle {
        get { ownUserInterfaceStyle }
        set {
            let before = resolvedUserInterfaceStyle
            ownUserInterfaceStyle = newValue
            traitsMayHaveChanged(from: before)
        }
    }

    /// The view's traits (UIKit's `traitCollection`): the appearance is the first override
    /// found going up from the view — a view's `overrideUserInterfaceStyle`, or that of the
    /// controller whose root view it is — then the application's `userInterfaceStyle`; light
    /// for a view in no window. Computed on demand (a walk up the tree), so it is always
    /// current, even before `traitCollectionDidChange(_:)` is called.
    /// The size classes are the window's (`TraitCollection.sizeClasses(for:)` of its size in
    /// points); unspecified for a view in no window. The language is the application's
    /// (`Application.localizer`), English for a view in no window. The layout direction is the
    /// first direction a superview forces (`semanticContentAttribute`), else the application's
    /// `userInterfaceLayoutDirection` (the current application's for a view in no window).
    public var traitCollection: TraitCollection {
        traits(style: resolvedUserInterfaceStyle, sizeClasses: window?.sizeClasses ?? (.unspecified, .unspecified))
    }

    /// The view's traits with the given appearance and size classes (the rest its own).
    private func traits(style: UserInterfaceStyle, sizeClasses: (horizontal: UserInterfaceSizeClass, vertical: UserInterfaceSizeClass),
                        language: String? = nil, layoutDirection: UserInterfaceLayoutDirection? = nil) -> TraitCollection {
        let application = window?.application
        // A forced attribute above the view wins over the application's direction, old or new.
        let direction = layoutDirection.map { inheritedForcedLayoutDirection ?? $0 } ?? inheritedLayoutDirection
        return TraitCollection(userInterfaceStyle: style, horizontalSizeClass: sizeClasses.horizontal, verticalSizeClass: sizeClasses.vertical,
                               layoutDirection: direction,
                               language: language ?? application?.ownLocalizer.language ?? "en")
    }

    /// The resolved appearance: never `.unspecified`.
    var resolvedUserInterfaceStyle: UserInterfaceStyle {
        var view: View? = self
        while let current = view {
            if current.ownUserInterfaceStyle != .unspecified { return current.ownUserInterfaceStyle }
            if let style = current.owningViewController?.ownUserInterfaceStyle, style != .unspecified { return style }
            view = current.superview
        }
        return window?.application?.ownUserInterfaceStyle ?? .light
    }

    /// Calls `traitCollectionDidChange(_:)` on the subtree when the resolved style is no
    /// longer `before`.
    func traitsMayHaveChanged(from before: UserInterfaceStyle) {
        guard resolvedUserInterfaceStyle != before else { return }
        notifyTraitCollectionDidChange(previous: traits(style: before, sizeClasses: window?.sizeClasses ?? (.unspecified, .unspecified)))
    }

    private func notifyTraitCollectionDidChange(previous: TraitCollection) {
        deliverTraitChange(from: previous)
        for subview in subviews where subview.ownUserInterfaceStyle == .unspecified
            && (subview.owningViewController?.ownUserInterfaceStyle ?? .unspecified) == .unspecified {
            subview.notifyTraitCollectionDidChange(previous: previous)
        }
    }

    // MARK: Size classes

    /// The window's size classes changed from `previous` (a turn of the screen, a new mode, a
    /// resized window): tells every view of the subtree and the controllers whose views they
    /// are, each with its own previous traits.
    func notifySizeClassesDidChange(from previous: (horizontal: UserInterfaceSizeClass, vertical: UserInterfaceSizeClass)) {
        let old = traits(style: resolvedUserInterfaceStyle, sizeClasses: previous)
        deliverTraitChange(from: old)
        for subview in subviews { subview.notifySizeClassesDidChange(from: previous) }
    }

    // MARK: Language

    /// The application's language or layout direction changed from `language` and
    /// `layoutDirection`: tells every view of the subtree and the controllers whose views they
    /// are, and marks each for layout and display (text, alignment and mirroring may all change).
    func notifyLanguageDidChange(from language: String, layoutDirection: UserInterfaceLayoutDirection) {
        let old = traits(style: resolvedUserInterfaceStyle, sizeClasses: window?.sizeClasses ?? (.unspecified, .unspecified),
                         language: language, layoutDirection: layoutDirection)
        setNeedsLayout()
        setNeedsDisplay()
        resolveDirectionalLayoutMargins()
        deliverTraitChange(from: old)
        for subview in subviews { subview.notifyLanguageDidChange(from: language, layoutDirection: layoutDirection) }
    }

    // MARK: Moves

    /// What the view inherits now (taken before a move).
    func inheritedAppearance() -> InheritedAppearance {
        InheritedAppearance(tint: tintColor, style: resolvedUserInterfaceStyle)
    }

    /// After a move: tells the subtree what changed since `before`.
    func appearanceDidMove(from before: InheritedAppearance) {
        if tintColor != before.tint { notifyTintColorDidChange() }
        traitsMayHaveChanged(from: before.style)
        // Under another forced direction, the constraints the subtree holds may read leading
        // and trailing the other way (free while no view forces a direction).
        if View.someViewForcesDirection { LayoutEngine.shared.layoutDirectionMayHaveChanged(in: self) }
    }
}

extension ViewController {
    /// The appearance of the controller's view and everything under it (UIKit's
    /// `overrideUserInterfaceStyle` on a controller); `.unspecified` inherits from the view's
    /// superview. Changing it calls `traitCollectionDidChange(_:)` where traits change.
    public var overrideUserInterfaceStyle: UserInterfaceStyle {
        get { ownUserInterfaceStyle }
        set {
            let before = viewIfLoaded?.resolvedUserInterfaceStyle
            ownUserInterfaceStyle = newValue
            if let before { viewIfLoaded?.traitsMayHaveChanged(from: before) }
        }
    }

    /// The controller's traits: its view's (loading nothing: before the view is loaded, the
    /// controller's own override, else light, with the current application's language and
    /// direction).
    public var traitCollection: TraitCollection {
        if let view = viewIfLoaded { return view.traitCollection }
        let application = Application.currentIfAny
        return TraitCollection(userInterfaceStyle: ownUserInterfaceStyle == .unspecified ? .light : ownUserInterfaceStyle,
                               layoutDirection: application?.userInterfaceLayoutDirection ?? .leftToRight,
                               language: application?.ownLocalizer.language ?? "en")
    }
}

extension Application {
    /// The appearance of every window of the app that does not override it (the app-wide
    /// setting; Vitrine has no system setting to follow). Default `.light`; `.unspecified`
    /// counts as light. Changing it calls `traitCollectionDidChange(_:)` where traits change.
    public var userInterfaceStyle: UserInterfaceStyle {
        get { ownUserInterfaceStyle }
        set {
            let before = windows.map { $0.resolvedUserInterfaceStyle }
            ownUserInterfaceStyle = newValue == .unspecified ? .light : newValue
            for (window, style) in zip(windows, before) { window.traitsMayHaveChanged(from: style) }
        }
    }
}
