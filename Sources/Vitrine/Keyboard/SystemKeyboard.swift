import Logging
import VitrineGraphics

/// When the on-screen keyboard shows for a text field or text view that becomes first responder.
public enum OnScreenKeyboardPolicy: String, Sendable, Hashable, CaseIterable {
    /// Only while no hardware keyboard is attached (`SystemKeyboard.isHardwareKeyboardAttached`).
    case auto
    /// Always, even with a hardware keyboard.
    case always
    /// Never: typing only from a hardware keyboard.
    case never
}

/// What the keyboard tells observers (UIKit's `keyboardWillShowNotification` and its
/// `userInfo`: `keyboardFrameBeginUserInfoKey`, `…EndUserInfoKey`, `…AnimationDurationUserInfoKey`).
public struct KeyboardNotification: Sendable, Hashable {
    /// Which moment.
    public enum Kind: Sendable, Hashable { case willShow, didShow, willHide, didHide }
    /// Which moment this is.
    public var kind: Kind
    /// The keyboard's frame before the change, in screen points (off the screen's bottom when hidden).
    public var frameBegin: Rect
    /// The keyboard's frame after the change, in screen points.
    public var frameEnd: Rect
    /// How long the slide takes, in seconds (ease in-out).
    public var animationDuration: Double
}

/// A registration made by `SystemKeyboard.addObserver(_:)`; `cancel()` (or letting go of the
/// last reference) ends it.
@MainActor
public final class KeyboardObservation {
    weak var keyboard: SystemKeyboard?
    let id: Int
    init(keyboard: SystemKeyboard, id: Int) { self.keyboard = keyboard; self.id = id }
    /// Stops the notifications.
    public func cancel() { keyboard?.observers.removeAll { $0.id == id } }
    isolated deinit { cancel() }
}

/// The system's on-screen keyboard (UIKit's keyboard, which apps never own). It lives in an
/// overlay window drawn above the app's windows, slides up when a `KeyInput` view (`TextField`,
/// `TextView`) becomes first responder and down when it resigns, and types through `KeyInput`
/// (`insertText`, `deleteBackward`), so an input method can sit between later. One per
/// application: `Application.keyboard`.
///
/// Observers are a list of closures on the keyboard rather than a notification centre: the
/// keyboard is the only sender, and a typed `KeyboardNotification` needs no user-info keys.
@MainActor
public final class SystemKeyboard {
    /// The shift level: off, for the next character, or locked (caps lock, a double tap).
    public enum ShiftState: Sendable, Hashable { case off, once, locked }
    /// Which page of keys.
    public enum Page: Sendable, Hashable { case letters, symbols }

    weak var application: Application?
    let window: KeyboardWindow
    private(set) var view: KeyboardView!
    var observers: [(id: Int, body: @MainActor (KeyboardNotification) -> Void)] = []
    private var nextObserverID = 0
    /// The view typed into while the keyboard is up.
    private(set) weak var target: (any KeyInput)?
    /// Whether the keyboard hosts the input method's candidate bar above its keys (the focused
    /// view takes the app's active input method).
    private(set) var hostsCandidateBar = false
    /// Whether the keyboard is up or about to show (focus wants it).
    var isVisibleOrShowing: Bool { isVisible || target != nil }
    func setHostsCandidateBar(_ hosts: Bool) { hostsCandidateBar = hosts }
    private var focusTimer: LoopTimer?
    private var builtFor: (type: KeyboardType, page: Page, layout: String, returnTitle: String, language: String)?
    private var insetAdjustment: (view: ScrollView, amount: Double)?
    private let logger = Logger(label: "vitrine.keyboard")

