/// The characters one key of a layout types: `base` at level 1, `shifted` at level 2 (with
/// Shift or Caps Lock). Either may be empty when the layout gives the key no character there.
public struct KeyCharacters: Sendable, Hashable {
    /// Level 1: the key alone.
    public var base: String
    /// Level 2: with Shift.
    public var shifted: String

    /// A key typing `base`, and `shifted` with Shift.
    public init(base: String, shifted: String) {
        self.base = base
        self.shifted = shifted
    }
}

/// The positions of the main block's keys, by XKB's key names: row E holds the digits
/// (AE01…AE10 = KEY_1…KEY_0), rows D, C and B the letters (AD01…AD12 = KEY_Q…KEY_RIGHTBRACE,
/// AC01…AC11 = KEY_A…KEY_APOSTROPHE, AB01…AB10 = KEY_Z…KEY_SLASH). Each row is given as the
/// Linux key codes (linux/input-event-codes.h) of its keys, left to right.
public enum KeyboardRowPositions {
    /// AE01…AE10: the digit row.
    public static let digits = Array(2...11)
    /// AD01…AD12.
    public static let top = Array(16...27)
    /// AC01…AC11.
    public static let middle = Array(30...40)
    /// AB01…AB10.
    public static let bottom = Array(44...53)
    /// The four rows, top to bottom.
    public static let all = [digits, top, middle, bottom]
}

/// One layout's characters for the on-screen keyboard: for each of `KeyboardRowPositions.all`,
/// the characters of each key position, left to right.
public struct KeyboardLayoutCharacters: Sendable, Hashable {
    /// The layout's name as asked for ("us", "fr", "ru").
    public var name: String
    /// Four rows (digits, top, middle, bottom), each as long as its row of positions.
    public var rows: [[KeyCharacters]]

    /// A layout named `name` with `rows` of characters.
    public init(name: String, rows: [[KeyCharacters]]) {
        self.name = name
        self.rows = rows
    }

    /// The letter keys of letter row `index` (0 = top, 1 = middle, 2 = bottom): the positions
    /// whose base character is a letter, as a phone keyboard shows them (us: q…p, a…l, z…m;
    /// fr: a…p, q…m ù, w…n; ru: й…ъ, ф…э, я…ю).
    public func letters(row index: Int) -> [KeyCharacters] {
        guard rows.indices.contains(index + 1) else { return [] }
        return rows[index + 1].filter { key in key.base.count == 1 && key.base.first?.isLetter == true }
    }

    /// US English (QWERTY), built in: what the keyboard shows with no layout source.
    public static let us: KeyboardLayoutCharacters = {
        func row(_ base: String, _ shifted: String) -> [KeyCharacters] {
            zip(base, shifted).map { KeyCharacters(base: String($0), shifted: String($1)) }
        }
        return KeyboardLayoutCharacters(name: "us", rows: [
            row("1234567890", "!@#$%^&*()"), row("qwertyuiop[]", "QWERTYUIOP{}"),
            row("asdfghjkl;'", "ASDFGHJKL:\""), row("zxcvbnm,./", "ZXCVBNM<>?"),
        ])
    }()
}

/// Why a layout could not be had.
public enum KeyboardLayoutError: Error, Equatable, CustomStringConvertible {
    /// No layout of that name (XKB could not compile it).
    case unknownLayout(String)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .unknownLayout(let name):
            return "keyboard layout \"\(name)\" is unknown: use an XKB layout name from /usr/share/X11/xkb/rules/evdev.lst (us, fr, de, ru…) and install xkb-data"
        }
    }
}

/// Where the on-screen keyboard gets the characters of a layout's keys (the key geometry is
/// Vitrine's). `VitrineInput.XKBKeyboardLayoutSource` reads any layout of xkeyboard-config
/// through xkbcommon; `BuiltinKeyboardLayoutSource` knows only "us".
@MainActor
public protocol KeyboardLayoutSource: AnyObject {
    /// The characters of layout `name`'s keys at `KeyboardRowPositions.all`, levels 1 and 2.
    /// Throws `KeyboardLayoutError.unknownLayout` for a name it cannot make.
    func characters(forLayout name: String) throws -> KeyboardLayoutCharacters
}

/// The layout source with no device library: only "us".
@MainActor
public final class BuiltinKeyboardLayoutSource: KeyboardLayoutSource {
    /// A source of the built-in US layout.
    public init() {}

    /// "us", else `KeyboardLayoutError.unknownLayout`.
    public func characters(forLayout name: String) throws -> KeyboardLayoutCharacters {
        guard name == "us" else { throw KeyboardLayoutError.unknownLayout(name) }
        return .us
    }
}
