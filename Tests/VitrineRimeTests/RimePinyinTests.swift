import Glibc
import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
@testable import VitrineRime

/// The real librime (Debian's pinyin_simp schema, prebuilt dictionaries) behind a TextField,
/// typed into through hardware key presses.
@MainActor
enum RimeFixture {
    /// One engine for the run: librime is process-wide. Its user data folder is kept between
    /// runs (the deployed dictionaries are the cache), per user.
    /// (The demo's tests share the process: when they started librime first, with the demo's
    /// folder, the fixture is a session of that one.)
    static let engine: Result<RimeInputMethod, RimeError> = Result { () throws(RimeError) in
        do throws(RimeError) {
            return try RimeInputMethod(configuration: RimeConfiguration(userDataDirectory: ownUserDataDirectory))
        } catch {
            guard case .alreadyStarted(let running) = error else { throw error }
            return try RimeInputMethod(configuration: RimeConfiguration(userDataDirectory: running))
        }
    }
    static let ownUserDataDirectory = "/tmp/vitrine-rime-tests-\(getuid())/user"
    /// The folder librime runs with in this process.
    static var userDataDirectory: String { (try? engine.get().configuration.userDataDirectory) ?? ownUserDataDirectory }
}

@MainActor
@Suite(.serialized) struct RimePinyinTests {
    let platform = HeadlessPlatform(mode: DisplayMode(width: 800, height: 480), scale: 1)
    let app: Application
    let window: Window
    let field = TextField(frame: Rect(x: 20, y: 200, width: 400, height: 40))
    let engine: RimeInputMethod

    init() throws {
        engine = try RimeFixture.engine.get()
        app = Application(platform: platform)
        window = Window(frame: app.screen.bounds)
        window.makeKeyAndVisible(in: app)
        field.autocapitalizationType = .none
        window.addSubview(field)
        engine.reset()
        app.inputMethod = engine
        field.becomeFirstResponder()
        platform.manualMainLoop.runUntilIdle()
    }

    var bar: CandidateBar { app.inputMethodController.candidateBar }

    func press(_ code: Int, _ characters: String = "", modifiers: KeyModifiers = []) {
        platform.input.key(code, .pressed, characters: characters, modifiers: modifiers)
        platform.manualMainLoop.runUntilIdle()
        platform.input.key(code, .released, characters: characters, modifiers: modifiers)
        platform.manualMainLoop.runUntilIdle()
    }

    /// Letters on the keys a US keyboard has them on (the code matters only to the field).
    func type(_ letters: String) {
        for c in letters { press(16, String(c)) }
    }

    func space() { press(57, " ") }

    var marked: String? { field.markedRange.map { field.text(in: $0) } }

    @Test func nihaoThenSpaceCommits你好() {
        type("nihao")
        space()
        #expect(field.text == "你好")
        #expect(field.markedRange == nil)
        #expect(bar.isHidden)
    }

    @Test func thePreeditIsMarkedTextWhileTyping() {
        type("ni")
        #expect(marked?.filter { $0 != " " } == "ni")
        type("hao")
        #expect(marked?.filter { $0 != " " } == "nihao")
        #expect(field.selectedRange.upperBound == field.markedRange?.upperBound)
        #expect(!bar.isHidden && bar.candidates.first == "你好")
        #expect(bar.candidates.count == engine.configuration.pageSize)
    }

    @Test func theNumberKey2ChoosesTheSecondCandidate() {
        type("shi")
        let second = bar.candidates[1]
        #expect(second != bar.candidates[0])
        press(3, "2")
        #expect(field.text == second)
        #expect(field.markedRange == nil)
    }

    /// A kiosk is typed on by the public: what one visitor chose is not offered first to the
    /// next (`remembersWords` is off), and the candidates are the same on every run.
    @Test func aChosenCandidateIsNotRememberedForTheNextVisitor() {
        type("huiyi")
        let before = bar.candidates
        #expect(before.count > 2)
        press(4, "3")
        #expect(field.text == before[2])
        for _ in 0..<3 {
            type("huiyi")
            #expect(bar.candidates == before)
            press(4, "3")
        }
    }

