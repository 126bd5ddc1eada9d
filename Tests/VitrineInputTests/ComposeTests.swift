import Testing
import Vitrine
import VitrineInput

/// Dead keys and compose sequences through xkbcommon's compose tables (libx11-data).
@MainActor
struct ComposeTests {
    private let board = RawDeviceHandle(3)

    private func pressedCharacters(_ events: [InputEvent]) -> [String] {
        events.compactMap {
            if case let .key(_, .pressed, characters, _, _, _) = $0 { return characters }
            return nil
        }
    }

    @Test func deadAcuteThenEGivesEAcute() throws {
        // us(intl): the apostrophe key is a dead acute.
        let h = try SourceHarness(configuration: InputConfiguration(keymap: KeymapNames(layout: "us", variant: "intl"))) {
            $0.add(3, name: "keyboard", capabilities: .keyboard)
        }
        h.fake.tap(board, Code.apostrophe)
        h.fake.tap(board, Code.keyE)
        h.fake.tap(board, Code.keyA)
        // The dead key gives nothing, the e completes the sequence, the a is plain again.
        #expect(pressedCharacters(h.events()) == ["", "é", "a"])
    }

    @Test func withoutADeadKeyLayoutKeysAreUnchanged() throws {
        let h = try SourceHarness { $0.add(3, name: "keyboard", capabilities: .keyboard) }
        h.fake.tap(board, Code.apostrophe)
        h.fake.tap(board, Code.keyE)
        #expect(pressedCharacters(h.events()) == ["'", "e"])
    }
}
