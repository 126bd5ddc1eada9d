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
        #expect(taps.field.text == "gg")
    }
}
