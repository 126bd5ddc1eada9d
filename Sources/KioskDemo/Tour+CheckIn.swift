import Vitrine
import VitrineGraphics

/// The tour's text entry: the check-in typed on the on-screen keyboard (a name in Latin and,
/// after the layout key, Cyrillic letters; an email on the email keyboard), and a room found by
/// its Chinese name typed in Pinyin.
///
/// Keys are tapped where the keyboard draws them (`SystemKeyboard.frameOfKey`), by a finger
/// through the same input path as every other tap. Shift is tapped only when the keyboard's
/// shift state is not already what the next letter needs, so the tour types the same text
/// whether or not the keyboard capitalises by itself.
extension KioskTour {
    /// The name and email the tour checks in with.
    static let guestLatinName = "Anna", guestCyrillicName = "Ким", guestEmail = "anna@example.com"

    func checkInWithTheKeyboard() {
        let keyboard = application.keyboard
        tap(kiosk.welcome.buttons[0])
        loop.advance(by: 0.3)   // the form arrives, then the keyboard slides up (0.25 s)
        let form = kiosk.welcome.presentedViewController as? CheckInController
        record("tap \"Check in\": the form slides up, the name field takes focus and the keyboard slides up under it",
               picture: "checkin",
               passed: form?.isVisible == true && form?.nameField.isEditing == true && keyboard.isVisible
               && keyboard.frameOfKey(.space).map { keyboard.shownFrame.contains($0) } == true && messages.contains("check-in form opened"))
        guard let form else { return }

        let missedLatin = typeOnKeyboard(Self.guestLatinName + " ")
        while keyboard.currentLayout != "ru", keyboard.layouts.contains("ru") { tapKey(.layoutSwitch) }
        let layout = keyboard.currentLayout
        let missedCyrillic = typeOnKeyboard(Self.guestCyrillicName)
        let name = Self.guestLatinName + " " + Self.guestCyrillicName
        record("type \"\(Self.guestLatinName) \" on the keyboard, switch it to \(layout), type \"\(Self.guestCyrillicName)\": the field holds \"\(form.nameField.text)\"",
               picture: "checkin-russian",
               passed: layout == "ru" && form.nameField.text == name && (missedLatin + missedCyrillic).isEmpty)

        tapKey(.returnKey)
        let emailFocused = form.emailField.isEditing && keyboard.isVisible && keyboard.currentLayout == "us"
        let missedEmail = typeOnKeyboard(Self.guestEmail)
        record("Return: the email field, the keyboard back to us by itself; type \(Self.guestEmail): \"\(form.emailField.text)\"",
               passed: emailFocused && form.emailField.text == Self.guestEmail && missedEmail.isEmpty
               && form.nameField.text == name)

        tap(form.confirmButton, settle: 0.6)
        let detail = kiosk.welcome.presentedViewController as? DetailController
        record("tap \"Check in\": the keyboard goes down and the detail screen greets \(name)", picture: "detail",
               passed: detail?.isVisible == true && detail?.guestName == name && !keyboard.isVisible
               && messages.contains("checked in: \(name) <\(Self.guestEmail)>"))
    }

    /// Types `text` by tapping the keys: letters and digits on the letters page (Shift tapped
    /// when its state is not the letter's case), other characters on the symbols page, where
    /// every key types one character; returns the characters no key typed.
    func typeOnKeyboard(_ text: String) -> String {
        let keyboard = application.keyboard
        var missed = ""
        for character in text {
            if character == " " { tapKey(.space); continue }
            let page: SystemKeyboard.Page = character.isLetter || character.isNumber ? .letters : .symbols
            if keyboard.page != page { tapKey(page == .letters ? .letters : .symbols) }
            guard keyboard.page == page, let frame = keyboard.frameOfKey(typing: String(character)) else {
                missed.append(character)
                continue
            }
            if page == .letters, (character.isLetter && character.isUppercase) != (keyboard.shiftState != .off) { tapKey(.shift) }
            tap(at: Point(x: frame.midX, y: frame.midY))
        }
        return missed
    }

