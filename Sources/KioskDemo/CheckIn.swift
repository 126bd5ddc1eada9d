import Vitrine
import VitrineGraphics

// "Check in": a form asking for the visitor's name and email, typed on the on-screen keyboard
// (the layout key switches to Russian for a Cyrillic name; the email field shows the email
// keyboard). Its "Check in" button, or Return in the email field, checks the visitor in: the
// form goes and the detail screen greets them. Everything sits above the keyboard on an
// 800×480 screen, so nothing has to move when it slides up.

/// What the welcome screen's "Check in" button asks for (a nil-targeted action).
@MainActor
public protocol KioskCheckingIn {
    /// Shows the check-in form.
    func checkIn(_ sender: AnyObject?)
}

extension Action {
    /// Shows the check-in form.
    static let checkIn = Action("checkIn", to: (any KioskCheckingIn).self) { $0.checkIn($1) }
}

/// A visitor who checked in.
public struct Guest: Sendable, Hashable {
    /// The name as typed (any script), without surrounding spaces.
    public var name: String
    /// The email address as typed, without surrounding spaces.
    public var email: String

    /// Why a form's values cannot check in yet, as the form says it (in the app's language);
    /// nil when they can.
    public static func problem(name: String, email: String) -> String? {
        if name.isEmpty { return String(localized: "Please type your name.") }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
              !parts[1].hasPrefix("."), !parts[1].hasSuffix("."), !email.contains(" ") else {
            return String(localized: "Please type an email address such as anna@example.com.")
        }
        return nil
    }
}

extension WelcomeController: KioskCheckingIn {
    public func checkIn(_ sender: AnyObject?) {
        log("check-in form opened")
        let form = CheckInController(log: log)
        form.onCheckIn = { [weak self] guest in
            guard let self else { return }
            self.log("checked in: \(guest.name) <\(guest.email)>")
            self.dismiss(animated: false)
            self.present(DetailController(log: self.log, guestName: guest.name), animated: true)
        }
        present(form, animated: true)
    }
}

/// The check-in form: name, email and a "Check in" button under a bar with Back.
public final class CheckInController: ViewController, TextFieldDelegate {
    /// The visitor's name (words capitalised; any layout).
    public let nameField = CheckInController.field()
    /// The visitor's email (the email keyboard, no capitals).
    public let emailField = CheckInController.field()
    /// Checks in with what the fields hold.
    public let confirmButton = kioskButton("Check in")
    /// A hint, or what is missing (in red) after a "Check in" that could not.
    public let messageLabel = Label(frame: .zero)
    /// Called with the guest when the form's values are complete and "Check in" is tapped.
    public var onCheckIn: ((Guest) -> Void)?
    let log: (String) -> Void
    private let bar = BarView()
    /// The name and email the message last refused (nil: it shows the hint), so that a
    /// language change says it again in the new language.
    private var refused: (name: String, email: String)?
    private var shownLanguage = ShownLanguage()

    init(log: @escaping (String) -> Void) {
        self.log = log
        super.init()
    }

    private static func field() -> TextField {
        let field = TextField(frame: .zero)
        field.font = .system(size: 22)
        field.textColor = Palette.ink
        field.backgroundColor = .white
        field.borderWidth = 1.5
        field.borderColor = Palette.quiet
        field.cornerRadius = 10
        field.textInsets = EdgeInsets(top: 0, left: 12, bottom: 0, right: 12)
        field.clearButtonMode = .whileEditing
        return field
    }

    public override func viewDidLoad() {
        view.backgroundColor = Palette.paper
        nameField.autocapitalizationType = .words
        nameField.returnKeyType = .next
        emailField.keyboardType = .emailAddress
        emailField.autocapitalizationType = .none
        emailField.returnKeyType = .done
        for field in [nameField, emailField] {
            field.delegate = self
            view.addSubview(field)
        }
        // An address is typed in Latin letters whatever layout the name was typed in.
        emailField.addAction({ [weak self] _ in
            guard let keyboard = self?.view.window?.application?.keyboard else { return }
            KioskTextEntry.showLatinLayout(on: keyboard)
        }, for: .editingDidBegin)
        confirmButton.titleFont = .system(size: 22, weight: .semibold)
        confirmButton.cornerRadius = 10
        confirmButton.addAction({ [weak self] _ in self?.confirm() }, for: .touchUpInside)
        view.addSubview(confirmButton)
        messageLabel.font = .system(size: 16)
        messageLabel.textColor = Palette.quiet
        messageLabel.numberOfLines = 0  // as many as its height holds
        view.addSubview(messageLabel)
        view.addSubview(bar)
        bar.backButton.addAction({ [weak self] _ in self?.dismiss(animated: true) }, for: .touchUpInside)
        textsMayBeStale()
    }

