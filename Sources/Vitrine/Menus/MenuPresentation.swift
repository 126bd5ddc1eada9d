import VitrineGraphics

/// A menu on screen: a layer over the whole window holding the panel (and, for a context
/// menu, a dimmed background and the lifted preview of the pressed view). A tap anywhere off
/// the panel dismisses it; choosing an action dismisses it and then runs the action.
///
/// It takes no touch that began before it appeared: those go on to the views they began on
/// and end (or are cancelled) there, once. It is modal for the screen reader and the focus
/// engine: only its rows are elements while it shows.
@MainActor
final class MenuPresentation: View {
    /// How long the menu takes to fade in and out, seconds.
    static let fadeDuration = 0.15
    /// Space between the panel and what it is anchored to, and from the window's edges.
    static let spacing = 8.0
    /// How much bigger the lifted preview is than the view.
    static let liftScale = 1.04
    /// The dimming behind a context menu.
    static let dimmingColor = Color(white: 0, alpha: 0.35)

    let panel: MenuPanel
    /// The view the menu belongs to: the button, or the view of the context menu.
    private(set) weak var source: View?
    /// The lifted copy of the source (context menus).
    let preview: View?
    /// The area the panel is placed next to, window space.
    private let anchor: Rect
    /// Whether the menu is on its way out (it takes no more touches).
    private(set) var isDismissing = false
    /// Called once when the menu is dismissed (chosen or not), before it fades out.
    var didDismiss: (@MainActor () -> Void)?
    /// The view that had focus before the menu, given it back afterwards.
    private weak var focusedBefore: View?

    /// Shows `menu` for `source` next to `anchor` (in `source`'s bounds space), in `source`'s
    /// window; a context menu dims the window and lifts `preview` (default: a snapshot of
    /// `source`) above it. Any menu shown in the window goes first. Returns the presentation,
    /// or nil when `source` is not in a window.
    @discardableResult
    static func present(_ menu: Menu, from source: View, anchor: Rect, isContextMenu: Bool,
                        preview: View? = nil) -> MenuPresentation? {
        guard let window = source.window else { return nil }
        for case let shown as MenuPresentation in window.subviews { shown.dismiss(animated: false) }
        var lifted: View?
        var anchorInWindow = source.convert(anchor, to: nil)
        if isContextMenu {
            let scale = window.application?.screen.scale ?? 1
            let copy = preview ?? ImageView(image: Image(surface: source.snapshot(scale: scale), scale: scale))
            copy.frame = source.convert(source.bounds, to: nil)
            copy.transform = AffineTransform(scaleX: liftScale, y: liftScale)
            copy.cornerRadius = 10
            copy.clipsToBounds = true
            copy.isUserInteractionEnabled = false
            copy.isAccessibilityElement = false
            anchorInWindow = copy.frame
            lifted = copy
        }
        let presentation = MenuPresentation(menu: menu, source: source, anchor: anchorInWindow, preview: lifted)
        presentation.frame = window.bounds
        presentation.backgroundColor = isContextMenu ? dimmingColor : nil
        window.addSubview(presentation)
        presentation.layoutIfNeeded()
        // Fade in; its own model value is final at once, so a dismissal now is consistent.
        presentation.alpha = 0
        View.animate(withDuration: fadeDuration, options: [.curveEaseOut, .allowUserInteraction]) { presentation.alpha = 1 }
        if let app = window.application {
            presentation.focusedBefore = app.focusedView
            if app.isFocusActive, let first = presentation.panel.rows.first(where: { $0.isEnabled }) {
                _ = app.moveFocus(to: first)
            }
        }
        Accessibility.post(notification: .screenChanged, argument: presentation.panel.rows.first)
        return presentation
    }

    private init(menu: Menu, source: View, anchor: Rect, preview: View?) {
        self.source = source
        self.anchor = anchor
        self.preview = preview
        var chosen: (@MainActor (MenuAction) -> Void)?
        panel = MenuPanel(menu: menu) { action in chosen?(action) }
        super.init(frame: .zero)
        chosen = { [weak self] action in self?.choose(action) }
        panel.menuDidChange = { [weak self] in
            guard let self else { return }
            self.setNeedsLayout()
            if let app = self.window?.application, app.isFocusActive, let first = self.panel.rows.first(where: { $0.isEnabled }) {
                _ = app.moveFocus(to: first)
            }
            Accessibility.post(notification: .layoutChanged, argument: self.panel.rows.first)
        }
        accessibilityViewIsModal = true
        if let preview { addSubview(preview) }
        addSubview(panel)
    }

    /// Runs `action` with the source as its sender: after the dismissal, or with the menu left
    /// open (its rows redrawn for a changed state) when it keeps the menu presented.
    private func choose(_ action: MenuAction) {
        guard !isDismissing else { return }
        let sender = source
        if action.attributes.contains(.keepsMenuPresented) {
            action.perform(sender: sender)
            panel.rebuild()
            setNeedsLayout()
            return
        }
        dismiss(animated: true)
        action.perform(sender: sender)
    }

    /// Removes the menu (fading out when `animated`), giving focus back to the view that had
    /// it. Nothing happens the second time.
    func dismiss(animated: Bool) {
        guard !isDismissing else { return }
        isDismissing = true
        isUserInteractionEnabled = false
        // No longer modal: focus may go back to the view behind while the menu fades.
        accessibilityViewIsModal = false
        if let app = window?.application, app.isFocusActive, let focusedBefore, focusedBefore.window != nil {
            _ = app.moveFocus(to: focusedBefore)
        }
        didDismiss?()
        guard animated, window?.application?.display != nil else {
            removeFromSuperview()
            return
        }
        View.animate(withDuration: Self.fadeDuration, animations: { self.alpha = 0 },
                     completion: { [weak self] _ in self?.removeFromSuperview() })
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let rtl = source?.isRightToLeft ?? isRightToLeft
        let insets = safeAreaInsets
        let area = Rect(x: bounds.minX + insets.left + Self.spacing, y: bounds.minY + insets.top + Self.spacing,
                        width: max(bounds.width - insets.left - insets.right - 2 * Self.spacing, 0),
                        height: max(bounds.height - insets.top - insets.bottom - 2 * Self.spacing, 0))
        let width = min(MenuPanel.preferredWidth, area.width)
        let height = min(panel.contentHeight, area.height)
        // Aligned with the anchor's leading edge (the right one right to left), inside the area.
        var x = rtl ? anchor.maxX - width : anchor.minX
        x = min(max(x, area.minX), area.maxX - width)
        // Below the anchor when it fits, else above it, else as low as the area allows.
        let below = anchor.maxY + Self.spacing
        let above = anchor.minY - Self.spacing - height
        let y: Double
        if below + height <= area.maxY {
            y = below
        } else if above >= area.minY {
            y = above
        } else {
            y = max(area.minY, area.maxY - height)
        }
        panel.frame = Rect(x: x, y: y, width: width, height: height)
    }

    // MARK: Touches

    /// Touches that began on the layer (off the panel's rows) dismiss the menu when they end
    /// off the panel; they are not passed on.
    override func touchesBegan(_ touches: TouchSet, with event: Event?) {}
    override func touchesMoved(_ touches: TouchSet, with event: Event?) {}
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) {}
    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        for touch in touches where !panel.frame.contains(touch.location(in: self)) {
            dismiss(animated: true)
            return
        }
    }
}
