/// SDL's scancodes (USB HID usage IDs) to Linux key codes (KEY_*, what libinput reports), for
/// the keys a kiosk app meets: letters, digits, punctuation, editing and arrow keys, function
/// keys and modifiers. Others are dropped.
enum SDLKeyMap {
    /// The Linux key code of `scancode`, or nil when it is not in the table.
    static func linuxCode(scancode: Int) -> Int? {
        guard table.indices.contains(scancode), table[scancode] != 0 else { return nil }
        return table[scancode]
    }

    /// Indexed by scancode; 0 means none.
    private static let table: [Int] = {
        var table = [Int](repeating: 0, count: 232)
        // a…z (HID 4…29), in the layout order of the Linux codes.
        let letters = [30, 48, 46, 32, 18, 33, 34, 35, 23, 36, 37, 38, 50, 49, 24, 25, 16, 19, 31, 20, 22, 47, 17, 45, 21, 44]
        for (index, code) in letters.enumerated() { table[4 + index] = code }
        for index in 0..<10 { table[30 + index] = 2 + index }            // 1…9, 0 → KEY_1…KEY_0
        let others: [(Int, Int)] = [
            (40, 28), (41, 1), (42, 14), (43, 15), (44, 57), (45, 12), (46, 13), (47, 26), (48, 27),
            (49, 43), (51, 39), (52, 40), (53, 41), (54, 51), (55, 52), (56, 53), (57, 58),
            (68, 87), (69, 88), (73, 110), (74, 102), (75, 104), (76, 111), (77, 107), (78, 109),
            (79, 106), (80, 105), (81, 108), (82, 103),
            (224, 29), (225, 42), (226, 56), (227, 125), (228, 97), (229, 54), (230, 100), (231, 126),
        ]
        for (scancode, code) in others { table[scancode] = code }
        for index in 0..<10 { table[58 + index] = 59 + index }            // F1…F10
        return table
    }()
}
