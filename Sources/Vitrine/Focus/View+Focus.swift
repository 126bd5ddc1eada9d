import VitrineGraphics

extension View {
    /// Whether this view has the focus of the focus engine (UIKit's `isFocused`).
    public var isFocused: Bool {
        guard let focus = accessibilityWindow?.application?.focusEngineIfMade else { return false }
        return focus.focusedView === self
    }

    /// Lets the app say whether the focus engine may focus this view, replacing the default
    /// of `canBecomeFocused` (nil: the default). An override of `canBecomeFocused` wins.
    public var isFocusable: Bool? {
        get { accessibilityStorage?.focusable }
        set { accessibilityStore.focusable = newValue }
    }

    /// `canBecomeFocused`'s default: `isFocusable` when set; otherwise an enabled element that
    /// does something — a control, a cell, or an element with a button, link, adjustable,
    /// search field, key or toggle trait (static text and images are read by the screen reader
    /// but not focused, as on tvOS).
    var defaultCanBecomeFocused: Bool {
        if let focusable = accessibilityStorage?.focusable { return focusable }
        guard isAccessibilityElement else { return false }
        let traits = accessibilityTraits
        if traits.contains(.notEnabled) { return false }
        if let textView = self as? TextView { return textView.isEditable }
        if self is RefreshControl { return false }
        if self is Control || self is TableViewCell || accessibilityStorage?.activateBlock != nil { return true }
        return !traits.isDisjoint(with: [.button, .link, .adjustable, .searchField, .keyboardKey, .toggleButton])
    }

    /// The window this view, or for an `AccessibilityElement` its container, is in.
    var accessibilityWindow: Window? {
        var view: View? = self
        while let current = view {
            if let window = current.window { return window }
            view = (current as? AccessibilityElement)?.accessibilityContainer
        }
        return nil
    }
}
