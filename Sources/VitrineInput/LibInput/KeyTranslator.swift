import CEvdev
import CXKBCommon
import Glibc
import Logging
import VitrineSeams

/// Turns Linux key codes into characters and modifiers with xkbcommon: one keymap and one
/// keyboard state for the whole seat (modifiers held on one keyboard apply to keys of
/// another, as in every Linux compositor).
///
/// Dead keys and compose sequences (´ then e → é) go through xkbcommon's compose tables
/// (libX11's, from libx11-data) for the locale of `LC_ALL`, `LC_CTYPE` or `LANG` (en_US.UTF-8
/// when none is set or its table is missing): a key that starts or continues a sequence
/// gives no characters, the key that completes it gives the composed text, a key that breaks
/// it gives nothing (as in X and Wayland). Without a table, keys are translated one by one.
///
/// When the keymap cannot be compiled (xkb-data missing, a layout that does not exist) it
/// logs one warning and carries on without characters, still tracking Shift, Ctrl, Alt,
/// Super and Caps Lock from the key codes so modifiers and VT switching keep working.
@MainActor
final class KeyTranslator {
    /// Whether an XKB keymap is in use (false: no characters, modifiers from key codes).
    let hasKeymap: Bool
    /// Why the keymap could not be compiled (empty when it was).
    let keymapProblem: String

    private var context: OpaquePointer?
    private var keymap: OpaquePointer?
    private var state: OpaquePointer?
    private var composeTable: OpaquePointer?
    private var composeState: OpaquePointer?
    /// Whether dead keys and compose sequences are available.
    var hasCompose: Bool { composeState != nil }
    private let messages: XKBMessages
    /// Modifier indices in the keymap: shift, control, alt (Mod1), super (Mod4), caps lock.
    private var modifierIndices: [(index: xkb_mod_index_t, modifier: KeyModifiers)] = []
    /// For characters; reused for every key (UTF-8 of one key is a few bytes).
    private let utf8 = UnsafeMutablePointer<CChar>.allocate(capacity: 64)
    /// Without a keymap: modifier keys held, and Caps Lock's toggle.
    private var fallbackModifiers: KeyModifiers = []
    private var heldFallbackKeys: [Int: KeyModifiers] = [:]

