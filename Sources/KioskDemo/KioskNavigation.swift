import Vitrine
import VitrineGraphics

// The kiosk's navigation: the welcome screen is the root of a navigation controller, so that
// later screens (the settings) are pushed onto it and come back with the bar's back button or a
// swipe from the left edge. The welcome screen has its own header, so the bar is hidden while it
// is on top and shown for every screen pushed above it. Staff reach the settings by holding the
// header's clock for two seconds: visitors never stumble on them.

/// The kiosk's navigation controller: the welcome screen at its root, the bar hidden there.
public final class KioskNavigationController: NavigationController, NavigationControllerDelegate {
    /// A navigation controller with `welcome` at its root.
    public init(welcome: WelcomeController) {
        super.init(rootViewController: welcome)
        isNavigationBarHidden = true
        delegate = self
    }

    /// The bar shows for every screen but the welcome screen.
    public func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController,
                                     animated: Bool) {
        isNavigationBarHidden = viewController is WelcomeController
    }
}

extension WelcomeController {
    /// The confirmation "Help" asks for before calling a member of staff: "Call staff" calls
    /// (once the alert is gone), "Cancel" does nothing.
    func staffCallConfirmation() -> AlertController {
        let alert = AlertController(title: String(localized: "Call a member of staff?"),
                                    message: String(localized: "Someone will come to this kiosk."), preferredStyle: .alert)
        alert.addAction(AlertAction(title: String(localized: "Cancel"), style: .cancel))
        alert.addAction(AlertAction(title: String(localized: "Call staff")) { [weak self] _ in
            self?.log("action callForHelp: staff called")
        })
        return alert
    }
}

extension WelcomeController {
    /// How long staff hold the clock to open the settings, in seconds.
    static let settingsHoldDuration = 2.0

    /// Holding the header's clock for `settingsHoldDuration` pushes the settings screen.
    func connectSettings() {
        let hold = LongPressGestureRecognizer { [weak self] recognizer in
            guard recognizer.state == .began else { return }
            self?.showSettings()
        }
        hold.minimumPressDuration = WelcomeController.settingsHoldDuration
        clock.isUserInteractionEnabled = true
        clock.addGestureRecognizer(hold)
    }

    /// Pushes the settings screen (titled, with the bar's back button and the edge swipe).
    public func showSettings() {
        guard let navigationController, navigationController.topViewController === self else { return }
        log("settings opened")
        let settings = SettingsViewController()
        settings.title = String(localized: "Settings")
        settings.settingsDidChange = { [weak self] settings in
            self?.log("settings: sound \(settings.isSoundOn ? "on" : "off"), language \(settings.language.name)")
        }
        navigationController.pushViewController(settings, animated: true)
    }
}
