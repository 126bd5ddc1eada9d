import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// A segmented control's segments are accessibility elements of their own: labelled, valued
/// "n of m", a button selected for the selected one, focused one by one, activated by Enter.
@MainActor
@Suite struct SegmentAccessibilityTests {
    let h = Harness()
    let segments = SegmentedControl(items: ["Small", "Medium", "Large"])

    init() {
        segments.frame = Rect(x: 100, y: 200, width: 300, height: 40)
        segments.selectedSegmentIndex = 1
        h.window.addSubview(segments)
    }

    var elements: [View] { segments.accessibilityElements ?? [] }

    @Test func eachSegmentIsAButtonLabelledByItsTitle() {
        #expect(!segments.isAccessibilityElement, "the control is a container of its segments")
        #expect(elements.map(\.accessibilityLabel) == ["Small", "Medium", "Large"])
        #expect(elements.map(\.accessibilityValue) == ["1 of 3", "2 of 3", "3 of 3"])
        #expect(elements.map(\.accessibilityTraits) == [[.button], [.button, .selected], [.button]])
        #expect(elements[1].accessibilityFrame == Rect(x: 200, y: 200, width: 100, height: 40), "on screen")
        segments.setEnabled(false, forSegmentAt: 2)
        #expect(elements[2].accessibilityTraits == [.button, .notEnabled])
        #expect(!elements[2].canBecomeFocused)
        // The elements are kept between reads, and made again when the segments change.
        let first = elements[0]
        #expect(elements[0] === first)
        segments.insertSegment(withTitle: "Huge", at: 3)
        #expect(elements.map(\.accessibilityLabel) == ["Small", "Medium", "Large", "Huge"])
        #expect(elements[3].accessibilityValue == "4 of 4")
        #expect(h.window.accessibilityElementsInReadingOrder().compactMap(\.accessibilityLabel) == ["Small", "Medium", "Large", "Huge"])
    }

    @Test func tabAndArrowsFocusSegmentsOneByOneAndEnterSelects() {
        var changes: [Int] = []
        segments.addAction({ control in changes.append((control as? SegmentedControl)?.selectedSegmentIndex ?? -9) },
                           for: .valueChanged)
        let after = button("Done", Rect(x: 100, y: 300, width: 100, height: 44))
        h.window.addSubview(after)
        h.press(FKey.tab)
        #expect(h.focusedLabel == "Small")
        #expect(h.app.focusedView?.accessibilityFrame == segments.rectForSegment(at: 0).applying(segments.transformToRoot))
        h.press(FKey.tab)
        #expect(h.focusedLabel == "Medium")
        h.press(FKey.enter)
        #expect(changes.isEmpty, "the selected segment activated again changes nothing")
        h.press(FKey.right)
        #expect(h.focusedLabel == "Large")
        h.press(FKey.enter)
        #expect(segments.selectedSegmentIndex == 2 && changes == [2])
        #expect(h.app.focusedView?.accessibilityTraits.contains(.selected) == true)
        h.press(FKey.left)
        #expect(h.focusedLabel == "Medium")
        h.press(FKey.space)
        #expect(segments.selectedSegmentIndex == 1 && changes == [2, 1])
        h.press(FKey.down)
        #expect(h.focusedLabel == "Done")
        // A disabled segment is passed over.
        segments.setEnabled(false, forSegmentAt: 1)
        h.press(FKey.up)
        h.press(FKey.tab)
        #expect(h.focusedLabel == "Large", "Tab from Small skips the disabled Medium")
    }

    @Test func theEncoderTurnsFromSegmentToSegmentAndItsPressSelects() {
        h.app.post(.encoder(.rotated(1), timestamp: 1))
        h.app.post(.encoder(.rotated(2), timestamp: 1.1))
        #expect(h.focusedLabel == "Large")
        h.app.post(.encoder(.pressed, timestamp: 1.2))
        h.app.post(.encoder(.released, timestamp: 1.3))
        #expect(segments.selectedSegmentIndex == 2)
    }

    @Test func aMomentaryControlSendsOnEveryActivationAndADisabledOneNone() {
        var changes = 0
        segments.isMomentary = true
        segments.addAction({ _ in changes += 1 }, for: .valueChanged)
        #expect(elements[1].accessibilityActivate())
        #expect(changes == 1)
        segments.isEnabled = false
        #expect(!elements[0].accessibilityActivate())
        #expect(changes == 1 && segments.selectedSegmentIndex == SegmentedControl.noSegment)
        #expect(elements[0].accessibilityTraits.contains(.notEnabled))
    }
}
