import Logging
import VitrineGraphics

/// Connects the app's input method (`Application.inputMethod`) to the focused text field: keys
/// go to the engine first, its preedit becomes the field's marked text (drawn underlined), its
/// commits are inserted through `TextInput.insertText`, and its candidates fill `candidateBar`.
///
/// One per application (`Application.inputMethodController`). The text views call it from their
/// key handling while editing; the on-screen keyboard calls `handle(_:in:)` with its own keys.
/// No UIKit counterpart (UIKit's input methods live outside the app).
///
/// - Ctrl-Space toggles `isEnabled` (ending any composition first) while an engine is set.
/// - Digits 1–9 choose a candidate of the current page while candidates show, for every engine.
/// - A key the engine does not consume goes on to the field, except while composing: then a key
///   with Ctrl or Alt, or one the engine has no name for, is swallowed, so the marked text and
///   the engine never disagree.
/// - When the field stops editing (focus moved, the field left its window, the app resigned it)
///   the composition is dropped: committed text stays, the preedit is removed from the field.
@MainActor
public final class InputMethodController {
    /// The engine, nil for none (keys go straight to the fields). Setting it ends any
    /// composition of the engine it replaces.
    public var inputMethod: (any InputMethod)? {
        didSet { if oldValue !== inputMethod { endComposition(engine: oldValue) } }
    }

    /// Whether keys go to the engine (Ctrl-Space toggles it). Turning it off ends the
    /// composition.
    public var isEnabled = true {
        didSet { if !isEnabled, oldValue { endComposition(engine: inputMethod) } }
    }

    /// Whether the engine is set and enabled: what a keyboard's language key shows.
    public var isActive: Bool { isEnabled && inputMethod != nil }

    /// The bar the candidates show in. Placed by the controller above the focused field unless
    /// `placesCandidateBar` is false (a keyboard hosting it).
    public let candidateBar = CandidateBar(frame: Rect(x: 0, y: 0, width: 320, height: CandidateBar.preferredHeight))

    /// Whether the controller adds `candidateBar` to the field's window, just above the field
    /// (below when there is no room above), as wide as the window; false when a host places it.
    public var placesCandidateBar = true

    /// The view receiving the composition, while one is under way.
    public private(set) weak var target: (any TextInput & View)?

    init() {
        Self.controllers.removeAll { $0.controller == nil }
        Self.controllers.append(WeakController(controller: self))
        candidateBar.isHidden = true
        candidateBar.autoresizingMask = [.flexibleWidth]
        candidateBar.onSelect = { [weak self] index in self?.chooseCandidate(at: index) }
    }

    /// Whether the engine is in the middle of a composition.
    public var isComposing: Bool { inputMethod?.state.isComposing ?? false }

    // MARK: Keys

    /// Offers a hardware key press to the input method for `view` (the editing first
    /// responder). Returns whether it was consumed; false sends it on to the view's own keys.
    public func handle(_ press: Press, in view: any TextInput & View) -> Bool {
        if press.modifiers.contains(.control), press.keyCode == Self.spaceKeyCode, inputMethod != nil {
            isEnabled.toggle()
            view.window?.application?.systemKeyboard?.inputMethodDidChange()
            return true
        }
        guard isActive, Self.takesInputMethod(view) else { return false }
        let composing = isComposing && target === view
        if press.modifiers.contains(.control) || press.modifiers.contains(.alternate) || press.modifiers.contains(.command) { return composing }
        guard let key = Self.key(for: press) else { return composing }
        return handle(key, in: view) || composing
    }

    /// Offers `key` to the input method for `view`; returns whether it was consumed. What the
    /// on-screen keyboard calls with its keys.
    @discardableResult
    public func handle(_ key: InputMethodKey, in view: any TextInput & View) -> Bool {
        guard isActive, let engine = inputMethod else { return false }
        if let target, target !== view { endComposition(engine: engine) }
        if case .character(let c) = key, let digit = c.wholeNumberValue, (1...9).contains(digit),
           engine.state.candidates.count >= digit {
            target = view
            _ = engine.selectCandidate(at: digit - 1)
            apply(engine, to: view)
            return true
        }
        let consumed = engine.process(key)
        if consumed || engine.state.isComposing { target = view }
        apply(engine, to: view)
        return consumed
    }

    /// Chooses candidate `index` of the current page (a tap on the bar).
    public func chooseCandidate(at index: Int) {
        guard let engine = inputMethod, let view = target else { return }
        _ = engine.selectCandidate(at: index)
        apply(engine, to: view)
    }

