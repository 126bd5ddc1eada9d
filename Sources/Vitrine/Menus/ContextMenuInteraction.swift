import VitrineGraphics

/// What a context menu shows (UIKit's `UIContextMenuConfiguration`): a menu and, optionally,
/// a view to lift as the preview instead of a snapshot of the pressed view.
@MainActor
public final class ContextMenuConfiguration {
    /// A name for the app to tell configurations apart (nil: none).
    public let identifier: String?
    /// Makes the lifted preview, sized by the pressed view's frame (nil, or returning nil: a
    /// snapshot of the pressed view as it is shown).
    public let previewProvider: (@MainActor () -> View?)?
    /// Makes the menu; given the elements the toolkit suggests (none today). Nil, or
    /// returning nil: no menu, and no context menu at all.
    public let actionProvider: (@MainActor ([MenuElement]) -> Menu?)?

    /// A configuration of these providers.
    public init(identifier: String? = nil, previewProvider: (@MainActor () -> View?)? = nil,
                actionProvider: (@MainActor ([MenuElement]) -> Menu?)? = nil) {
        self.identifier = identifier
        self.previewProvider = previewProvider
        self.actionProvider = actionProvider
    }
}

/// What a context menu asks its app for (UIKit's `UIContextMenuInteractionDelegate`).
@MainActor
public protocol ContextMenuInteractionDelegate: AnyObject {
    /// The configuration for a press at `location` (the interaction's view's bounds space),
    /// or nil for no menu there.
    func contextMenuInteraction(_ interaction: ContextMenuInteraction,
                                configurationForMenuAtLocation location: Point) -> ContextMenuConfiguration?
    /// The menu of `configuration` is about to show. Default: nothing.
    func contextMenuInteraction(_ interaction: ContextMenuInteraction, willDisplayMenuFor configuration: ContextMenuConfiguration)
    /// The menu of `configuration` is going away (an action chosen, or a tap outside).
    /// Default: nothing.
    func contextMenuInteraction(_ interaction: ContextMenuInteraction, willEndFor configuration: ContextMenuConfiguration)
}

extension ContextMenuInteractionDelegate {
    /// Does nothing.
    public func contextMenuInteraction(_ interaction: ContextMenuInteraction, willDisplayMenuFor configuration: ContextMenuConfiguration) {}
    /// Does nothing.
    public func contextMenuInteraction(_ interaction: ContextMenuInteraction, willEndFor configuration: ContextMenuConfiguration) {}
}

/// A context menu on a view (UIKit's `UIContextMenuInteraction`): a long press lifts the
/// view on a dimmed background and shows the menu the delegate configures next to it. Add it
/// with `View.addInteraction(_:)`.
///
/// The press cancels the touches the view was following (a button under the finger does not
/// fire); lifting the finger afterwards does nothing, and the menu stays until an action is
/// chosen or the dimmed background is tapped.
@MainActor
public final class ContextMenuInteraction {
    /// Gives the configuration; held weakly, as UIKit's.
    public private(set) weak var delegate: (any ContextMenuInteractionDelegate)?
    /// The view the interaction is added to.
    public var view: View? { press.view }
    /// The long press that opens the menu (its duration may be changed; 0.5 s by default).
    public let press = LongPressGestureRecognizer()
    /// The menu shown now, if any.
    private weak var presentation: MenuPresentation?

    /// An interaction asking `delegate` for its menus.
    public init(delegate: any ContextMenuInteractionDelegate) {
        self.delegate = delegate
        press.addAction { [weak self] recognizer in
            guard recognizer.state == .began else { return }
            self?.pressBegan()
        }
    }

    /// Whether its menu is on screen.
    public var isMenuPresented: Bool { presentation.map { !$0.isDismissing } ?? false }

    /// Dismisses its menu, if shown, without choosing anything.
    public func dismissMenu() { presentation?.dismiss(animated: true) }

    /// Shows the menu as a long press at `location` (the view's bounds space) would: for
    /// keyboards and tests.
    public func presentMenu(at location: Point) {
        guard let view, let delegate,
              let configuration = delegate.contextMenuInteraction(self, configurationForMenuAtLocation: location),
              let menu = configuration.actionProvider?([]) else { return }
        delegate.contextMenuInteraction(self, willDisplayMenuFor: configuration)
        let preview = configuration.previewProvider?()
        let shown = MenuPresentation.present(menu, from: view, anchor: view.bounds, isContextMenu: true, preview: preview)
        shown?.didDismiss = { [weak self] in
            guard let self else { return }
            self.delegate?.contextMenuInteraction(self, willEndFor: configuration)
        }
        presentation = shown
    }

    private func pressBegan() {
        guard let view else { return }
        presentMenu(at: press.location(in: view))
    }
}

extension View {
    /// Adds `interaction`: a long press on this view opens its context menu (UIKit's
    /// `addInteraction`). An interaction is on one view at a time.
    public func addInteraction(_ interaction: ContextMenuInteraction) {
        addGestureRecognizer(interaction.press)
    }

    /// Removes `interaction` from this view.
    public func removeInteraction(_ interaction: ContextMenuInteraction) {
        removeGestureRecognizer(interaction.press)
    }
}
