import CEvdev
import VitrineInput

/// The keys a scanner set up for a US keyboard presses for each character (letters, digits,
/// `-`, `.`, `/`, space): its key code and whether Shift is held around it.
enum USKeys {
    static func stroke(_ character: Character) -> (code: Int32, shifted: Bool)? {
        let rows: [(String, Int32)] = [("1234567890", Int32(KEY_1)), ("qwertyuiop", Int32(KEY_Q)),
                                       ("asdfghjkl", Int32(KEY_A)), ("zxcvbnm", Int32(KEY_Z))]
        let others: [Character: Int32] = ["-": Int32(KEY_MINUS), ".": Int32(KEY_DOT), "/": Int32(KEY_SLASH),
                                          " ": Int32(KEY_SPACE)]
        if let code = others[character] { return (code, false) }
        let lower = Character(character.lowercased())
        for (row, first) in rows {
            if let offset = row.firstIndex(of: lower).map({ row.distance(from: row.startIndex, to: $0) }) {
                return (first + Int32(offset), character.isUppercase)
            }
        }
        return nil
    }
}

extension ScriptedKeyboard {
    /// Types `text` as a scanner set up for a US keyboard does (Shift around each capital),
    /// then Return when `returns` (`KEY_KPENTER` when `keypadEnter`), each event 1 ms after the
    /// last. Returns how many entries the key reader queues for it.
    @discardableResult
    func scan(_ text: String, returns: Bool = true, keypadEnter: Bool = false) -> Int {
        var queued = 0
        for character in text {
            guard let stroke = USKeys.stroke(character) else { preconditionFailure("no US key for \(character)") }
            if stroke.shifted { key(Int32(KEY_LEFTSHIFT), 1) }
            tap(stroke.code)
            if stroke.shifted { key(Int32(KEY_LEFTSHIFT), 0) }
            queued += stroke.shifted ? 4 : 2
        }
        if returns {
            tap(Int32(keypadEnter ? KEY_KPENTER : KEY_ENTER))
            queued += 2
        }
        return queued
    }
}
