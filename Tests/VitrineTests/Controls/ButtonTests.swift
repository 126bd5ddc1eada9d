import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

@MainActor
struct ButtonTests {
    let h = Harness()
    let button = Button(frame: Rect(x: 100, y: 100, width: 200, height: 100))

    init() {
        h.window.addSubview(button)
    }

    @Test func titlesFallBackToTheNormalOne() {
        button.setTitle("Pay", for: .normal)
        button.setTitle("Paying…", for: .highlighted)
        #expect(button.title(for: .normal) == "Pay")
        #expect(button.title(for: .highlighted) == "Paying…")
        #expect(button.title(for: .selected) == "Pay")
        #expect(button.title(for: .disabled) == "Pay")
    }

    @Test func aCombinedStateUsesOnlyItsExactValueOrTheNormalOne() {
        button.setTitle("Off", for: .normal)
        button.setTitle("On", for: .selected)
        // As UIKit: no merging of flags, so selected-and-pressed falls back to normal.
        #expect(button.title(for: [.selected, .highlighted]) == "Off")
        button.setTitle("On, pressed", for: [.selected, .highlighted])
        #expect(button.title(for: [.selected, .highlighted]) == "On, pressed")
    }

    @Test func withoutAnyTitleThereIsNone() {
        #expect(button.title(for: .normal) == nil)
        #expect(button.currentTitle == nil)
    }

    @Test func removingAStateTitleFallsBackAgain() {
        button.setTitle("Pay", for: .normal)
        button.setTitle("Wait", for: .disabled)
        button.isEnabled = false
        #expect(button.currentTitle == "Wait")
        button.setTitle(nil, for: .disabled)
        #expect(button.currentTitle == "Pay")
    }

    @Test func theCurrentTitleFollowsAPress() {
        button.setTitle("Pay", for: .normal)
        button.setTitle("Paying…", for: .highlighted)
        h.down(0, at: Point(x: 150, y: 150))
        #expect(button.currentTitle == "Paying…")
        h.move(0, to: Point(x: 500, y: 150))
        #expect(button.currentTitle == "Pay")
        h.move(0, to: Point(x: 150, y: 150))
        #expect(button.currentTitle == "Paying…")
        h.up(0)
        #expect(button.currentTitle == "Pay")
    }

    @Test func selectionChangesTheCurrentTitle() {
        button.setTitle("Follow", for: .normal)
        button.setTitle("Following", for: .selected)
        button.isSelected = true
        #expect(button.state == .selected)
        #expect(button.currentTitle == "Following")
    }

    @Test func titleColorsFallBackToNormalThenToWhite() {
        #expect(button.titleColor(for: .normal) == nil)
        #expect(button.currentTitleColor == .white)
        button.setTitleColor(.black, for: .normal)
        button.setTitleColor(.gray, for: .disabled)
        #expect(button.titleColor(for: .highlighted) == .black)
        #expect(button.currentTitleColor == .black)
        button.isEnabled = false
        #expect(button.currentTitleColor == .gray)
    }

    @Test func backgroundColorsFallBackToNormalThenToNone() {
        #expect(button.currentBackgroundColor == nil)
        button.setBackgroundColor(.blue, for: .normal)
        button.setBackgroundColor(.red, for: .highlighted)
        #expect(button.currentBackgroundColor == .blue)
        #expect(button.backgroundColor(for: .selected) == .blue)
        button.isHighlighted = true
        #expect(button.currentBackgroundColor == .red)
        // The state colors are drawn content; the view's own background color is untouched.
        #expect(button.backgroundColor == nil)
    }

    @Test func changingWhatIsShownNowRedraws() {
        button.setTitle("Pay", for: .normal)
        h.settleControls()
        #expect(button.dirtyRect.isNull)
        button.setTitle("Pay now", for: .normal)
        #expect(button.dirtyRect == button.bounds)
    }

    @Test func changingAnotherStatesValueDoesNotRedraw() {
        button.setTitle("Pay", for: .normal)
        h.settleControls()
        button.setTitle("Paying…", for: .highlighted)
        button.setTitleColor(.red, for: .disabled)
        button.setBackgroundColor(.blue, for: .selected)
        #expect(button.dirtyRect.isNull)
        // Setting the value already shown does not redraw either.
        button.setTitle("Pay", for: .normal)
        #expect(button.dirtyRect.isNull)
        button.setBackgroundColor(.green, for: .normal)
        #expect(button.dirtyRect == button.bounds)
    }

    /// The title's layout is kept between draws: a new title, a new font, or a pressed state
    /// with a title of its own each draws what it says, not the layout kept from before. The
    /// picture after each change equals that of a new button made with the same title and font.
    @Test func theDrawnTitleFollowsTitleFontAndState() {
        button.setTitle("Pay", for: .normal)
        button.setTitle("Paying…", for: .highlighted)
        func picture(of button: Button) -> Surface { button.snapshot(scale: 1) }
        func fresh(_ title: String, _ font: Font) -> Surface {
            let other = Button(frame: button.frame)
            other.setTitle(title, for: .normal)
            other.titleFont = font
            return picture(of: other)
        }
        let first = picture(of: button)
        #expect(first.hasSamePixels(as: fresh("Pay", button.titleFont)))
        button.setTitle("Pay now", for: .normal)
        #expect(picture(of: button).hasSamePixels(as: fresh("Pay now", button.titleFont)))
        #expect(!picture(of: button).hasSamePixels(as: first))
        button.titleFont = .system(size: 30, weight: .bold)
        #expect(picture(of: button).hasSamePixels(as: fresh("Pay now", .system(size: 30, weight: .bold))))
        button.isHighlighted = true
        let pressed = picture(of: button)
        button.isHighlighted = false
        button.setTitle("Paying…", for: .normal)
        button.isHighlighted = true
        // The same title and font as the pressed picture before, by another way.
        #expect(picture(of: button).hasSamePixels(as: pressed))
    }

    @Test func aButtonCanBeMadeWithoutAFrame() {
        let button = Button()
        #expect(button.frame == .zero)
        #expect(button.isEnabled)
        #expect(button.state == .normal)
    }
}