    /// When the keyboard shows (default `.auto`).
    public var policy = OnScreenKeyboardPolicy.auto { didSet { focusDidChange() } }
    /// Whether a hardware keyboard is attached: set by the input backend's reports
    /// (`InputEvent.keyboardAttached`, then the device's removal); an app may set it too, and
    /// the next attach or removal overrides it.
    public var isHardwareKeyboardAttached = false { didSet { if isHardwareKeyboardAttached != oldValue { focusDidChange() } } }
    /// Where the characters of each layout's keys come from (default: the built-in "us";
    /// `VitrineInput.XKBKeyboardLayoutSource` gives every XKB layout).
    public var layoutSource: any KeyboardLayoutSource = BuiltinKeyboardLayoutSource() { didSet { builtFor = nil; rebuild() } }
    /// The layouts the layout-switch key cycles through, by XKB name (default ["us"]).
    public var layouts = ["us"] { didSet { currentLayoutIndex = 0; builtFor = nil; rebuild() } }
    /// Whether a change of the app's language (`Application.localizer`) shows that language's
    /// layout (`layout(forLanguage:)`, default true): selected in `layouts` when it is there,
    /// else put first in `layouts`, the others staying a tap of the layout key away. False: the
    /// layouts stay as the app or the profile set them.
    public var followsLanguage = true
    /// The app's own choice of layout per language (BCP 47 language → XKB layout name), looked
    /// up before `defaultLanguageLayouts`: ["fr-CA": "ca"], say.
    public var languageLayouts: [String: String] = [:]
    /// The XKB layout a language is typed with when the app says nothing else: the layouts of
    /// the languages Vitrine ships examples in, and their neighbours.
    public static let defaultLanguageLayouts: [String: String] = [
        "en": "us", "en-GB": "gb", "fr": "fr", "fr-CA": "ca", "de": "de", "de-CH": "ch",
        "es": "es", "it": "it", "pt": "pt", "pt-BR": "br", "sv": "se", "da": "dk", "nb": "no",
        "fi": "fi", "pl": "pl", "cs": "cz", "tr": "tr", "el": "gr", "ru": "ru", "uk": "ua",
        "ar": "ara", "he": "il", "fa": "ir",
    ]

    /// The XKB layout for `language` (a BCP 47 tag): `languageLayouts`, then
    /// `defaultLanguageLayouts`, each tried with the whole tag, then with its language and
    /// region ("fr-CA-x" → "fr-CA"), then with the language alone. Nil for a language typed
    /// through an input method on a Latin layout (Chinese) or unknown.
    public func layout(forLanguage language: String) -> String? {
        let subtags = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        var candidates = [subtags.joined(separator: "-")]
        if subtags.count > 2, subtags[1].count == 2 { candidates.append(subtags[0] + "-" + subtags[1].uppercased()) }
        if subtags.count > 1 { candidates.append(subtags[0]) }
        for candidate in candidates {
            if let layout = languageLayouts[candidate] ?? Self.defaultLanguageLayouts[candidate] { return layout }
        }
        return nil
    }

    /// The language whose layout was last followed. It starts as English, the language every
    /// app starts in, so that an app which never sets a language keeps its layouts as set.
    private var followedLanguage = "en"

    /// Shows the app's language's layout when it changed since the last time and
    /// `followsLanguage` (see there). Setting `layouts` here rebuilds the keys at once.
    private func followLanguageIfNeeded() {
        guard followsLanguage, let language = application?.localizer.language, language != followedLanguage else { return }
        followedLanguage = language
        guard let layout = layout(forLanguage: language) else { return }
        if let index = layouts.firstIndex(of: layout) {
            if index != currentLayoutIndex { currentLayoutIndex = index; page = .letters }
        } else {
            layouts.insert(layout, at: 0)
        }
    }

    /// The index in `layouts` of the layout shown.
    public private(set) var currentLayoutIndex = 0
    /// The layout shown.
    public var currentLayout: String { layouts.indices.contains(currentLayoutIndex) ? layouts[currentLayoutIndex] : "us" }
    /// The page of keys shown.
    public private(set) var page = Page.letters
    /// Shift and caps lock.
    public internal(set) var shiftState = ShiftState.off { didSet { if shiftState != oldValue { view.updateLevels() } } }
    /// Whether the keyboard is up (or sliding up).
    public private(set) var isVisible = false
    /// Seconds the slide takes.
    public var animationDuration = 0.25
    /// The clock of the application.
    let clock: any TimeSource

    init(application: Application) {
        self.application = application
        clock = application.clock
        isHardwareKeyboardAttached = application.isHardwareKeyboardAttached
        window = KeyboardWindow(frame: application.screen.bounds)
        view = KeyboardView(keyboard: self)
        window.keyboardView = view
        window.addSubview(view)
        window.isHidden = true
        window.application = application
    }

