import VitrineGraphics

/// A button of an alert (UIKit's `UIAlertAction`).
@MainActor
public final class AlertAction {
    /// How an action is drawn and placed.
    public enum Style: Sendable, Hashable {
        /// A regular choice.
        case `default`
        /// Backs out without changing anything: bold, and last (an action sheet puts it apart).
        case cancel
        /// Destroys or loses something: red.
        case destructive
    }

    /// The button's title.
    public let title: String
    /// How it is drawn and placed.
    public let style: Style
    /// Whether it can be tapped; a disabled action is drawn faded.
    public var isEnabled = true { didSet { owner?.actionsDidChange() } }
    /// Called with the action after the alert has been dismissed.
    let handler: (@MainActor (AlertAction) -> Void)?
    weak var owner: AlertController?

    /// An action titled `title`, calling `handler` once the alert is gone.
    public init(title: String, style: Style = .default, handler: (@MainActor (AlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}

/// A message with choices, over a dimmed screen (UIKit's `UIAlertController`).
///
/// Present it with `present(_:animated:completion:)`: it is presented `.overFullScreen` with a
/// `.crossDissolve` transition, so what is behind stays visible, dimmed; its view covers the
/// whole window and takes every touch, so nothing behind it can be touched while it is up.
/// `.alert` shows a centred box (two actions side by side, more stacked); `.actionSheet` a
/// panel at the bottom with the actions stacked and the cancel action apart below it. Two
/// actions side by side put the cancel one (else the first added) at the leading edge: the
/// left, the right one when the alert's view lays out right to left, as UIKit's.
///
/// A tap on an enabled action dismisses the alert (animated); the action's handler is called
/// once the alert is gone, as UIKit. Actions tapped meanwhile do nothing. Touches outside the
/// box do nothing (UIKit's action sheet on a phone does the same).
///
/// An alert may hold text fields (`addTextField`), stacked under the message; the first one
/// becomes first responder when the alert has appeared, and editing ends when it goes.
///
/// Differs from UIKit: at most one `.cancel` action is kept (a second is logged and dropped,
/// where UIKit raises); a text field asked of an action sheet is logged and not added (UIKit
/// raises).
open class AlertController: ViewController {
    /// The two looks.
    public enum Style: Sendable, Hashable {
        /// A box in the middle of the screen.
        case alert
        /// A panel at the bottom of the screen.
        case actionSheet
    }

    /// The text under the bold title (the controller's `title`), or nil.
    public var message: String? { didSet { messageLabel.text = message; viewIfLoaded?.setNeedsLayout() } }
    /// The look chosen at creation.
    public let preferredStyle: Style
    /// The actions, in the order they were added.
    public private(set) var actions: [AlertAction] = []
    /// The action drawn bold as the suggested one (an alert only), or nil.
    public var preferredAction: AlertAction? { didSet { actionsDidChange() } }
    /// The text fields, in the order added, or nil when there are none (as UIKit).
    public var textFields: [TextField]? { fields.isEmpty ? nil : fields }
    /// The text fields added.
    var fields: [TextField] = []
    /// The top of the on-screen keyboard while it is up for a field (screen points), else nil.
    var keyboardTop: Double?
    private var keyboardObservation: KeyboardObservation?

    /// The dimming colour over what is behind.
    public static let dimmingColor = Color(white: 0, alpha: 0.4)
    /// The box (or, for an action sheet, the panel of actions).
    public let contentView = View(frame: .zero)
    /// The cancel panel of an action sheet.
    let cancelPanel = View(frame: .zero)
    let titleLabel = Label(frame: .zero)
    let messageLabel = Label(frame: .zero)
    /// One button per action, in `actions` order.
    public private(set) var actionButtons: [Button] = []
    /// The hairlines between actions, remade at each layout.
    var separators: [View] = []
    private var isDismissing = false

    /// An alert with `title`, `message` and `preferredStyle`.
    public init(title: String?, message: String?, preferredStyle: Style) {
        self.preferredStyle = preferredStyle
        super.init()
        self.title = title
        self.message = message
        modalPresentationStyle = .overFullScreen
        modalTransitionStyle = .crossDissolve
    }

    /// Adds `action` (a second `.cancel` action is logged and dropped).
    public func addAction(_ action: AlertAction) {
        if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
            View.hierarchyLogger.warning("AlertController: a second .cancel action (\"\(action.title)\") is dropped — an alert has one cancel action")
            return
        }
        action.owner = self
        actions.append(action)
        actionsDidChange()
    }

    /// Adds a text field under the message (an `.alert` only); `configurationHandler` sets it
    /// up (placeholder, secure entry, keyboard type…). Read what was typed from `textFields`
    /// in an action's handler. On an action sheet the field is logged and not added.
    public func addTextField(configurationHandler: ((TextField) -> Void)? = nil) {
        guard preferredStyle == .alert else {
            View.hierarchyLogger.warning("AlertController.addTextField: an action sheet has no text fields — use the .alert style")
            return
        }
        let field = TextField(frame: .zero)
        field.backgroundColor = .white
        field.borderWidth = 1
        field.borderColor = Color(white: 0, alpha: 0.2)
        field.cornerRadius = 6
        configurationHandler?(field)
        fields.append(field)
        if isViewLoaded {
            contentView.addSubview(field)
            view.setNeedsLayout()
        }
    }

    /// The first text field takes the focus once the alert is on screen, as UIKit; while the
    /// on-screen keyboard is up, the box sits in the part of the screen above it.
    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard let first = fields.first, let application = first.window?.application else { return }
        keyboardObservation = application.keyboard.addObserver { [weak self] note in
            guard let self, note.kind == .willShow || note.kind == .willHide else { return }
            keyboardTop = note.kind == .willShow ? note.frameEnd.minY : nil
            View.animate(withDuration: note.animationDuration, options: .curveEaseInOut) {
                self.view.setNeedsLayout()
                self.view.layoutIfNeeded()
            }
        }
        _ = first.becomeFirstResponder()
    }

    /// The keyboard is no longer of interest once the alert is going.
    open override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        keyboardObservation = nil
        keyboardTop = nil
    }

