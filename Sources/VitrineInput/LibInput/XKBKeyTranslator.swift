import Logging
import VitrineSeams

/// The key pipeline of `LibInputSource` for other sources of Linux key codes (the desktop
/// window, which reads the X server's key codes): Linux KEY_* codes turned into characters and
/// modifiers through xkbcommon with a board profile's keymap, its compose table and its
/// fallback without a keymap — exactly as libinput's keys are (see `LibInputSource`).
///
/// One instance is one keyboard state: modifiers and dead keys carry from one key to the next.
@MainActor
public final class XKBKeyTranslator {
    private let translator: KeyTranslator

    /// Compiles the keymap `keymap` (RMLVO) from the system's XKB data. When it cannot be
    /// compiled it logs one warning saying what to install or fix, and keys then come without
    /// characters (modifiers are still tracked).
    public init(keymap: KeymapNames, logger: Logger = Logger(label: "vitrine.keys")) {
        translator = KeyTranslator(names: keymap, logger: logger)
    }

    /// Whether the keymap was compiled (false: keys give no characters).
    public var hasKeymap: Bool { translator.hasKeymap }

    /// The characters of key `code` (a Linux KEY_* code, the X key code less 8) under the
    /// modifiers held before it, and the modifiers in effect after it (a Shift press reports
    /// `.shift`); updates the keyboard state. A key that starts or continues a compose
    /// sequence gives no characters; the one that completes it gives the composed text.
    public func translate(code: Int, isPressed: Bool) -> (characters: String, modifiers: KeyModifiers) {
        translator.translate(code: code, isPressed: isPressed)
    }

    /// Forgets every key held (keys went up unseen: the window lost the keyboard focus).
    public func reset() { translator.reset() }
}