    /// The keyboard's frame when shown, in screen points: the width of the screen, five rows of
    /// keys whose height follows the screen (taller rows on a landscape screen), and the input
    /// method's candidate bar above them while the focused view takes one.
    public var shownFrame: Rect {
        let screen = window.bounds
        let portrait = screen.height > screen.width
        let rowHeight = min(max(screen.height * (portrait ? 0.065 : 0.1), 36), 70)
        let height = rowHeight * 5 + (hostsCandidateBar ? CandidateBar.preferredHeight : 0)
        return Rect(x: 0, y: screen.height - height, width: screen.width, height: height)
    }

    /// The frame of the key that types `text` on the page shown, in screen points: a key
    /// typing it at the level shown now, else one typing it at the other level; nil when no
    /// key does. For tests and tours that tap keys.
    public func frameOfKey(typing text: String) -> Rect? {
        for row in view.rows { for key in row where key.kind == .character && key.text(shifted: view.isShifted(key)) == text {
            return view.convert(key.frame, to: nil)
        } }
        for row in view.rows { for key in row where key.kind == .character && (key.characters.base == text || key.characters.shifted == text) {
            return view.convert(key.frame, to: nil)
        } }
        return nil
    }

    /// The frame of the first key of `kind` on the page shown, in screen points.
    public func frameOfKey(_ kind: KeyboardKeyKind) -> Rect? {
        for row in view.rows { for key in row where key.kind == kind { return view.convert(key.frame, to: nil) } }
        return nil
    }

    /// Calls `body` with every will/did show/hide until the observation is cancelled or released.
    public func addObserver(_ body: @escaping @MainActor (KeyboardNotification) -> Void) -> KeyboardObservation {
        nextObserverID += 1
        observers.append((nextObserverID, body))
        return KeyboardObservation(keyboard: self, id: nextObserverID)
    }

    // MARK: Focus

    /// The first responder changed somewhere: decide on the next turn (focus moving from one
    /// field to another passes through "none" and must not slide the keyboard down and up).
    func focusDidChange() {
        guard let application else { return }
        // Showing is decided at once; hiding on the next turn, when focus may have landed again.
        if wantsKeyboard(for: application.keyWindow?.currentFirstResponder) || !isVisible {
            focusTimer?.invalidate()
            updateForFocus()
            return
        }
        if let focusTimer { focusTimer.rearm(at: application.clock.now); return }
        let timer = LoopTimer(fireDate: application.clock.now) { [weak self] _ in self?.updateForFocus() }
        timer.schedule(on: application.mainLoop)
        focusTimer = timer
    }

    private func wantsKeyboard(for responder: Responder?) -> Bool {
        responder is any KeyInput && (policy == .always || (policy == .auto && !isHardwareKeyboardAttached))
    }

    private func updateForFocus() {
        let responder = application?.keyWindow?.currentFirstResponder
        let input = responder as? any KeyInput
        let wanted = wantsKeyboard(for: responder)
        target = wanted ? input : nil
        if wanted {
            updateCandidateBarHosting()
            rebuild()
            updateAutomaticShift()
            show()
            keepFocusedViewVisible()
        } else if isVisible {
            hide()
        }
    }

    // MARK: Keys

    /// Builds the page for the focused view's keyboard type, return key and the current layout.
    func rebuild() {
        followLanguageIfNeeded()
        let host = target as? any TextEditingHost
        let type = host?.keyboardType ?? .default
        let returnTitle = KeyboardPages.returnTitle((target as? TextField)?.returnKeyType ?? .default)
        let language = application?.localizer.language ?? ""
        if let built = builtFor, built.type == type, built.page == page, built.layout == currentLayout,
           built.returnTitle == returnTitle, built.language == language { return }
        builtFor = (type, page, currentLayout, returnTitle, language)
        if let pad = KeyboardPages.pad(for: type) { view.setRows(pad, isPad: true); return }
        if page == .symbols { view.setRows(KeyboardPages.symbols(returnTitle: returnTitle)); return }
        var characters = KeyboardLayoutCharacters.us
        do { characters = try layoutSource.characters(forLayout: currentLayout) } catch {
            logger.warning("\(error): showing us instead")
        }
        layoutHasCase = (0..<3).contains { row in characters.letters(row: row).contains { $0.base.uppercased() != $0.base } }
        view.setRows(KeyboardPages.letters(characters, type: type, returnTitle: returnTitle, showsLayoutSwitch: layouts.count > 1))
        updateAutomaticShift()
    }

    /// Shows `page`.
    func showPage(_ page: Page) {
        self.page = page
        rebuild()
        updateAutomaticShift()
    }

