import Testing
@testable import KioskDemo
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineRime

/// A Pinyin stand-in: letters compose; "huiyi" offers 会议 and 回忆; a candidate commits.
@MainActor
final class FakePinyin: InputMethod {
    let name = "Fake Pinyin"
    var letters = ""
    var committed: String?
    var state: InputMethodState {
        InputMethodState(preedit: letters, preeditCursor: letters.count, candidates: letters == "huiyi" ? ["会议", "回忆"] : [])
    }
    func process(_ key: InputMethodKey) -> Bool {
        guard case .character(let c) = key, c.isLetter else { return !letters.isEmpty }
        letters.append(c)
        return true
    }
    func takeCommit() -> String? { defer { committed = nil }; return committed }
    func selectCandidate(at index: Int) -> Bool {
        guard state.candidates.indices.contains(index) else { return false }
        committed = state.candidates[index]
        letters = ""
        return true
    }
    func reset() { letters = ""; committed = nil }
}

/// The rooms list's search: the directory's matching, the field filtering the list, and the
/// input method set only while the search field edits.
@MainActor
@Suite struct RoomSearchTests {
    @Test func theDirectoryMatchesEnglishIgnoringCaseAndChinese() {
        let directory = RoomDirectory()
        let all = directory.matching("  ")
        #expect(all.map(\.floor) == [0, 1, 2, 3] && all.map(\.rooms) == directory.rooms)
        let meetings = directory.matching("会议")
        #expect(meetings.map(\.floor) == [0, 1, 2])
        #expect(meetings.flatMap(\.rooms).map(\.name) == ["Boardroom", "Granite", "Maple", "Quartz"])
        #expect(directory.matching("OAK").flatMap(\.rooms).map(\.name) == ["Oak"])
        #expect(directory.matching("图书").flatMap(\.rooms).map(\.name) == ["Library"])
        #expect(directory.matching("nowhere").isEmpty)
    }

    /// Letters typed on a hardware keyboard (their Linux key codes).
    func press(_ shown: ShownScreen, _ letters: String) {
        let codes: [Character: Int] = ["a": 30, "n": 49, "h": 35, "u": 22, "i": 23, "y": 21]
        for letter in letters {
            shown.platform.input.key(codes[letter] ?? 0, .pressed, characters: String(letter))
            shown.platform.manualMainLoop.runUntilIdle()
            shown.platform.input.key(codes[letter] ?? 0, .released, characters: String(letter))
            shown.platform.manualMainLoop.runUntilIdle()
        }
    }

    @Test func pinyinFiltersOnlyOnceACandidateIsChosenAndOnlyWhileTheSearchEdits() throws {
        let engine = FakePinyin()
        let rooms = RoomsController(log: { _ in }, inputMethod: engine)
        let shown = ShownScreen(rooms)
        let app = shown.app
        #expect(app.inputMethod == nil && rooms.shown.flatMap(\.rooms).count == 26)
        shown.tap(rooms.searchField)
        #expect(app.inputMethod === engine && app.keyboard.isVisible)
        press(shown, "huiyi")
        // The letters are marked text, not yet a search.
        #expect(rooms.searchField.markedRange != nil && rooms.searchQuery.isEmpty && rooms.shown.flatMap(\.rooms).count == 26)
        let bar = app.inputMethodController.candidateBar
        #expect(bar.candidates == ["会议", "回忆"] && !bar.isHidden)
        let cell = try #require(bar.cellRects.first)
        shown.tap(bar.convert(Point(x: cell.midX, y: cell.midY), to: nil))
        #expect(rooms.searchField.text == "会议" && rooms.searchQuery == "会议")
        #expect(rooms.shown.flatMap(\.rooms).map(\.chineseName) == ["董事会议室", "花岗岩会议室", "枫树会议室", "石英会议室"])
        #expect(rooms.tableView.numberOfSections == 3)
        shown.tapKey(.returnKey)
        shown.settle()
        #expect(!rooms.searchField.isEditing && !app.keyboard.isVisible && app.inputMethod == nil)
        #expect(rooms.tableView.visibleCells.count == 4)
    }

    @Test func leavingTheScreenWhileSearchingTakesTheInputMethodAway() {
        let engine = FakePinyin()
        let rooms = RoomsController(log: { _ in }, inputMethod: engine)
        let shown = ShownScreen(rooms)
        shown.tap(rooms.searchField)
        press(shown, "hui")
        #expect(shown.app.inputMethod === engine)
        rooms.view.removeFromSuperview()
        shown.settle()
        #expect(shown.app.inputMethod == nil && engine.letters.isEmpty)
        // A field elsewhere (the check-in's) types letters straight in.
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        field.autocapitalizationType = .none
        shown.window.addSubview(field)
        #expect(field.becomeFirstResponder())
        press(shown, "anna")
        #expect(field.text == "anna", "\(field.text)")
        #expect(field.markedRange == nil)
    }

    @Test func anInputMethodTheAppSetItselfIsLeftAlone() {
        let own = FakePinyin(), demo = FakePinyin()
        let rooms = RoomsController(log: { _ in }, inputMethod: demo)
        let shown = ShownScreen(rooms)
        shown.app.inputMethod = own
        shown.tap(rooms.searchField)
        shown.tapKey(.returnKey)
        #expect(shown.app.inputMethod === own)
    }

    @Test func aSecondFolderInTheSameProcessUsesTheRunningLibrime() throws {
        var log: [String] = []
        let first = try #require(KioskTextEntry.startPinyin(configuration: KioskTextEntry.pinyinConfiguration, log: { log.append($0) }))
        let other = RimeConfiguration(userDataDirectory: "/tmp/vitrine-demo-other-folder")
        let second = try #require(KioskTextEntry.startPinyin(configuration: other, log: { log.append($0) }))
        #expect(second.configuration.userDataDirectory == first.configuration.userDataDirectory)
        #expect(second.process(.character("n")) && second.state.preedit == "n" && !first.state.isComposing)
        second.reset()
        #expect(log == Array(repeating: "room search: Chinese Pinyin through librime (pinyin_simp)", count: 2))
    }

    @Test func withoutPinyinTheSearchTypesLatinAndTheReasonIsLogged() {
        var log: [String] = []
        let missing = RimeConfiguration(sharedDataDirectory: "/nonexistent/rime-data", userDataDirectory: "/tmp/unused")
        #expect(KioskTextEntry.startPinyin(configuration: missing, log: { log.append($0) }) == nil)
        #expect(log == ["room search without Pinyin: rime: /nonexistent/rime-data/pinyin_simp.schema.yaml not found — "
                        + "install librime-data and rime-data-pinyin-simp (or rime-data-luna-pinyin)"])
        let rooms = RoomsController(log: { _ in }, inputMethod: nil)
        let shown = ShownScreen(rooms)
        #expect(rooms.searchField.placeholder == "Search")
        shown.tap(rooms.searchField)
        shown.type("oak")
        #expect(shown.app.inputMethod == nil && rooms.searchField.text == "oak")
        #expect(rooms.shown.flatMap(\.rooms).map(\.name) == ["Oak"])
    }
}
