import VitrineGraphics

/// The kiosk's screen reader (VoiceOver's behaviour, on the `SpeechSynthesizer` seam): it speaks
/// the focused element, announcements and new screens, and, while it is installed, turns touch
/// into exploration (ScreenReader+Touches.swift).
///
/// What an element says: its label and value (in the element's `resolvedAccessibilityLanguage`,
/// else in the app's language when the app has translations and the words are in that
/// language's script, else by the text's script), then its traits as words ("button",
/// "heading", "adjustable", "selected"… translated and said in the app's language), then, after
/// a pause of `hintDelay` seconds, its hint.
/// Every focus change stops what is being said at once (`stopSpeaking()`), so the old element's
/// words never trail the new one's; announcements queue after what is being said.
///
/// Install it with `install()` (it becomes `Application.accessibilityObserver` and
/// `Application.touchInterceptor`) and remove it with `uninstall()`; the board does both as the
/// profile's `[accessibility] speech` and the headphone jack say. Costs nothing when not
/// installed: nothing calls it.
@MainActor
public final class ScreenReader: AccessibilityObserver {
    /// Where the words go.
    public let synthesizer: any SpeechSynthesizer
    /// The application read.
    public unowned let application: Application
    /// Seconds of silence before a hint (VoiceOver waits about that long).
    public var hintDelay = 0.6
    /// The element last spoken: what a double tap activates and swipes move from (VoiceOver's
    /// cursor). Weak: an element that goes away is forgotten.
    public internal(set) weak var cursor: View?

    /// Touch exploration's state (ScreenReader+Touches.swift).
    var exploration = TouchExploration()

    /// A reader speaking through `synthesizer` for `application`; call `install()` to start.
    public init(synthesizer: any SpeechSynthesizer, application: Application) {
        self.synthesizer = synthesizer
        self.application = application
        exploration.taken.reserveCapacity(16)
        exploration.passed.reserveCapacity(16)
    }

    /// Whether the reader is the application's observer and touch interceptor.
    public var isInstalled: Bool { application.accessibilityObserver === self }

    /// Becomes the application's accessibility observer and touch interceptor, and says the
    /// screen's first element — once the first frame is on the screen (at once if it is).
    public func install() {
        application.accessibilityObserver = self
        application.touchInterceptor = self
        application.whenFirstFrameIsOnScreen { [weak self] in
            guard let self, self.isInstalled, self.cursor == nil, let first = self.keyWindowElements().first else { return }
            self.move(to: first)
        }
    }

    /// Stops speaking and gives up both roles (fingers it had taken are forgotten; the app
    /// never saw them).
    public func uninstall() {
        synthesizer.stopSpeaking()
        exploration.reset(cancelling: true)
        if application.accessibilityObserver === self { application.accessibilityObserver = nil }
        if application.touchInterceptor === self { application.touchInterceptor = nil }
    }

    // MARK: What an element says

    /// The words for the traits of an element, in the order spoken (VoiceOver's terms, in the
    /// app's language: `ToolkitStrings`).
    public static func traitWords(_ traits: AccessibilityTraits) -> [String] {
        var words: [String] = []
        if traits.contains(.selected) { words.append(ToolkitStrings.string("selected")) }
        if traits.contains(.toggleButton) { words.append(ToolkitStrings.string("switch button")) }
        else if traits.contains(.button) { words.append(ToolkitStrings.string("button")) }
        if traits.contains(.link) { words.append(ToolkitStrings.string("link")) }
        if traits.contains(.header) { words.append(ToolkitStrings.string("heading")) }
        if traits.contains(.searchField) { words.append(ToolkitStrings.string("search field")) }
        if traits.contains(.image) { words.append(ToolkitStrings.string("image")) }
        if traits.contains(.keyboardKey) { words.append(ToolkitStrings.string("key")) }
        if traits.contains(.adjustable) { words.append(ToolkitStrings.string("adjustable")) }
        if traits.contains(.tabBar) { words.append(ToolkitStrings.string("tab bar")) }
        if traits.contains(.notEnabled) { words.append(ToolkitStrings.string("dimmed")) }
        return words
    }

    /// The utterances for `element`: label and value, trait words, the hint after `hintDelay`.
    public func utterances(for element: View) -> [SpeechUtterance] {
        var result: [SpeechUtterance] = []
        let words = [element.accessibilityLabel, element.accessibilityValue]
            .compactMap { $0?.trimmingWhiteSpace() }
            .filter { !$0.isEmpty }
            .joined(separator: ", ")
        if !words.isEmpty { result.append(SpeechUtterance(words, language: language(of: words, in: element))) }
        let traits = Self.traitWords(element.accessibilityTraits).joined(separator: ", ")
        if !traits.isEmpty { result.append(SpeechUtterance(traits, language: appLanguage)) }
        if let hint = element.accessibilityHint, !hint.isEmpty {
            result.append(SpeechUtterance(hint, language: language(of: hint, in: element), preUtteranceDelay: hintDelay))
        }
        return result
    }

