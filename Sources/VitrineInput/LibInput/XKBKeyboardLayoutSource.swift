import CXKBCommon
import VitrineSeams

/// The on-screen keyboard's characters from xkeyboard-config through xkbcommon: for a layout
/// name ("us", "fr", "de", "ru"…), the keymap is compiled (rules evdev, model pc105) and each
/// key position's keysyms at shift levels 1 and 2 are turned into characters. Layouts are
/// compiled once and kept.
@MainActor
public final class XKBKeyboardLayoutSource: KeyboardLayoutSource {
    private var cache: [String: KeyboardLayoutCharacters] = [:]

    /// A source reading the system's XKB data (/usr/share/X11/xkb; Debian's xkb-data).
    public init() {}

    /// The characters of `name`'s keys, or `KeyboardLayoutError.unknownLayout` when XKB cannot
    /// compile that layout.
    public func characters(forLayout name: String) throws -> KeyboardLayoutCharacters {
        if let known = cache[name] { return known }
        guard let context = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES) else { throw KeyboardLayoutError.unknownLayout(name) }
        defer { xkb_context_unref(context) }
        xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL)
        let keymap = "evdev".withCString { rules in
            "pc105".withCString { model in
                name.withCString { layout in
                    "".withCString { empty in
                        var names = xkb_rule_names(rules: rules, model: model, layout: layout, variant: empty, options: empty)
                        return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
                    }
                }
            }
        }
        guard let keymap, !name.isEmpty else {
            if let keymap { xkb_keymap_unref(keymap) }
            throw KeyboardLayoutError.unknownLayout(name)
        }
        defer { xkb_keymap_unref(keymap) }
        func character(_ code: Int, level: UInt32) -> String {
            var syms: UnsafePointer<xkb_keysym_t>?
            let count = xkb_keymap_key_get_syms_by_level(keymap, xkb_keycode_t(code + 8), 0, level, &syms)
            guard count == 1, let syms else { return "" }
            let value = xkb_keysym_to_utf32(syms[0])
            guard value >= 0x20, value != 0x7F, let scalar = Unicode.Scalar(value) else { return "" }
            return String(Character(scalar))
        }
        let rows = KeyboardRowPositions.all.map { row in
            row.map { code in KeyCharacters(base: character(code, level: 0), shifted: character(code, level: 1)) }
        }
        let result = KeyboardLayoutCharacters(name: name, rows: rows)
        cache[name] = result
        return result
    }
}
