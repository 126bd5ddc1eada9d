import Testing
import Vitrine
@testable import VitrineBenchKit

/// The keyboard benchmark's scene types what it taps.
@MainActor
struct KeyboardTapsTests {
    @Test func eachTapTypesAG() {
        let taps = KeyboardTaps()
        #expect(taps.tap() > 0)
        taps.tap()
        #expect(taps.field.text == "Gg")  // the sentence's start is capitalized (automatic Shift)
        #expect(taps.taps == 2 && taps.charactersTyped == 2)
    }

    @Test func theFieldEmptiedEveryThousandCharactersStillCountsEachTap() {
        // The 1,001st tap empties the field: what made the runner's check ("the field is
        // empty") report that the taps typed nothing.
        let taps = KeyboardTaps()
        for _ in 0..<1_001 { taps.tap() }
        #expect(taps.field.text.isEmpty)
        #expect(taps.taps == 1_001 && taps.charactersTyped == 1_001)
        taps.tap()
        #expect(taps.field.text.count == 1)
    }
}