    /// The texts in the app's language (a refusal is said again in it).
    private func showTexts() {
        bar.showTexts(title: String(localized: "Check in"))
        nameField.placeholder = String(localized: "Name")
        emailField.placeholder = String(localized: "Email")
        confirmButton.setTitle(String(localized: "Check in"), for: .normal)
        messageLabel.text = refused.flatMap { Guest.problem(name: $0.name, email: $0.email) }
            ?? String(localized: "Tap the layout key for Русский.")
    }

    private func textsMayBeStale() {
        guard shownLanguage.needsTexts(of: view) else { return }
        showTexts()
        view.setNeedsLayout()
    }

    public override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) { textsMayBeStale() }
    public override func viewWillAppear(_ animated: Bool) { textsMayBeStale() }

    /// The name field takes focus as the form arrives: the keyboard slides up with it.
    public override func viewDidAppear(_ animated: Bool) {
        if !nameField.isEditing && !emailField.isEditing { nameField.becomeFirstResponder() }
    }

    /// Wide screens: the fields in a column (at most 880 points wide with the button), the
    /// button and the message beside them; narrow screens: one column. Everything ends within
    /// 130 points of the bar, above the keyboard of an 800×480 screen.
    /// Laid out from the leading edge: mirrored right to left.
    public override func viewDidLayoutSubviews() {
        let b = view.bounds
        let direction = view.effectiveUserInterfaceLayoutDirection
        defer {
            for subview in [nameField, emailField, messageLabel, confirmButton] {
                subview.frame = subview.frame.mirrored(in: b.width, for: direction)
            }
        }
        bar.frame = Rect(x: 0, y: 0, width: b.width, height: 80)
        let width = min(b.width - 48, 880), left = (b.width - width) / 2
        let rowHeight = 48.0, gap = 12.0
        let firstRow = 80 + 20.0, secondRow = firstRow + rowHeight + gap
        if b.width >= 600 {
            let side = 200.0, fieldWidth = width - side - 24
            nameField.frame = Rect(x: left, y: firstRow, width: fieldWidth, height: rowHeight)
            emailField.frame = Rect(x: left, y: secondRow, width: fieldWidth, height: rowHeight)
            messageLabel.frame = Rect(x: left + fieldWidth + 24, y: firstRow, width: side, height: rowHeight)
            confirmButton.frame = Rect(x: left + fieldWidth + 24, y: secondRow, width: side, height: rowHeight)
        } else {
            nameField.frame = Rect(x: left, y: firstRow, width: width, height: rowHeight)
            emailField.frame = Rect(x: left, y: secondRow, width: width, height: rowHeight)
            confirmButton.frame = Rect(x: left, y: secondRow + rowHeight + gap, width: width, height: rowHeight)
            messageLabel.frame = Rect(x: left, y: confirmButton.frame.maxY + gap, width: width, height: rowHeight)
        }
    }

    /// Checks in when both fields are complete; otherwise says what is missing and puts the
    /// caret where it is.
    public func confirm() {
        let name = nameField.text.trimmingSpaces, email = emailField.text.trimmingSpaces
        if let problem = Guest.problem(name: name, email: email) {
            refused = (name, email)
            messageLabel.text = problem
            messageLabel.textColor = Color(rgb: 0xB3412E)
            log("check-in refused: \(problem)")
            _ = (name.isEmpty ? nameField : emailField).becomeFirstResponder()
            return
        }
        for field in [nameField, emailField] where field.isEditing { _ = field.resignFirstResponder() }
        onCheckIn?(Guest(name: name, email: email))
    }

    // MARK: TextFieldDelegate

    /// Return in the name field moves to the email field; in the email field it checks in.
    public func textFieldShouldReturn(_ textField: TextField) -> Bool {
        if textField === nameField {
            _ = emailField.becomeFirstResponder()
        } else {
            confirm()
        }
        return false
    }
}

extension String {
    /// Without leading and trailing spaces and line breaks.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