    /// Moves to the next of `layouts`.
    public func switchToNextLayout() {
        guard !layouts.isEmpty else { return }
        currentLayoutIndex = (currentLayoutIndex + 1) % layouts.count
        page = .letters
        rebuild()
    }

    /// Types `text` (a key's characters, " " for space): through the input method while the
    /// focused view takes one and it consumes the key, else into the view. Shift then follows
    /// the view's autocapitalization.
    func type(_ text: String) {
        // The key's level was read already: one-letter Shift ends before the text changes, so
        // the automatic Shift the change brings (after ". ") stays.
        if shiftState == .once { shiftState = .off }
        if !sendToInputMethod(text == " " ? .space : (text.count == 1 ? text.first.map(InputMethodKey.character) : nil)) {
            target?.insertText(text)
        }
        updateAutomaticShift()
    }

    func deleteBackward() {
        if !sendToInputMethod(.backspace) { target?.deleteBackward() }
        updateAutomaticShift()
    }

    func returnKey() {
        // While composing, Return commits the letters as typed (the engine's rule).
        if inputMethodIsComposing, sendToInputMethod(.return) { updateAutomaticShift(); return }
        if let field = target as? TextField { field.returnPressed(); return }
        target?.insertText("\n")
        updateAutomaticShift()
    }

    /// Latches Shift for one letter where the focused view's `autocapitalizationType` wants a
    /// capital (the start of a sentence or a word, every letter), as iOS's keyboard does, and
    /// lets it go elsewhere; caps lock, a composition or an active input method leave it alone.
    func updateAutomaticShift() {
        guard shiftState != .locked, page == .letters, target is any TextEditingHost else { return }
        shiftState = automaticShiftWanted ? .once : .off
    }

    /// Whether the letters shown have capitals: Arabic and Hebrew have none, and their
    /// shifted level holds other letters, which autocapitalization must not bring up.
    private var layoutHasCase = true

    /// Whether the focused view's autocapitalization wants a capital at the caret (never while
    /// an input method is on or composing, nor on a layout without capitals).
    private var automaticShiftWanted: Bool {
        guard layoutHasCase, !hostsCandidateBar, let host = target as? any TextEditingHost, host.buffer.markedRange == nil else { return false }
        return host.capitalizesLetter(at: host.buffer.selection.lowerBound)
    }

    /// Whether the Shift for one letter is the automatic one (the digit row keeps its digits).
    var isAutomaticShift: Bool { shiftState == .once && automaticShiftWanted }

    // MARK: Showing and hiding

    private func show() {
        let end = shownFrame
        let begin = Rect(x: end.minX, y: window.bounds.height, width: end.width, height: end.height)
        guard !isVisible else {
            if view.frame != end { resize(to: end) }
            return
        }
        isVisible = true
        window.isHidden = false
        view.frame = begin
        post(.willShow, begin, end)
        View.animate(withDuration: animationDuration, options: [.curveEaseInOut], animations: { self.view.frame = end }) { [weak self] _ in
            guard let self, self.isVisible else { return }
            self.post(.didShow, begin, end)
        }
    }

    private func hide() {
        let begin = view.frame
        let end = Rect(x: begin.minX, y: window.bounds.height, width: begin.width, height: begin.height)
        isVisible = false
        shiftState = .off
        restoreInset()
        post(.willHide, begin, end)
        View.animate(withDuration: animationDuration, options: [.curveEaseInOut], animations: { self.view.frame = end }) { [weak self] _ in
            guard let self, !self.isVisible else { return }
            self.window.isHidden = true
            // The candidate bar slides down with the keys, then goes back to the controller.
            self.updateCandidateBarHosting()
            self.post(.didHide, begin, end)
        }
    }

    /// The keyboard, up, changes height (the candidate bar comes or goes): it slides to `end`
    /// and says so again with will/did show, as iOS does when its keyboard's height changes.
    func resize(to end: Rect) {
        let begin = view.frame
        post(.willShow, begin, end)
        View.animate(withDuration: animationDuration, options: [.curveEaseInOut], animations: { self.view.frame = end }) { [weak self] _ in
            guard let self, self.isVisible else { return }
            self.post(.didShow, begin, end)
        }
    }

