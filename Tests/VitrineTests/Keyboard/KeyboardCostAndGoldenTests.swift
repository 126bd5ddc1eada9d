import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless
import VitrineInput

/// What a key press costs, and what the keyboard looks like.
@MainActor
struct KeyboardCostAndGoldenTests {
    @Test func aKeyPressRepaintsOnlyTheKeyItsPreviewAndTheField() {
        let h = Harness()
        h.window.backgroundColor = .white
        let field = h.focusedFieldWithKeyboard()
        let g = h.app.keyboard.frameOfKey(typing: "g")!
        h.input.down(0, at: Point(x: g.midX, y: g.midY))
        h.input.frame()
        h.settle()
        // The finger down: the key's cap and the preview bubble above it, nothing else of the keyboard.
        let preview = h.app.keyboard.view.preview.frame
        let previewInScreen = h.app.keyboard.view.convert(preview, to: nil)
        // (The caret's blink may land in the same frame: the field's pixels are allowed too.)
        let fieldPixels = Region(PixelRect(covering: field.frame))
        let allowed = Region(PixelRect(covering: g)).union(Region(PixelRect(covering: previewInScreen.insetBy(dx: -2, dy: -2)))).union(fieldPixels)
        let down = h.app.statistics.lastPresentedDamage
        #expect(!down.isEmpty)
        #expect(allowed.union(down) == allowed)
        // The finger lifts: the key, the bubble and the field.
        h.input.up(0)
        h.input.frame()
        h.settle()
        #expect(field.text == "g")
        let up = h.app.statistics.lastPresentedDamage
        #expect(allowed.union(up) == allowed)
    }

    @Test func theUSAndRussianKeyboardsLookRight() {
        let h = Harness()
        h.window.backgroundColor = .white
        _ = h.focusedFieldWithKeyboard(layouts: ["us", "ru"], source: XKBKeyboardLayoutSource())
        expectGolden(h.app.keyboard.view.snapshot(scale: 1), "keyboard-us")
        h.tap(at: h.keyCentre(.layoutSwitch))
        h.settle()
        expectGolden(h.app.keyboard.view.snapshot(scale: 1), "keyboard-ru")
        h.tap(at: h.keyCentre(.shift))
        h.settle()
        expectGolden(h.app.keyboard.view.snapshot(scale: 1), "keyboard-ru-shift")
    }

    @Test func theNumberPadLooksRight() {
        let h = Harness()
        _ = h.focusedFieldWithKeyboard(type: .numberPad)
        expectGolden(h.app.keyboard.view.snapshot(scale: 1), "keyboard-numberpad")
    }
}
