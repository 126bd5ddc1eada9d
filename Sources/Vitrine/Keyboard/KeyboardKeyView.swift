import VitrineGraphics

/// What a key of the on-screen keyboard does.
public enum KeyboardKeyKind: Sendable, Hashable {
    /// Types its characters (level 1, or level 2 with Shift or Caps Lock).
    case character
    /// Shift (a double tap: caps lock); Backspace (repeats while held).
    case shift, backspace
    /// The next of `SystemKeyboard.layouts`; the symbols page; back to the letters.
    case layoutSwitch, symbols, letters
    /// Space; Return (a text field's `returnKeyType` labels it).
    case space, returnKey
    /// An empty place (the number pad's corner).
    case blank
}

/// One key: a rounded cap with its label, highlighted while a finger is on it. Made when a
/// page is built and reused for every press (a press changes only its background: the key's
/// own pixels are all a press repaints of it).
@MainActor
final class KeyboardKeyView: View {
    let kind: KeyboardKeyKind
    var characters: KeyCharacters
    /// The key's width in units of its row.
    let units: Double
    let label = Label()
    /// Where the key takes touches in the keyboard view's space: the full row height, to the
    /// middle of the gap on either side (set by layout).
    var touchArea = Rect.zero

    static let keyColor = Color(white: 1)
    static let functionColor = Color(white: 0.68)
    static let pressedColor = Color(white: 0.55)

    init(kind: KeyboardKeyKind, characters: KeyCharacters = KeyCharacters(base: "", shifted: ""), units: Double = 1, title: String = "") {
        self.kind = kind
        self.characters = characters
        self.units = units
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        cornerRadius = 5
        backgroundColor = kind == .blank ? nil : (kind == .character || kind == .space ? Self.keyColor : Self.functionColor)
        label.textAlignment = .center
        label.font = .system(size: kind == .character ? 22 : 16)
        label.textColor = .black
        label.text = kind == .character ? characters.base : title
        label.isUserInteractionEnabled = false
        addSubview(label)
    }

    /// Whether a finger is on the key.
    var isHighlighted = false {
        didSet {
            guard isHighlighted != oldValue, kind != .blank else { return }
            backgroundColor = isHighlighted ? Self.pressedColor
                : (kind == .character || kind == .space ? Self.keyColor : Self.functionColor)
        }
    }

    /// The text the key types now.
    func text(shifted: Bool) -> String { shifted ? characters.shifted : characters.base }

    /// Shows level 2 (`shifted`) or level 1.
    func showLevel(shifted: Bool) {
        guard kind == .character else { return }
        let text = self.text(shifted: shifted)
        if label.text != text { label.text = text }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds
    }
}

/// The letters a long press offers for a base letter (lower case; upper case is derived).
enum KeyboardAlternates {
    static let table: [Character: [String]] = [
        "a": ["à", "á", "â", "ä", "æ", "ã", "å", "ā"], "c": ["ç", "ć", "č"],
        "e": ["é", "è", "ê", "ë", "ē", "ė", "ę"], "i": ["î", "ï", "í", "ī", "ì"],
        "l": ["ł"], "n": ["ñ", "ń"], "o": ["ô", "ö", "ò", "ó", "œ", "ø", "ō", "õ"],
        "s": ["ß", "ś", "š"], "u": ["û", "ü", "ù", "ú", "ū"], "y": ["ÿ"], "z": ["ž", "ź", "ż"],
        "е": ["ё"], "ь": ["ъ"],
    ]

    /// The alternates of `text` (a single letter), in its case; empty when it has none.
    static func alternates(for text: String) -> [String] {
        guard text.count == 1, let first = text.first else { return [] }
        let lower = Character(first.lowercased())
        guard let list = table[lower] else { return [] }
        return first.isUppercase ? list.map { $0.uppercased() } : list
    }
}