    @Test func backspaceEditsThePreeditAndEscapeClearsIt() {
        type("nihao")
        space()
        type("zhongx")
        press(14)
        #expect(marked?.filter { $0 != " " } == "zhong")
        #expect(field.text.hasPrefix("你好"))
        press(1)
        #expect(field.text == "你好")
        #expect(field.markedRange == nil && !engine.state.isComposing && bar.isHidden)
    }

    @Test func invalidUTF8FromTheEngineIsDroppedByTheField() {
        let bytes: [CChar] = [CChar(bitPattern: 0xE4), CChar(bitPattern: 0xBD), CChar(bitPattern: 0xA0),
                              CChar(bitPattern: 0xFF), CChar(bitPattern: 0xE5), 0]
        let decoded = bytes.withUnsafeBufferPointer { RimeInputMethod.string($0.baseAddress) }
        #expect(decoded.unicodeScalars.first == "你" && decoded.unicodeScalars.contains("\u{FFFD}"))
        field.insertText(decoded)
        #expect(field.text == "你")
    }

    @Test func aFieldRemovedMidCompositionKeepsItsCommittedText() {
        type("nihao")
        space()
        type("shij")
        field.removeFromSuperview()
        platform.manualMainLoop.runUntilIdle()
        #expect(field.text == "你好")
        #expect(!engine.state.isComposing && bar.isHidden)
        let next = TextField(frame: Rect(x: 20, y: 300, width: 300, height: 40))
        window.addSubview(next)
        next.becomeFirstResponder()
        type("nihao")
        space()
        #expect(next.text == "你好")
    }

    @Test func aConsoleSwitchAndARotationMidCompositionKeepStateConsistent() {
        type("ni")
        platform.input.key(16, .pressed, characters: "h")  // held while the console switches
        platform.manualMainLoop.runUntilIdle()
        app.resignActive(reason: .consoleSwitchedAway)
        app.cancelAllPresses()
        app.becomeActive(reason: .consoleSwitchedAway)
        platform.manualMainLoop.runUntilIdle()
        #expect(marked?.filter { $0 != " " } == "nih")
        app.setScreenRotation(.clockwise90)
        platform.manualMainLoop.runUntilIdle()
        type("ao")
        #expect(bar.frame.width == window.bounds.width)
        #expect(bar.frame.maxY <= field.convert(field.bounds, to: window).minY)
        space()
        #expect(field.text == "你好" && field.markedRange == nil)
    }

    @Test func ctrlSpaceTurnsPinyinOffAndOn() {
        press(57, " ", modifiers: .control)
        type("ni")
        #expect(field.text == "ni" && field.markedRange == nil)
        press(57, " ", modifiers: .control)
        type("hao")
        space()
        #expect(field.text == "ni好")
    }

    @Test func aTapOnTheBarChoosesACandidate() {
        type("nihao")
        let cell = bar.cellRects[0]
        let point = bar.convert(Point(x: cell.midX, y: cell.midY), to: nil)
        platform.input.down(0, at: point)
        platform.input.frame()
        platform.manualMainLoop.runUntilIdle()
        platform.input.up(0)
        platform.input.frame()
        platform.manualMainLoop.runUntilIdle()
        #expect(field.text == "你好")
    }

    @Test func librimeIsSetUpOncePerProcess() throws {
        print("rime: setup and deployment took \(RimeInputMethod.deploymentSeconds) s")
        let second = try RimeInputMethod(configuration: engine.configuration)
        #expect(second.process(.character("n")) && second.state.preedit == "n")
        #expect(!engine.state.isComposing)  // sessions are separate
        #expect(throws: RimeError.alreadyStarted(userDataDirectory: RimeFixture.userDataDirectory)) {
            try RimeInputMethod(configuration: RimeConfiguration(userDataDirectory: "/tmp/elsewhere"))
        }
        #expect(throws: RimeError.schemaNotInstalled(schema: "nope", directory: "/usr/share/rime-data")) {
            try RimeInputMethod(configuration: RimeConfiguration(userDataDirectory: RimeFixture.userDataDirectory, schema: "nope"))
        }
    }
}
