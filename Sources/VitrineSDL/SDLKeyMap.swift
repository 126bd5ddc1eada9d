/// SDL's scancodes to Linux key codes (KEY_*, what libinput reports), for a key event that
/// came without its X key code (SDL made it up: the keys released when the window lost the
/// keyboard focus). SDL's scancodes 0…231 are the USB HID keyboard usages, mapped as the
/// Linux HID driver maps them; above those, SDL's media and application keys. Others are nil.
enum SDLKeyMap {
    /// The Linux key code of `scancode`, or nil when it has none.
    static func linuxCode(scancode: Int) -> Int? {
        if scancode >= 0, scancode < usages.count { return usages[scancode] == 0 ? nil : usages[scancode] }
        return sdlKeys[scancode]
    }

    /// Indexed by HID usage (SDL scancode); 0 means none.
    private static let usages: [Int] = {
        var table = [Int](repeating: 0, count: 232)
        func put(_ first: Int, _ codes: [Int]) {
            for (offset, code) in codes.enumerated() { table[first + offset] = code }
        }
        // a…z, in the alphabet's order, as KEY_A… (which follow the QWERTY rows).
        put(0x04, [30, 48, 46, 32, 18, 33, 34, 35, 23, 36, 37, 38, 50, 49, 24, 25, 16, 19, 31, 20, 22, 47, 17, 45, 21, 44])
        put(0x1E, [2, 3, 4, 5, 6, 7, 8, 9, 10, 11])                  // 1…9, 0
        // Return, Escape, Backspace, Tab, space, - = [ ] \ non-US # ; ' ` , . / Caps Lock
        put(0x28, [28, 1, 14, 15, 57, 12, 13, 26, 27, 43, 43, 39, 40, 41, 51, 52, 53, 58])
        put(0x3A, [59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 87, 88])  // F1…F12
        // Print Screen, Scroll Lock, Pause, Insert, Home, Page Up, Delete, End, Page Down,
        // Right, Left, Down, Up
        put(0x46, [99, 70, 119, 110, 102, 104, 111, 107, 109, 106, 105, 108, 103])
        // Num Lock, keypad / * - + Enter 1…9 0 .
        put(0x53, [69, 98, 55, 74, 78, 96, 79, 80, 81, 75, 76, 77, 71, 72, 73, 82, 83])
        // non-US \ (the 102nd key), Application (compose), Power, keypad =, F13…F24
        put(0x64, [86, 127, 116, 117, 183, 184, 185, 186, 187, 188, 189, 190, 191, 192, 193, 194])
        // Execute, Help, Menu, Select, Stop, Again, Undo, Cut, Copy, Paste, Find, Mute,
        // Volume Up, Volume Down
        put(0x74, [134, 138, 130, 132, 128, 129, 131, 137, 133, 135, 136, 113, 115, 114])
        table[0x85] = 121                                              // keypad ,
        put(0x87, [89, 93, 124, 92, 94, 95])                           // International 1…6
        put(0x90, [122, 123, 90, 91, 85])                              // Lang 1…5
        put(0xB6, [179, 180])                                          // keypad ( )
        // Left Ctrl, Shift, Alt, GUI; Right Ctrl, Shift, Alt, GUI
        put(0xE0, [29, 42, 56, 125, 97, 54, 100, 126])
        return table
    }()

    /// SDL's own scancodes beyond the HID range (SDL_SCANCODE_AUDIONEXT = 258 …).
    private static let sdlKeys: [Int: Int] = [
        258: 163, 259: 165, 260: 166, 261: 164, 262: 113, 263: 226,  // next, previous, stop, play, mute, media
        264: 150, 265: 155, 266: 140, 267: 157,                       // WWW, mail, calculator, computer
        268: 217, 269: 172, 270: 158, 271: 159, 272: 128, 273: 173, 274: 156, // search, home, back, forward, stop, refresh, bookmarks
        275: 224, 276: 225, 277: 227, 278: 228, 279: 229, 280: 230,  // brightness −/+, display switch, keyboard light
        281: 161, 282: 142, 283: 148, 284: 149, 285: 168, 286: 208,  // eject, sleep, app 1, 2, rewind, fast forward
    ]
}