/// Which keys a page shows, row by row.
@MainActor
enum KeyboardPages {
    /// The letter page of `layout`: digits, three letter rows (the bottom one between Shift and
    /// Backspace), then the layout switch, symbols, space and return; for `.emailAddress` "@"
    /// and "." beside a shorter space, for `.URL` ".", "/" and ".com" in place of space (as iOS).
    static func letters(_ layout: KeyboardLayoutCharacters, type: KeyboardType = .default, returnTitle: String,
                        showsLayoutSwitch: Bool) -> [[KeyboardKeyView]] {
        let digits = (layout.rows.first ?? []).map { KeyboardKeyView(kind: .character, characters: $0) }
        var rows = [digits]
        for index in 0..<3 { rows.append(layout.letters(row: index).map { KeyboardKeyView(kind: .character, characters: $0) }) }
        rows[3].insert(KeyboardKeyView(kind: .shift, units: 1.5, title: "⇧"), at: 0)
        rows[3].append(KeyboardKeyView(kind: .backspace, units: 1.5, title: "⌫"))
        let first = showsLayoutSwitch ? KeyboardKeyView(kind: .layoutSwitch, units: 1.5, title: layout.name) : nil
        let toggle = KeyboardKeyView(kind: .symbols, units: 1.5, title: "123")
        switch type {
        case .emailAddress:
            // 10 units: [layout 1.5] 123 1.5, space 3 (4.5), @ 1, . 1, return 2.
            rows.append([first, toggle, KeyboardKeyView(kind: .space, units: first == nil ? 4.5 : 3, title: ToolkitStrings.string("space")),
                         literal("@"), literal("."), KeyboardKeyView(kind: .returnKey, units: 2, title: returnTitle)].compactMap { $0 })
        case .URL:
            // 10 units, no space: [layout 1.5] 123 1.5, . and / 1.25 (1.5), .com 2.5 (3.5), return 2.
            let narrow = first == nil ? 1.5 : 1.25
            rows.append([first, toggle, literal(".", units: narrow), literal("/", units: narrow),
                         literal(".com", units: first == nil ? 3.5 : 2.5),
                         KeyboardKeyView(kind: .returnKey, units: 2, title: returnTitle)].compactMap { $0 })
        default:
            rows.append(bottomRow(first: first, toggle: toggle, returnTitle: returnTitle))
        }
        return rows
    }

    /// A key typing `text` at both levels.
    private static func literal(_ text: String, units: Double = 1) -> KeyboardKeyView {
        KeyboardKeyView(kind: .character, characters: KeyCharacters(base: text, shifted: text), units: units)
    }

    /// The symbols page.
    static func symbols(returnTitle: String) -> [[KeyboardKeyView]] {
        var rows = ["1234567890", "-/:;()$&@\"", "[]{}#%^*+=", "_\\|~<>.,?!'"].map(characterRow)
        rows[3].append(KeyboardKeyView(kind: .backspace, units: 1.5, title: "⌫"))
        rows.append(bottomRow(first: nil, toggle: KeyboardKeyView(kind: .letters, units: 1.5, title: "ABC"), returnTitle: returnTitle))
        return rows
    }

    /// The pads of `KeyboardType.numberPad`, `.decimalPad` and `.phonePad`; nil for the others.
    static func pad(for type: KeyboardType) -> [[KeyboardKeyView]]? {
        let corner: KeyboardKeyView
        switch type {
        case .numberPad: corner = KeyboardKeyView(kind: .blank)
        case .decimalPad: corner = KeyboardKeyView(kind: .character, characters: KeyCharacters(base: ".", shifted: "."))
        case .phonePad:
            var rows = ["123", "456", "789", "*0#"].map(characterRow)
            rows.append([KeyboardKeyView(kind: .character, characters: KeyCharacters(base: "+", shifted: "+")),
                         KeyboardKeyView(kind: .space, title: ToolkitStrings.string("space")), KeyboardKeyView(kind: .backspace, title: "⌫")])
            return rows
        default: return nil
        }
        var rows = ["123", "456", "789"].map(characterRow)
        rows.append([corner, KeyboardKeyView(kind: .character, characters: KeyCharacters(base: "0", shifted: "0")),
                     KeyboardKeyView(kind: .backspace, title: "⌫")])
        return rows
    }

    private static func characterRow(_ text: String) -> [KeyboardKeyView] {
        text.map { KeyboardKeyView(kind: .character, characters: KeyCharacters(base: String($0), shifted: String($0))) }
    }

    private static func bottomRow(first: KeyboardKeyView?, toggle: KeyboardKeyView, returnTitle: String) -> [KeyboardKeyView] {
        var row = [KeyboardKeyView]()
        if let first { row.append(first) }
        row.append(toggle)
        row.append(KeyboardKeyView(kind: .space, units: first == nil ? 6.5 : 5, title: ToolkitStrings.string("space")))
        row.append(KeyboardKeyView(kind: .returnKey, units: 2, title: returnTitle))
        return row
    }

    /// The return key's title for `type`, in the app's language (`ToolkitStrings`).
    static func returnTitle(_ type: ReturnKeyType) -> String {
        ToolkitStrings.string(englishReturnTitle(type))
    }

    private static func englishReturnTitle(_ type: ReturnKeyType) -> String {
        switch type {
        case .default: return "return"
        case .go: return "Go"
        case .next: return "Next"
        case .search: return "Search"
        case .send: return "Send"
        case .done: return "Done"
        case .join: return "Join"
        }
    }
}