    /// Compiles the keymap `names` from the system's XKB data (/usr/share/X11/xkb). The
    /// XKB_DEFAULT_* environment variables are ignored: the board profile says.
    init(names: KeymapNames, logger: Logger) {
        messages = XKBMessages()
        context = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES)
        if let context {
            xkb_context_set_user_data(context, Unmanaged.passUnretained(messages).toOpaque())
            xkb_context_set_log_level(context, XKB_LOG_LEVEL_ERROR)
            xkb_context_set_log_fn(context) { context, _, format, arguments in
                guard let context, let format, let arguments, let data = xkb_context_get_user_data(context) else { return }
                var buffer = [CChar](repeating: 0, count: 512)
                _ = vsnprintf(&buffer, buffer.count, format, arguments)
                let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                let messages = Unmanaged<XKBMessages>.fromOpaque(data).takeUnretainedValue()
                messages.append(line.trimmingTrailingNewlines())
            }
            keymap = names.rules.withCString { rules in
                names.model.withCString { model in
                    names.layout.withCString { layout in
                        names.variant.withCString { variant in
                            names.options.withCString { options in
                                var rmlvo = xkb_rule_names(rules: rules, model: model, layout: layout,
                                                           variant: variant, options: options)
                                return xkb_keymap_new_from_names(context, &rmlvo, XKB_KEYMAP_COMPILE_NO_FLAGS)
                            }
                        }
                    }
                }
            }
        }
        if let keymap { state = xkb_state_new(keymap) }
        hasKeymap = state != nil
        if let context, hasKeymap {
            composeTable = Self.composeTable(context)
            if let composeTable { composeState = xkb_compose_state_new(composeTable, XKB_COMPOSE_STATE_NO_FLAGS) }
            if composeTable == nil {
                logger.info("no compose table for the locale: dead keys and compose sequences give no characters — install libx11-data (apt-get install libx11-data)")
            }
        }
        if let keymap, state != nil {
            keymapProblem = ""
            let named: [(String, KeyModifiers)] = [("Shift", .shift), ("Control", .control), ("Mod1", .alternate),
                                                   ("Mod4", .command), ("Lock", .alphaShift)]
            for (name, modifier) in named {
                let index = xkb_keymap_mod_get_index(keymap, name)
                if index != XKB_MOD_INVALID { modifierIndices.append((index, modifier)) }
            }
        } else {
            let detail = messages.lines.first.map { ": \($0)" } ?? ""
            keymapProblem = context == nil ? "xkbcommon could not create a context" : "cannot compile the XKB keymap \(names)\(detail)"
            logger.warning("\(keymapProblem) — keys are delivered without characters; install xkb-data (apt-get install xkb-data) or fix the keymap in the board profile ([input.keymap])")
        }
    }

    /// The compose table of the environment's locale, or of en_US.UTF-8.
    private static func composeTable(_ context: OpaquePointer) -> OpaquePointer? {
        var locales: [String] = []
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty {
                locales.append(value)
                break
            }
        }
        locales.append("en_US.UTF-8")
        for locale in locales {
            if let table = xkb_compose_table_new_from_locale(context, locale, XKB_COMPOSE_COMPILE_NO_FLAGS) {
                return table
            }
        }
        return nil
    }

    isolated deinit {
        if let composeState { xkb_compose_state_unref(composeState) }
        if let composeTable { xkb_compose_table_unref(composeTable) }
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        if let context { xkb_context_unref(context) }
        utf8.deallocate()
    }

    /// The characters of key `code` (a Linux KEY_* code) under the modifiers held before it,
    /// and the modifiers in effect after it (a Shift press reports `.shift`), updating the
    /// keyboard state.
    func translate(code: Int, isPressed: Bool) -> (characters: String, modifiers: KeyModifiers) {
        guard let state else { return ("", fallbackUpdate(code: code, isPressed: isPressed)) }
        // XKB numbers keys as the X server did: the evdev code plus 8.
        let keycode = xkb_keycode_t(truncatingIfNeeded: code + 8)
        var characters = ""
        if isPressed, let composeState,
           xkb_compose_state_feed(composeState, xkb_state_key_get_one_sym(state, keycode)) == XKB_COMPOSE_FEED_ACCEPTED {
            switch xkb_compose_state_get_status(composeState) {
            case XKB_COMPOSE_COMPOSED:
                let length = Int(xkb_compose_state_get_utf8(composeState, utf8, 64))
                characters = length > 0 && length < 64 ? String(cString: utf8) : ""
                xkb_compose_state_reset(composeState)
            case XKB_COMPOSE_CANCELLED:
                xkb_compose_state_reset(composeState)
            case XKB_COMPOSE_NOTHING:
                characters = keyCharacters(state, keycode)
            default: break // composing: the key is part of a sequence
            }
        } else {
            characters = keyCharacters(state, keycode)
        }
        _ = xkb_state_update_key(state, keycode, isPressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        var modifiers: KeyModifiers = []
        for (index, modifier) in modifierIndices
        where xkb_state_mod_index_is_active(state, index, XKB_STATE_MODS_EFFECTIVE) > 0 {
            modifiers.insert(modifier)
        }
        return (characters, modifiers)
    }

    private func keyCharacters(_ state: OpaquePointer, _ keycode: xkb_keycode_t) -> String {
        let length = Int(xkb_state_key_get_utf8(state, keycode, utf8, 64))
        return length > 0 && length < 64 ? String(cString: utf8) : ""
    }

    /// Forgets every key held (a new state from the keymap), for when the devices were
    /// released (suspend) and keys went up unseen.
    func reset() {
        if let keymap {
            if let state { xkb_state_unref(state) }
            state = xkb_state_new(keymap)
        }
        if let composeState { xkb_compose_state_reset(composeState) }
        heldFallbackKeys.removeAll()
        fallbackModifiers.subtract([.shift, .control, .alternate, .command])
    }

    private func fallbackUpdate(code: Int, isPressed: Bool) -> KeyModifiers {
        let modifier: KeyModifiers
        switch Int32(code) {
        case KEY_LEFTSHIFT, KEY_RIGHTSHIFT: modifier = .shift
        case KEY_LEFTCTRL, KEY_RIGHTCTRL: modifier = .control
        case KEY_LEFTALT, KEY_RIGHTALT: modifier = .alternate
        case KEY_LEFTMETA, KEY_RIGHTMETA: modifier = .command
        case KEY_CAPSLOCK:
            if isPressed { fallbackModifiers.formSymmetricDifference(.alphaShift) }
            return fallbackModifiers
        default: return fallbackModifiers
        }
        if isPressed { heldFallbackKeys[code] = modifier } else { heldFallbackKeys[code] = nil }
        fallbackModifiers.subtract([.shift, .control, .alternate, .command])
        for held in heldFallbackKeys.values { fallbackModifiers.formUnion(held) }
        return fallbackModifiers
    }
}

/// What xkbcommon logged while compiling, so the one warning can say why.
private final class XKBMessages: @unchecked Sendable {
    // xkbcommon calls the log function synchronously on the thread that called it (the main
    // actor's); nothing else touches it.
    private(set) var lines: [String] = []
    func append(_ line: String) { if lines.count < 8 { lines.append(line) } }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var text = Substring(self)
        while text.last == "\n" || text.last == "\r" { text = text.dropLast() }
        return String(text)
    }
}