    /// The text view `view` stopped editing (called while it still edits, whether or not it
    /// is in a window any more): the composition for it ends, committed text stays, the preedit
    /// is dropped. Called by the text views; harmless for any other view.
    public static func viewDidEndEditing(_ view: AnyObject) {
        for box in controllers where box.controller?.target === view {
            box.controller?.endComposition(engine: box.controller?.inputMethod)
        }
    }

    /// Every live controller (one per application): a view leaving its window no longer knows
    /// its application, so the controller composing for it is found here.
    private static var controllers: [WeakController] = []
    private struct WeakController { weak var controller: InputMethodController? }

    // MARK: Applying the engine's output

    /// Inserts the engine's commit, shows its preedit as marked text and its candidates.
    private func apply(_ engine: any InputMethod, to view: any TextInput & View) {
        let commit = engine.takeCommit()
        let state = engine.state
        if let commit, !commit.isEmpty {
            if view.markedRange != nil { view.setMarkedText(nil, selectedRange: 0..<0) }
            view.insertText(commit)
        }
        if !state.preedit.isEmpty {
            let cursor = min(max(state.preeditCursor, 0), state.preedit.count)
            view.setMarkedText(state.preedit, selectedRange: cursor..<cursor)
        } else if view.markedRange != nil {
            view.setMarkedText(nil, selectedRange: 0..<0)
        }
        if !state.isComposing { target = nil }
        showCandidates(state, near: view)
    }

    private func showCandidates(_ state: InputMethodState, near view: View) {
        candidateBar.show(state.candidates, highlightedIndex: state.candidates.isEmpty ? nil : state.highlightedCandidate)
        candidateBar.isHidden = state.candidates.isEmpty
        guard placesCandidateBar else { return }
        guard !state.candidates.isEmpty, let window = view.window else {
            return  // hidden above; it stays in the window, so showing it again adds nothing
        }
        let field = view.convert(view.bounds, to: window)
        let height = CandidateBar.preferredHeight
        let y = field.minY - height >= window.bounds.minY ? field.minY - height : field.maxY
        if candidateBar.superview !== window || window.subviews.last !== candidateBar { window.addSubview(candidateBar) }
        candidateBar.frame = Rect(x: window.bounds.minX, y: y, width: window.bounds.width, height: height)
    }

    /// Drops `engine`'s composition: its preedit leaves the target (while it still edits: the
    /// views call `viewDidEndEditing` before they stop), the bar hides.
    private func endComposition(engine: (any InputMethod)?) {
        engine?.reset()
        if let target, target.markedRange != nil { target.setMarkedText(nil, selectedRange: 0..<0) }
        target = nil
        candidateBar.show([], highlightedIndex: nil)
        candidateBar.isHidden = true
    }

    // MARK: Keys to input-method keys

    static let spaceKeyCode = 57

    /// Secure fields and the number, decimal and phone pads bypass the input method (as UIKit).
    static func takesInputMethod(_ view: View) -> Bool {
        guard let field = view as? TextField else { return true }
        switch field.keyboardType {
        case .numberPad, .decimalPad, .phonePad: return false
        default: return !field.isSecureTextEntry
        }
    }

    /// The input-method key of a hardware press (Linux key codes), nil for one it has no name
    /// for (function keys, Tab, Home…) or a press without a printable character.
    static func key(for press: Press) -> InputMethodKey? {
        switch press.keyCode {
        case 14: return .backspace
        case 28, 96: return .return
        case 1: return .escape
        case spaceKeyCode: return .space
        case 105: return .left
        case 106: return .right
        case 103: return .up
        case 108: return .down
        case 104: return .pageUp
        case 109: return .pageDown
        default: break
        }
        let characters = press.characters
        guard characters.count == 1, let c = characters.first,
              c.unicodeScalars.allSatisfy({ $0.value >= 0x21 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) })
        else { return nil }
        return .character(c)
    }
}

extension Application {
    /// The app's input method (Chinese Pinyin from `VitrineRime`, say), nil for none: the text
    /// fields and text views send keys to it while it is set and enabled. A shortcut for
    /// `inputMethodController.inputMethod`.
    public var inputMethod: (any InputMethod)? {
        get { inputMethodController.inputMethod }
        set {
            inputMethodController.inputMethod = newValue
            systemKeyboard?.inputMethodDidChange()
        }
    }

    /// Whether the input method takes keys (Ctrl-Space toggles it); see `InputMethodController`.
    public var isInputMethodEnabled: Bool {
        get { inputMethodController.isEnabled }
        set {
            inputMethodController.isEnabled = newValue
            systemKeyboard?.inputMethodDidChange()
        }
    }
}