    private func post(_ kind: KeyboardNotification.Kind, _ begin: Rect, _ end: Rect) {
        // Keyboard layout guides slide with the keys (Core's seam: the keyboard lives here).
        if kind == .willShow || kind == .willHide {
            application?.onScreenKeyboardWillMove(to: kind == .willShow ? end : nil, duration: animationDuration)
        }
        let note = KeyboardNotification(kind: kind, frameBegin: begin, frameEnd: end, animationDuration: animationDuration)
        for observer in observers { observer.body(note) }
    }

    /// The screen turned: the keyboard takes the new screen's width and row height.
    func screenDidResize() {
        if isVisible {
            view.frame = shownFrame
            application?.onScreenKeyboardWillMove(to: shownFrame, duration: 0)
        }
    }

    // MARK: Scroll views

    /// The nearest scroll view around the focused view gets the keyboard's overlap as extra
    /// bottom inset and scrolls the view into sight.
    func keepFocusedViewVisible() {
        guard let focused = target as? View else { return }
        var ancestor = focused.superview
        while let current = ancestor, !(current is ScrollView) { ancestor = current.superview }
        guard let scroll = ancestor as? ScrollView else { return }
        let inScreen = scroll.convert(scroll.bounds, to: nil)
        let overlap = max(inScreen.maxY - shownFrame.minY, 0)
        if let adjustment = insetAdjustment, adjustment.view !== scroll { restoreInset() }
        let previous = insetAdjustment?.amount ?? 0
        var inset = scroll.contentInset
        inset.bottom += overlap - previous
        scroll.contentInset = inset
        insetAdjustment = (scroll, overlap)
        // The area still seen is the scroll view's minus the overlap (`scrollRectToVisible` knows
        // nothing of the keyboard): scroll just enough that the view's bottom sits above it.
        let rect = focused.convert(focused.bounds, to: scroll)
        let visibleBottom = scroll.bounds.minY + scroll.bounds.height - overlap - 8
        let offset = scroll.contentOffset
        if rect.maxY > visibleBottom {
            let limit = scroll.contentSize.height + scroll.contentInset.bottom - scroll.bounds.height
            let y = min(offset.y + rect.maxY - visibleBottom, max(limit, offset.y), rect.minY - 8)
            scroll.setContentOffset(Point(x: offset.x, y: y), animated: true)
        } else if rect.minY < scroll.bounds.minY {
            scroll.scrollRectToVisible(rect, animated: true)
        }
    }

    private func restoreInset() {
        guard let (scroll, amount) = insetAdjustment else { return }
        var inset = scroll.contentInset
        inset.bottom -= amount
        scroll.contentInset = inset
        insetAdjustment = nil
    }
}

/// The overlay window the keyboard draws in: full-screen and transparent, it takes only the
/// touches that land on the keyboard.
@MainActor
final class KeyboardWindow: Window {
    weak var keyboardView: KeyboardView?

    override func hitTest(_ point: Point, with event: Event?) -> View? {
        guard !isHidden, let keyboardView, keyboardView.frame.contains(point) else { return nil }
        // The hosted candidate bar takes its own taps; the keys are the keyboard view's.
        if let bar = keyboardView.hostedCandidateBar, !bar.isHidden,
           bar.frame.contains(keyboardView.convert(point, from: self)) { return bar }
        return keyboardView
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        keyboardView?.keyboard.screenDidResize()
    }

    override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        // The keys' words ("space", the return key) and, when it follows, the layout.
        if previousTraitCollection?.language != traitCollection.language { keyboardView?.keyboard.rebuild() }
    }
}

extension Application {
    /// The on-screen keyboard (made when first asked for, or when a view first takes focus).
    public var keyboard: SystemKeyboard {
        if let made = systemKeyboard { return made }
        let made = SystemKeyboard(application: self)
        systemKeyboard = made
        attachOverlay(made.window)
        return made
    }

    /// When the on-screen keyboard shows (`SystemKeyboard.policy`).
    public var onScreenKeyboard: OnScreenKeyboardPolicy {
        get { keyboard.policy }
        set { keyboard.policy = newValue }
    }

    /// A window's first responder changed: the keyboard decides whether to show (made only
    /// when a `KeyInput` view takes focus).
    func firstResponderDidChange(_ responder: Responder?) {
        if let systemKeyboard { systemKeyboard.focusDidChange() } else if responder is any KeyInput { keyboard.focusDidChange() }
    }

}
