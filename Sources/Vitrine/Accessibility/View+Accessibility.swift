import VitrineGraphics

// The accessibility model on views (UIKit's `UIAccessibility` informal protocol). Settings live
// in `AccessibilityStorage`, made on the first set; reading a value not set gives the default
// for the kind of view (`AccessibilityDefaults`). Differs from UIKit: these properties are not
// `open` (a Swift extension cannot declare overridable members): set them, or set the `…Block`
// properties (iOS 17's names) for values computed when asked. `accessibilityActivate()`,
// `accessibilityIncrement()` and `accessibilityDecrement()` are `open` in `View` itself.

extension View {
    /// Whether assistive technology and the reading order treat this view as one element
    /// (its subviews are then not elements). Default: true for controls, labels with text,
    /// images with a label, table cells; false for plain views and containers.
    public var isAccessibilityElement: Bool {
        get { accessibilityStorage?.isElement ?? AccessibilityDefaults.isElement(self) }
        set { accessibilityStore.isElement = newValue }
    }

    /// A short name of the element ("Pay", "Volume"), spoken first. Default: a button's title,
    /// a label's text, a cell's text; nil for others. Setting nil goes back to the default.
    public var accessibilityLabel: String? {
        get {
            if let block = accessibilityStorage?.labelBlock { return block() }
            return accessibilityStorage?.label ?? AccessibilityDefaults.label(self)
        }
        set { accessibilityStore.label = newValue }
    }

    /// The element's current value ("50 %", "on", the text of a field), spoken after the label.
    /// Default: from the control's state; nil for others.
    public var accessibilityValue: String? {
        get {
            if let block = accessibilityStorage?.valueBlock { return block() }
            return accessibilityStorage?.value ?? AccessibilityDefaults.value(self)
        }
        set { accessibilityStore.value = newValue }
    }

    /// What activating the element does ("Opens the basket"), spoken after a pause. Default nil.
    public var accessibilityHint: String? {
        get {
            if let block = accessibilityStorage?.hintBlock { return block() }
            return accessibilityStorage?.hint
        }
        set { accessibilityStore.hint = newValue }
    }

    /// What the element is and its state. Default: from the kind of view and its state (a
    /// button `.button`, a disabled control adds `.notEnabled`, a slider `.adjustable`…).
    /// Setting replaces the default entirely (as UIKit); `accessibilityTraits = nil`-like reset:
    /// `resetAccessibilityTraits()`.
    public var accessibilityTraits: AccessibilityTraits {
        get { accessibilityStorage?.traits ?? AccessibilityDefaults.traits(self) }
        set { accessibilityStore.traits = newValue }
    }

    /// Goes back to the default traits of the kind of view.
    public func resetAccessibilityTraits() { accessibilityStorage?.traits = nil }

    /// A name for tests and tools, never spoken (UIKit's `accessibilityIdentifier`).
    public var accessibilityIdentifier: String? {
        get { accessibilityStorage?.identifier }
        set { accessibilityStore.identifier = newValue }
    }

    /// The language of the element's label and value as a BCP-47 tag ("fr", "zh-Hans"), or nil
    /// for the language of the container (see `resolvedAccessibilityLanguage`).
    public var accessibilityLanguage: String? {
        get { accessibilityStorage?.language }
        set { accessibilityStore.language = newValue }
    }

    /// The first `accessibilityLanguage` set on this view, its container or superviews, or nil
    /// (the reader's default voice).
    public var resolvedAccessibilityLanguage: String? {
        var view: View? = self
        while let current = view {
            if let language = current.accessibilityStorage?.language { return language }
            view = current.accessibilityParent
        }
        return nil
    }

    /// The element's rectangle in screen points (the space of the scene, origin top-left, as
    /// `Screen.bounds`; UIKit's is in screen coordinates too). Default: the view's bounds on
    /// screen (an `AccessibilityElement`: its `accessibilityFrameInContainerSpace` on screen).
    /// Setting pins it (nil goes back to following the view).
    public var accessibilityFrame: Rect {
        get {
            if let frame = accessibilityStorage?.frame { return frame }
            return AccessibilityDefaults.frame(self)
        }
        set { accessibilityStore.frame = newValue.standardized }
    }