    /// The app's language when it has translations (its `localizer`'s strings name a language
    /// besides the source one), else nil: an app that was never translated is read by script
    /// and the profile's voice, as before it had a language.
    var appLanguage: String? {
        let localizer = application.localizer
        return localizer.bundle.languages.count > 1 ? localizer.language : nil
    }

    /// The language `text` of `element` is said in: the element's own
    /// (`resolvedAccessibilityLanguage`), else the app's when the text is written in its script
    /// (German words in a German app; a Russian name in it is still read by its script), else
    /// nil, for the synthesizer to choose by script.
    func language(of text: String, in element: View) -> String? {
        language(of: text, given: element.resolvedAccessibilityLanguage)
    }

    /// The language `text` is said in: `given`, else as `language(of:in:)` says.
    func language(of text: String, given: String?) -> String? {
        if let given { return given }
        guard let app = appLanguage, TextScript.dominant(in: text) == TextScript.of(language: app) else { return nil }
        return app
    }

    /// Stops what is being said and says `element`, which becomes the cursor.
    public func move(to element: View) {
        synthesizer.stopSpeaking()
        cursor = element
        for utterance in utterances(for: element) { synthesizer.speak(utterance) }
    }

    // MARK: AccessibilityObserver

    /// Says the newly focused element (interrupting), or stops speaking when focus left.
    public func accessibilityFocusDidChange(to element: View?) {
        guard let element else {
            synthesizer.stopSpeaking()
            return
        }
        move(to: element)
    }

    /// Queues `text` after what is being said.
    public func accessibilityAnnouncement(_ text: String, language: String?) {
        synthesizer.speak(SpeechUtterance(text, language: self.language(of: text, given: language)))
    }

    /// Says `element`, or the new screen's first element — unless the focus change that came
    /// with the new screen has just said it.
    public func accessibilityScreenDidChange(focusing element: View?) {
        guard let target = element ?? keyWindowElements().first, target !== cursor else { return }
        move(to: target)
    }

    /// Says `element` when one is given; otherwise the cursor stays.
    public func accessibilityLayoutDidChange(focusing element: View?) {
        if let element { move(to: element) }
    }

    /// Says the new value (interrupting the previous one).
    public func accessibilityValueDidChange(of element: View) {
        synthesizer.stopSpeaking()
        cursor = element
        if let value = element.accessibilityValue, !value.isEmpty {
            synthesizer.speak(SpeechUtterance(value, language: language(of: value, in: element)))
        }
    }

    // MARK: Moving the cursor

    /// The key window's elements in reading order (empty without a window).
    func keyWindowElements() -> [View] {
        application.touchTargetWindow()?.accessibilityElementsInReadingOrder() ?? []
    }

    /// Moves the cursor to the next (`forward`) or previous element in reading order and says
    /// it; at either end it stays and says nothing. Returns whether it moved.
    @discardableResult
    public func moveCursor(forward: Bool) -> Bool {
        let elements = keyWindowElements()
        guard !elements.isEmpty else { return false }
        let target: View
        if let cursor, let index = elements.firstIndex(where: { $0 === cursor }) {
            let next = index + (forward ? 1 : -1)
            guard elements.indices.contains(next) else { return false }
            target = elements[next]
        } else {
            target = forward ? elements[0] : elements[elements.count - 1]
        }
        move(to: target)
        return true
    }

    /// Activates the cursor's element (a double tap): `accessibilityActivate()`, else — a view
    /// with no action of its own — a tap at the centre of its frame, delivered to the app as a
    /// real touch would be (UIKit's activation point). Returns whether there was an element.
    @discardableResult
    public func activateCursor(timestamp: Double) -> Bool {
        guard let cursor, cursor.window != nil || cursor is AccessibilityElement else { return false }
        synthesizer.stopSpeaking()
        if cursor.accessibilityActivate() { return true }
        let frame = cursor.accessibilityFrame
        tap(at: Point(x: frame.midX, y: frame.midY), timestamp: timestamp)
        return true
    }

    /// A tap of the reader's own finger, through the app's touch path (not intercepted).
    func tap(at point: Point, timestamp: Double) {
        let finger = TouchIdentifier(device: ScreenReader.device, slot: 0)
        application.touchDown(finger, at: point, majorRadius: 0, timestamp: timestamp)
        application.deliverTouchFrame(timestamp: timestamp)
        application.touchEnded(finger, phase: .ended, timestamp: timestamp)
        application.deliverTouchFrame(timestamp: timestamp)
    }

    /// The input device number of the reader's activation taps.
    public static let device = -20
}
