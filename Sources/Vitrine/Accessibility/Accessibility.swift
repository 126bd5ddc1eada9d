import VitrineGraphics

/// What assistive technology is told besides focus moves (UIKit's `UIAccessibility`).
@MainActor
public enum Accessibility {
    /// A change to tell assistive technology about (UIKit's `UIAccessibility.Notification`).
    public enum Notification: Sendable, Hashable {
        /// A new screen appeared (a push, a pop, a presented alert). Argument: the element to
        /// move to (a `View`), or a `String` to speak, or nil for the screen's first element.
        /// The focus engine tells the observer itself of pushes, pops and presentations; an
        /// element given here also gets keyboard focus while focus is on.
        case screenChanged
        /// Part of the screen changed (an element appeared or went). Argument: as
        /// `screenChanged`; nil keeps the focused element when it is still there.
        case layoutChanged
        /// Speak a message (argument: the `String`), without moving focus ("Card accepted").
        case announcement
        /// A scroll view scrolled by a page; argument: a `String` saying where ("page 2 of 5").
        case pageScrolled
    }

    /// Tells the application's `accessibilityObserver` (the screen reader) of `notification`
    /// with `argument` (see each case). Does nothing, and costs nothing, without an observer or
    /// an application; an argument of another type is ignored (logged).
    public static func post(notification: Notification, argument: Any? = nil) {
        guard let application = Application.currentIfAny else { return }
        application.post(accessibilityNotification: notification, argument: argument)
    }
}

/// Where the runtime tells assistive technology (the screen reader) what happens; set one as
/// `Application.accessibilityObserver`. Nil (the default): nothing is reported and nothing is
/// computed for it. Every call is on the main actor, during event handling or a commit:
/// keep it quick (queue speech; do not synthesize here).
@MainActor
public protocol AccessibilityObserver: AnyObject {
    /// The focused element changed (a focus key, the encoder, a screen change, an app call):
    /// `element` is the new one (nil: none). Speak its label, value, traits and hint.
    func accessibilityFocusDidChange(to element: View?)
    /// `Accessibility.post(notification: .announcement, argument: text)`, or a page scrolled:
    /// speak `text` (in `language`, a BCP-47 tag, when known) without moving focus.
    func accessibilityAnnouncement(_ text: String, language: String?)
    /// A new screen appeared: `element` is where focus goes (nil: the first element).
    func accessibilityScreenDidChange(focusing element: View?)
    /// Part of the screen changed: `element` is where focus goes (nil: it stays).
    func accessibilityLayoutDidChange(focusing element: View?)
    /// An adjustable element's value changed by increment or decrement: speak the new value.
    func accessibilityValueDidChange(of element: View)
}

extension AccessibilityObserver {
    /// Default: nothing.
    public func accessibilityLayoutDidChange(focusing element: View?) {}
    /// Default: nothing.
    public func accessibilityValueDidChange(of element: View) {}
}

extension Application {
    /// The screen reader, or another listener to focus changes and announcements (see
    /// `AccessibilityObserver`), kept alive by the application. Nil by default: nothing is reported.
    public var accessibilityObserver: (any AccessibilityObserver)? {
        get { accessibilityCenter?.observer }
        set {
            if newValue == nil && accessibilityCenter == nil { return }
            accessibilityCenterMade.observer = newValue
            // The focus engine tells the observer of new screens, focus on or off.
            if newValue != nil { _ = focusEngine }
        }
    }

    /// The center, made on first use.
    var accessibilityCenterMade: AccessibilityCenter {
        if let accessibilityCenter { return accessibilityCenter }
        let made = AccessibilityCenter(application: self)
        accessibilityCenter = made
        return made
    }

    func post(accessibilityNotification notification: Accessibility.Notification, argument: Any?) {
        // A screen or layout change naming an element moves keyboard focus there too, when focus is on.
        if notification == .screenChanged || notification == .layoutChanged, let element = argument as? View,
           isFocusActive {
            moveFocus(to: element)
        }
        guard let observer = accessibilityCenter?.observer else { return }
        switch notification {
        case .announcement, .pageScrolled:
            guard let text = argument as? String else {
                logger.warning("accessibility \(notification): the argument must be a String; ignored")
                return
            }
            observer.accessibilityAnnouncement(text, language: nil)
        case .screenChanged, .layoutChanged:
            if let text = argument as? String {
                observer.accessibilityAnnouncement(text, language: nil)
            }
            let element = argument as? View
            if notification == .screenChanged {
                observer.accessibilityScreenDidChange(focusing: element)
            } else {
                observer.accessibilityLayoutDidChange(focusing: element)
            }
        }
    }
}

/// The application's accessibility and focus state, made on first use (one optional
/// reference on `Application`): the observer and the focus engine.
@MainActor
final class AccessibilityCenter {
    unowned let application: Application
    var observer: (any AccessibilityObserver)?
    /// The focus engine, made when focus is first used.
    var madeFocusEngine: FocusEngine?
    var focusEngine: FocusEngine {
        if let madeFocusEngine { return madeFocusEngine }
        let made = FocusEngine(application: application)
        madeFocusEngine = made
        return made
    }

    init(application: Application) {
        self.application = application
    }
}
