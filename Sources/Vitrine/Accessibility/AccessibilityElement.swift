import VitrineGraphics

/// An element that is not a view of its own: a part of a container that draws it (a tab bar's
/// item, a chart's bar), listed in the container's `accessibilityElements` (UIKit's
/// `UIAccessibilityElement`).
///
/// Differs from UIKit: it is a `View` subclass that is never placed in a window, so that every
/// element of Vitrine is a `View` and has the same properties; it draws nothing and takes no
/// touches. Its frame follows the container: `accessibilityFrameInContainerSpace` (in the
/// container's bounds space) is converted to screen points whenever `accessibilityFrame` is
/// read. Activation and adjustment go through the `…Block` properties or an override.
@MainActor
open class AccessibilityElement: View {
    /// The view that draws this element (weak, as UIKit).
    public weak var accessibilityContainer: View?

    /// Creates an element of `container`.
    public init(accessibilityContainer container: View) {
        accessibilityContainer = container
        super.init(frame: .zero)
        isUserInteractionEnabled = false
    }

    /// The element's rectangle in the container's bounds space; `accessibilityFrame` follows
    /// the container's position on screen from it. Default: zero.
    public var accessibilityFrameInContainerSpace: Rect {
        get { accessibilityStorage?.frameInContainer ?? .zero }
        set { accessibilityStore.frameInContainer = newValue.standardized }
    }

    /// Not shown and never hit: an element is not a view of the window.
    open override func hitTest(_ point: Point, with event: Event?) -> View? { nil }
}
