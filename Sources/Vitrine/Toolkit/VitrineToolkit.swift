import VitrineGraphics

// The toolkit's side of the seam with the core (VitrineCore/App/Toolkit.swift): what the core
// finds by name and calls, and where the toolkit keeps its state of each application (the
// on-screen keyboard, the input-method controller, the accessibility center and its focus
// engine), since an extension cannot add stored properties to `Application`.

/// The toolkit as the core sees it. The core looks it up by its mangled name
/// (`Application.toolkitTypeName`); `ToolkitSeamTests` checks that the two agree. `package`,
/// not internal: an internal type nothing names would be optimized out of a release build,
/// and the lookup would find nothing.
@MainActor
package enum VitrineToolkit: Toolkit {
    package static func makeServices(for application: Application) -> any ApplicationToolkit {
        ToolkitServices(application: application)
    }

    package static func accessibilityActivate(_ view: View) -> Bool { view.defaultAccessibilityActivate() }

    package static func accessibilityAdjust(_ view: View, up: Bool) {
        if up { view.defaultAccessibilityIncrement() } else { view.defaultAccessibilityDecrement() }
    }

    package static func canBecomeFocused(_ view: View) -> Bool { view.defaultCanBecomeFocused }

    package static func viewVisibilityMayHaveChanged() { ActivityIndicatorView.visibilityMayHaveChanged() }
}

/// The toolkit's state of one application, made the first time the core or the toolkit needs it.
@MainActor
final class ToolkitServices: ApplicationToolkit {
    unowned let application: Application
    /// The on-screen keyboard, once made (see `Application.keyboard`).
    var systemKeyboard: SystemKeyboard?
    /// The input method's link to the text fields, once made.
    var madeInputMethodController: InputMethodController?
    /// Accessibility observer and focus engine, once made (Accessibility/, Focus/).
    var accessibilityCenter: AccessibilityCenter?

    init(application: Application) {
        self.application = application
    }

    func handleFocusKeys(_ presses: PressSet) -> Bool { application.handleFocusKeys(presses) }

    func encoderRotated(by steps: Int) { application.encoderRotated(by: steps) }

    func encoderPressed() { application.encoderPressed() }

    func commitWillDisplay() {
        guard let focus = accessibilityCenter?.focusEngineIfMade,
              focus.isActive || focus.behavior == .always || accessibilityCenter?.observer != nil else { return }
        focus.commitWillDisplay()
    }

    func firstResponderDidChange(_ responder: Responder?) { application.firstResponderDidChange(responder) }

    func hardwareKeyboardsDidChange() {
        systemKeyboard?.isHardwareKeyboardAttached = application.isHardwareKeyboardAttached
    }
}

extension Application {
    /// The toolkit's state of this application. The toolkit is linked whenever this code
    /// runs, so the core always finds it; failing that is a build defect, said plainly.
    var toolkitServices: ToolkitServices {
        guard let services = toolkit as? ToolkitServices else {
            preconditionFailure("the core did not find the toolkit by the name \(Application.toolkitTypeName); ToolkitSeamTests says why")
        }
        return services
    }

    /// The on-screen keyboard, once made (see `keyboard`).
    var systemKeyboard: SystemKeyboard? {
        get { toolkitServices.systemKeyboard }
        set { toolkitServices.systemKeyboard = newValue }
    }

    /// Accessibility observer and focus engine, once made.
    var accessibilityCenter: AccessibilityCenter? {
        get { toolkitServices.accessibilityCenter }
        set { toolkitServices.accessibilityCenter = newValue }
    }

    /// The input method's link to the text fields (see `inputMethod`, `InputMethodController`).
    public var inputMethodController: InputMethodController {
        let services = toolkitServices
        if let made = services.madeInputMethodController { return made }
        let made = InputMethodController()
        services.madeInputMethodController = made
        return made
    }
}

extension ViewController {
    /// The item a navigation bar shows for this controller (its title, back button title and
    /// bar button items). Made on first use.
    public var navigationItem: NavigationItem {
        get {
            if let item = navigationItemStorage as? NavigationItem { return item }
            let made = NavigationItem()
            navigationItemStorage = made
            return made
        }
        set { navigationItemStorage = newValue }
    }

    /// The item a tab bar shows for this controller. Made on first use, titled with `title`.
    public var tabBarItem: TabBarItem {
        get {
            if let item = tabBarItemStorage as? TabBarItem { return item }
            let made = TabBarItem(title: title ?? "", image: nil)
            tabBarItemStorage = made
            return made
        }
        set { tabBarItemStorage = newValue }
    }
}
