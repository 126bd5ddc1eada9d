import VitrineGraphics

/// An entry of a menu: an action or a submenu (UIKit's `UIMenuElement`).
@MainActor
public class MenuElement {
    /// How an element looks and behaves.
    public struct Attributes: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: Int
        /// Creates attributes from raw bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Drawn in red: it deletes or cannot be undone.
        public static let destructive = Attributes(rawValue: 1 << 0)
        /// Shown dimmed; cannot be chosen.
        public static let disabled = Attributes(rawValue: 1 << 1)
        /// Not shown.
        public static let hidden = Attributes(rawValue: 1 << 2)
        /// Choosing it leaves the menu open (a toggle among several).
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }

    /// Whether an action is checked.
    public enum State: Sendable, Hashable {
        /// Not checked.
        case off
        /// Checked: a check mark at its leading edge.
        case on
        /// Partly on (a choice covering several items): a dash.
        case mixed
    }

    /// The text shown, and what the screen reader reads.
    public let title: String
    /// An image at the trailing edge, drawn in the text's colour when it is a template.
    public let image: Image?
    /// A second, smaller line under the title (nil: none).
    public var subtitle: String?

    init(title: String, image: Image?) {
        self.title = title
        self.image = image
    }
}

/// A menu entry that runs a closure when chosen (UIKit's `UIAction`; `Action` is the
/// toolkit's typed responder-chain message, hence the name).
@MainActor
public final class MenuAction: MenuElement {
    /// Destructive, disabled, hidden, or keeping the menu open.
    public var attributes: Attributes
    /// Checked, not, or partly.
    public var state: State
    /// A name for logs and tests (nil: none).
    public let identifier: String?
    /// The view that presented the menu holding this action, while the handler runs (the
    /// button, or the view of the context menu).
    public internal(set) weak var sender: View?
    let handler: @MainActor (MenuAction) -> Void

    /// An action titled `title` that runs `handler` when chosen.
    public init(title: String = "", image: Image? = nil, identifier: String? = nil, attributes: Attributes = [],
                state: State = .off, handler: @escaping @MainActor (MenuAction) -> Void) {
        self.attributes = attributes
        self.state = state
        self.identifier = identifier
        self.handler = handler
        super.init(title: title, image: image)
    }

    /// Runs the handler, as choosing the action in a menu does.
    public func perform(sender: View? = nil) {
        self.sender = sender
        handler(self)
        self.sender = nil
    }
}

/// A list of actions and submenus (UIKit's `UIMenu`): shown by a button (`Button.menu`) or as a
/// context menu (`ContextMenuInteraction`).
@MainActor
public final class Menu: MenuElement {
    /// How a menu shows inside its parent.
    public struct Options: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: Int
        /// Creates options from raw bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Its children are shown in the parent, between separators, instead of behind one
        /// entry that opens a submenu.
        public static let displayInline = Options(rawValue: 1 << 0)
        /// Its entry in the parent is drawn in red.
        public static let destructive = Options(rawValue: 1 << 1)
    }

    /// Inline or not; destructive or not.
    public let options: Options
    /// The actions and submenus, in order.
    public let children: [MenuElement]
    /// A name for logs and tests (nil: none).
    public let identifier: String?

    /// A menu of `children`; its title heads it (a submenu: the entry that opens it).
    public init(title: String = "", image: Image? = nil, identifier: String? = nil, options: Options = [],
                children: [MenuElement] = []) {
        self.options = options
        self.children = children
        self.identifier = identifier
        super.init(title: title, image: image)
    }

    /// The same menu with other children.
    public func replacingChildren(_ newChildren: [MenuElement]) -> Menu {
        let menu = Menu(title: title, image: image, identifier: identifier, options: options, children: newChildren)
        menu.subtitle = subtitle
        return menu
    }
}
