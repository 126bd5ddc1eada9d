import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless
@testable import VitrineSpeech

extension ScreenReaderTests {
    /// A segmented control under the buttons: Small | Medium | Large, Medium selected.
    func sizes() -> SegmentedControl {
        let segments = SegmentedControl(items: ["Small", "Medium", "Large"])
        segments.frame = Rect(x: 40, y: 200, width: 600, height: 60)
        segments.selectedSegmentIndex = 1
        window.addSubview(segments)
        loop.advance(by: 0.1)
        return segments
    }

    @Test func eachSegmentIsSaidWithItsPlaceAndFocusWalksThem() {
        let segments = sizes()
        reader.install()
        sink.clear()
        // Tab from Rooms (the second button) reaches the first segment, then the next.
        #expect(app.moveFocus(to: rooms))
        sink.clear()
        app.moveFocus(.next)
        #expect(sink.texts == ["Small, 1 of 3", "button"])
        app.moveFocus(.next)
        #expect(sink.texts.suffix(2) == ["Medium, 2 of 3", "selected, button"])
        #expect(segments.selectedSegmentIndex == 1)
    }

    @Test func exploringSaysTheSegmentUnderTheFingerAndADoubleTapSelectsIt() {
        let segments = sizes()
        var changes: [Int] = []
        segments.addAction({ _ in changes.append(segments.selectedSegmentIndex) }, for: .valueChanged)
        reader.install()
        sink.clear()
        // Slowly (not a swipe): down over Small, then across to Large.
        input.down(0, at: Point(x: 100, y: 230))
        frame()
        loop.advance(by: ScreenReader.swipeMaxDuration + 0.1)
        input.move(0, to: Point(x: 110, y: 230))   // still Small
        frame()
        input.move(0, to: Point(x: 550, y: 230))   // over Large
        frame()
        input.up(0)
        frame()
        #expect(sink.texts == ["Small, 1 of 3", "button", "Large, 3 of 3", "button"])
        #expect(changes.isEmpty, "exploring touches do not reach the control")
        tap(at: Point(x: 700, y: 400))
        loop.advance(by: 0.1)
        tap(at: Point(x: 705, y: 405))
        #expect(changes == [2] && segments.selectedSegmentIndex == 2)
    }
}
