import VitrineGraphics

/// Holds a button's menu, and opens it on a long press (when the menu is not the primary
/// action). Kept among the button's recognizers, so the menu costs a button nothing until set.
@MainActor
final class ButtonMenuPress: LongPressGestureRecognizer {
    var menu: Menu? { didSet { update() } }
    var showsMenuAsPrimaryAction = false { didSet { update() } }
    weak var presentation: MenuPresentation?

    private func update() { isEnabled = menu != nil && !showsMenuAsPrimaryAction }
}

extension Button {
    /// The menu the button opens, anchored to it (UIKit's `UIButton.menu`): on a tap when
    /// `showsMenuAsPrimaryAction` is set, otherwise on a long press (which cancels the tap).
    /// Nil (the default): none.
    public var menu: Menu? {
        get { menuPress?.menu }
        set {
            guard newValue != nil || menuPress != nil else { return }
            makeMenuPress().menu = newValue
        }
    }

    /// Whether a tap opens `menu` (UIKit's `showsMenuAsPrimaryAction`; default false: a long
    /// press does). The button's actions are still sent for the tap, and Enter or a screen
    /// reader's activation opens the menu too.
    public var showsMenuAsPrimaryAction: Bool {
        get { menuPress?.showsMenuAsPrimaryAction ?? false }
        set {
            guard newValue || menuPress != nil else { return }
            makeMenuPress().showsMenuAsPrimaryAction = newValue
        }
    }

    /// Whether the button's menu is on screen.
    public var isMenuPresented: Bool { menuPress?.presentation.map { !$0.isDismissing } ?? false }

    /// Opens the button's menu below it (above when there is no room), leading edges aligned.
    /// Does nothing without a menu or a window.
    public func presentMenu() {
        guard let press = menuPress, let menu = press.menu else { return }
        press.presentation = MenuPresentation.present(menu, from: self, anchor: bounds, isContextMenu: false)
    }

    /// Dismisses the button's menu, if shown, without choosing anything.
    public func dismissMenu() { menuPress?.presentation?.dismiss(animated: true) }

    private var menuPress: ButtonMenuPress? {
        for case let press as ButtonMenuPress in gestureRecognizers { return press }
        return nil
    }

    private func makeMenuPress() -> ButtonMenuPress {
        if let menuPress { return menuPress }
        let press = ButtonMenuPress()
        press.isEnabled = false
        press.addAction { [weak self] recognizer in
            if recognizer.state == .began { self?.presentMenu() }
        }
        addGestureRecognizer(press)
        // A tap (or Enter, or a screen reader's double tap) is the primary action.
        _ = addAction({ [weak self] _ in
            guard let self, self.showsMenuAsPrimaryAction else { return }
            self.presentMenu()
        }, for: .primaryActionTriggered)
        return press
    }
}