    /// The view is the dimming: it covers the window and takes every touch.
    open override func loadView() {
        view = View(frame: Application.sharedIfAny?.screen.bounds ?? .zero)
    }

    /// Builds the box (or sheet), its labels and one button per action. Call `super` when overriding.
    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = Self.dimmingColor
        for panel in [contentView, cancelPanel] {
            panel.backgroundColor = Color(white: 0.98)
            panel.cornerRadius = 14
            panel.clipsToBounds = true
        }
        view.addSubview(contentView)
        if preferredStyle == .actionSheet { view.addSubview(cancelPanel) }
        titleLabel.font = .system(size: 20, weight: .semibold)
        messageLabel.font = .system(size: 17)
        for label in [titleLabel, messageLabel] {
            label.textAlignment = .center
            label.numberOfLines = 0
            label.textColor = preferredStyle == .actionSheet ? Color(white: 0.4) : .black
            contentView.addSubview(label)
        }
        titleLabel.text = title
        messageLabel.text = message
        for field in fields { contentView.addSubview(field) }
        actionsDidChange()
    }

    /// Lays out the box or the sheet (AlertController+Layout.swift).
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        layoutAlert()
    }

    // MARK: Actions

    /// The actions in the order shown: an alert with two puts cancel first (left), as UIKit;
    /// otherwise cancel goes last.
    var orderedActions: [AlertAction] {
        let others = actions.filter { $0.style != .cancel }
        let cancel = actions.filter { $0.style == .cancel }
        if preferredStyle == .alert && actions.count == 2 { return cancel + others }
        return others + cancel
    }

    func actionsDidChange() {
        guard isViewLoaded else { return }
        for button in actionButtons { button.removeFromSuperview() }
        for separator in separators { separator.removeFromSuperview() }
        separators = []
        actionButtons = orderedActions.map { action in
            let button = Button(frame: .zero)
            button.setTitle(action.title, for: .normal)
            let bold = action.style == .cancel || action === preferredAction
            button.titleFont = .system(size: 19, weight: bold ? .semibold : .regular)
            let color = action.style == .destructive ? Color(rgb: 0xFF3B30) : Color(rgb: 0x007AFF)
            button.setTitleColor(color, for: .normal)
            button.setTitleColor(color.withAlphaComponent(0.35), for: .disabled)
            button.setBackgroundColor(Color(white: 0.88), for: .highlighted)
            button.isEnabled = action.isEnabled
            _ = button.addAction({ [weak self, weak action] _ in
                guard let self, let action else { return }
                self.userDidTap(action)
            }, for: .touchUpInside)
            let panel = preferredStyle == .actionSheet && action.style == .cancel ? cancelPanel : contentView
            panel.addSubview(button)
            return button
        }
        view.setNeedsLayout()
    }

    /// Dismisses the alert, then calls the action's handler.
    func userDidTap(_ action: AlertAction) {
        guard action.isEnabled, !isDismissing else { return }
        isDismissing = true
        let dismissed = { [weak self] in
            self?.isDismissing = false
            action.handler?(action)
        }
        if presentingViewController != nil {
            presentingViewController?.dismiss(animated: true, completion: dismissed)
        } else {
            dismissed()
        }
    }

    /// Adds a hairline at `frame` (the panel's space).
    func addSeparator(in panel: View, _ frame: Rect) {
        let line = View(frame: frame)
        line.backgroundColor = Color(white: 0, alpha: 0.15)
        panel.addSubview(line)
        separators.append(line)
    }
}
