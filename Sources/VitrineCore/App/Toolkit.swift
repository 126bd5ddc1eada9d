import VitrineGraphics

// The seam between the core and the toolkit above it (module `Vitrine`).
//
// The core owns the application, windows, views and the compositor, and knows no concrete
// control; the toolkit owns what an application does with controls on top: the focus engine
// (Tab, arrows, an encoder), the on-screen keyboard and input methods, accessibility, and the
// defaults of its views. The core reaches those only through the two protocols below, so the
// dependency points one way: `Vitrine` → `VitrineCore`, never back.
//
// How the core finds the toolkit: once, at run time, by the type's name (`_typeByName`, the
// Swift runtime's lookup of a type linked into the process), because the core cannot name a
// module above it and an app should not have to register anything. An app that links the
// toolkit (every app that imports `Vitrine`) has it from the first event; a program that
// links only the core runs without focus keys, keyboard or accessibility. A test in the
// toolkit's tests checks that the name below is the toolkit's type.

/// What the toolkit offers the core as a whole: its per-application services, and the
/// defaults of behaviours that `View` declares and the toolkit implements.
@MainActor
package protocol Toolkit {
    /// The toolkit's services for `application`; made once, when the core first needs them.
    static func makeServices(for application: Application) -> any ApplicationToolkit
    /// `View.accessibilityActivate()`'s default: a control's primary action, a switch toggled,
    /// a cell selected; false when the view has none.
    static func accessibilityActivate(_ view: View) -> Bool
    /// `View.accessibilityIncrement()`/`accessibilityDecrement()`'s default: one step of an
    /// adjustable control, up or down.
    static func accessibilityAdjust(_ view: View, up: Bool)
    /// `View.canBecomeFocused`'s default.
    static func canBecomeFocused(_ view: View) -> Bool
    /// A view was shown or hidden: what animates only while visible (activity indicators)
    /// looks again.
    static func viewVisibilityMayHaveChanged()
}

/// The toolkit's services of one application: what the core tells it and asks of it.
@MainActor
package protocol ApplicationToolkit: AnyObject {
    /// Focus keys (Tab, arrows, Enter, Space, Escape) that reached the end of the responder
    /// chain; true when one was used.
    func handleFocusKeys(_ presses: PressSet) -> Bool
    /// A rotary encoder turned by `steps` detents (positive: clockwise).
    func encoderRotated(by steps: Int)
    /// A rotary encoder's push button went down.
    func encoderPressed()
    /// A commit is about to draw: what follows the laid-out views (the focus ring) moves.
    func commitWillDisplay()
    /// A window's first responder changed (the on-screen keyboard decides whether to show).
    func firstResponderDidChange(_ responder: Responder?)
    /// A hardware keyboard came or went (`Application.isHardwareKeyboardAttached` says which).
    func hardwareKeyboardsDidChange()
}

/// A view controller that shows its children's titles (a navigation controller's bar): told
/// when a child's `title` changes.
@MainActor
package protocol ChildTitleObserving: AnyObject {
    /// `child`'s `title` changed.
    func childTitleDidChange(_ child: ViewController)
}

/// A container controller that forwards appearance callbacks to some of its children only
/// (a navigation controller: its top; a tab bar controller: the selected tab).
@MainActor
package protocol AppearanceForwarding: AnyObject {
    /// The children that appear and disappear with the container.
    var childrenReceivingAppearance: [ViewController] { get }
}

/// A view that reacts when its subviews change (a stack view rearranges).
@MainActor
package protocol SubviewChangeObserving: AnyObject {
    /// A subview was added, removed, hidden or shown, reordered, resized, or said its
    /// `intrinsicContentSize` changed.
    func subviewDidChange(_ subview: View)
}

extension Application {
    /// The toolkit linked into this process, found once by name (see the top of this file).
    package static let toolkitType: (any Toolkit.Type)? = _typeByName(toolkitTypeName) as? any Toolkit.Type

    /// The mangled name of the toolkit's `Toolkit` type (`VitrineToolkit` in module `Vitrine`).
    package static let toolkitTypeName = "7Vitrine0A7ToolkitO"
}