    /// Goes back to following the view's position for `accessibilityFrame`.
    public func resetAccessibilityFrame() { accessibilityStorage?.frame = nil }

    /// The elements of this container in reading order, replacing those found in its subviews
    /// (UIKit's `accessibilityElements`; views or `AccessibilityElement`s). Nil (the default):
    /// the subviews' elements, top to bottom and leading to trailing. A view listed here is an
    /// element, or a container whose elements are taken in its place.
    public var accessibilityElements: [View]? {
        get { accessibilityStorage?.elements ?? AccessibilityDefaults.elements(self) }
        set { accessibilityStore.elements = newValue }
    }

    /// Whether assistive technology and the focus engine ignore everything outside this view
    /// while it is shown (an alert): the last such view in front wins. Default: true for an
    /// alert's view, else false.
    public var accessibilityViewIsModal: Bool {
        get { accessibilityStorage?.viewIsModal ?? AccessibilityDefaults.viewIsModal(self) }
        set { accessibilityStore.viewIsModal = newValue }
    }

    /// Whether the elements of this view and its subviews are hidden from assistive technology
    /// and focus (UIKit's `accessibilityElementsHidden`). Default false.
    public var accessibilityElementsHidden: Bool {
        get { accessibilityStorage?.elementsHidden ?? false }
        set { accessibilityStore.elementsHidden = newValue }
    }

    /// Computes the label when asked, in place of `accessibilityLabel` (iOS 17's
    /// `accessibilityLabelBlock`). Nil: the stored or default label.
    public var accessibilityLabelBlock: (@MainActor () -> String?)? {
        get { accessibilityStorage?.labelBlock }
        set { accessibilityStore.labelBlock = newValue }
    }

    /// Computes the value when asked, in place of `accessibilityValue`.
    public var accessibilityValueBlock: (@MainActor () -> String?)? {
        get { accessibilityStorage?.valueBlock }
        set { accessibilityStore.valueBlock = newValue }
    }

    /// Computes the hint when asked, in place of `accessibilityHint`.
    public var accessibilityHintBlock: (@MainActor () -> String?)? {
        get { accessibilityStorage?.hintBlock }
        set { accessibilityStore.hintBlock = newValue }
    }

    /// Runs in place of the default activation; returns whether it did something.
    public var accessibilityActivateBlock: (@MainActor () -> Bool)? {
        get { accessibilityStorage?.activateBlock }
        set { accessibilityStore.activateBlock = newValue }
    }

    /// Runs in place of the default increment.
    public var accessibilityIncrementBlock: (@MainActor () -> Void)? {
        get { accessibilityStorage?.incrementBlock }
        set { accessibilityStore.incrementBlock = newValue }
    }

    /// Runs in place of the default decrement.
    public var accessibilityDecrementBlock: (@MainActor () -> Void)? {
        get { accessibilityStorage?.decrementBlock }
        set { accessibilityStore.decrementBlock = newValue }
    }

    /// The container of an `AccessibilityElement`, else the superview: what language, layout
    /// direction and frames are inherited from.
    var accessibilityParent: View? {
        (self as? AccessibilityElement)?.accessibilityContainer ?? superview
    }

    // MARK: Defaults of the open actions (View.swift declares them)

    /// `accessibilityActivate()`'s default: the block when set; a control sends its primary
    /// action (a `Control` fires `.primaryActionTriggered` and `.touchUpInside` for a button,
    /// toggles a switch, selects a cell's row); false when the view has no action.
    func defaultAccessibilityActivate() -> Bool {
        if let block = accessibilityStorage?.activateBlock { return block() }
        return AccessibilityDefaults.activate(self)
    }

    /// `accessibilityIncrement()`'s default: the block when set, else a step up of an
    /// adjustable control (a tenth of a slider's range, one step of a stepper, the next row
    /// of a picker wheel or segment).
    func defaultAccessibilityIncrement() {
        if let block = accessibilityStorage?.incrementBlock { return block() }
        AccessibilityDefaults.adjust(self, by: 1)
    }

    /// `accessibilityDecrement()`'s default: the mirror of the increment.
    func defaultAccessibilityDecrement() {
        if let block = accessibilityStorage?.decrementBlock { return block() }
        AccessibilityDefaults.adjust(self, by: -1)
    }
}