    /// Taps the first key of `kind` on the page shown (nothing when there is none).
    func tapKey(_ kind: KeyboardKeyKind) {
        guard let frame = application.keyboard.frameOfKey(kind) else { return }
        tap(at: Point(x: frame.midX, y: frame.midY))
    }

    /// A quick tap at `point` (screen points), as a typist's finger.
    func tap(at point: Point) {
        input.down(0, at: point)
        input.frame()
        loop.advance(by: 0.05)
        input.up(0)
        input.frame()
        loop.advance(by: 0.1)
    }

    // MARK: Pinyin

    /// The Pinyin the tour types for 会议 (a meeting), and what it chooses.
    static let searchPinyin = "huiyi", searchWord = "会议"

    /// In the rooms list: the search field, "huiyi" typed on a hardware keyboard through the
    /// Pinyin engine, 会议 tapped in the candidate bar, then "Search" on the keyboard.
    func searchRoomsInPinyin(_ rooms: RoomsController) {
        tap(rooms.searchField)
        let controller = application.inputMethodController
        guard controller.inputMethod != nil else {
            // A machine without librime's schema: the demo runs on without Pinyin (launch said why).
            record("no Pinyin engine on this machine: the room search types Latin only",
                   passed: KioskTextEntry.pinyin(log: { _ in }) == nil && rooms.searchField.isEditing)
            tapKey(.returnKey)
            return
        }
        typeOnHardwareKeyboard(Self.searchPinyin)
        let bar = controller.candidateBar
        let composing = rooms.searchField.markedRange != nil && rooms.searchQuery.isEmpty
        let index = bar.candidates.firstIndex(of: Self.searchWord)
        record("the search field: \"\(Self.searchPinyin)\" typed is Pinyin; the bar offers \(bar.candidates.joined(separator: " "))",
               picture: "rooms-pinyin", passed: composing && index != nil && !bar.isHidden)
        guard let index, bar.cellRects.indices.contains(index) else { return }
        let cell = bar.cellRects[index]
        tap(at: bar.convert(Point(x: cell.midX, y: cell.midY), to: nil))
        let found = rooms.shown.flatMap(\.rooms)
        record("tap \(Self.searchWord): the list shows the \(found.count) meeting rooms (\(found.map(\.chineseName).joined(separator: " ")))",
               passed: rooms.searchField.text == Self.searchWord && rooms.searchField.markedRange == nil && bar.isHidden
               && found.count == 4 && found.allSatisfy { $0.chineseName.hasSuffix("会议室") })

        tapKey(.returnKey)
        loop.advance(by: 0.4)
        let names = rooms.tableView.visibleCells.compactMap(\.textLabel.text)
        record("\"Search\" on the keyboard: it goes down and the four rooms are seen", picture: "rooms-search",
               passed: !application.keyboard.isVisible && !rooms.searchField.isEditing && controller.inputMethod == nil
               && names.count == 4 && names.allSatisfy { $0.hasSuffix("会议室") })
    }

    /// Presses and releases the keys of `letters` (a–z) on a hardware keyboard (Linux key codes).
    func typeOnHardwareKeyboard(_ letters: String) {
        let codes: [Character: Int] = ["q": 16, "w": 17, "e": 18, "r": 19, "t": 20, "y": 21, "u": 22, "i": 23, "o": 24,
                                       "p": 25, "a": 30, "s": 31, "d": 32, "f": 33, "g": 34, "h": 35, "j": 36, "k": 37,
                                       "l": 38, "z": 44, "x": 45, "c": 46, "v": 47, "b": 48, "n": 49, "m": 50]
        for letter in letters {
            guard let code = codes[letter] else { continue }
            input.key(code, .pressed, characters: String(letter))
            loop.advance(by: 0.05)
            input.key(code, .released, characters: String(letter))
            loop.advance(by: 0.05)
        }
    }
}
