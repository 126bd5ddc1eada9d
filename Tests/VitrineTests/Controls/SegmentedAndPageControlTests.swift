import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Segmented control selection and page control taps, through scripted touches.
@MainActor
struct SegmentedControlTests {
    let h = Harness()
    // Three segments of 100 points.
    let control = SegmentedControl(items: ["English", "Français", "Deutsch"])
    let log: ControlEventLog

    init() {
        control.frame = Rect(x: 100, y: 100, width: 300, height: 32)
        h.window.addSubview(control)
        log = ControlEventLog(observing: control)
        h.settleControls()
    }

    @Test func aTapSelectsASegmentAndSendsValueChangedOnlyWhenItChanges() {
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
        h.tap(at: Point(x: 250, y: 116))
        #expect(control.selectedSegmentIndex == 1)
        #expect(log.names == ["touchDown", "valueChanged", "touchUpInside"])
        h.tap(at: Point(x: 250, y: 116))
        #expect(log.names.filter { $0 == "valueChanged" }.count == 1)
    }

    @Test func thePressedSegmentFollowsTheFingerAndTheLiftDecides() {
        h.down(0, at: Point(x: 150, y: 116))
        #expect(control.highlightedSegmentIndex == 0)
        h.move(0, to: Point(x: 350, y: 116))
        #expect(control.highlightedSegmentIndex == 2)
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
        h.up(0)
        #expect(control.selectedSegmentIndex == 2)
        #expect(control.highlightedSegmentIndex == SegmentedControl.noSegment)
    }

    @Test func liftingFarOutsideOrCancellingSelectsNothing() {
        h.down(0, at: Point(x: 150, y: 116))
        h.move(0, to: Point(x: 150, y: 400))
        #expect(control.highlightedSegmentIndex == SegmentedControl.noSegment)
        h.up(0)
        h.down(0, at: Point(x: 150, y: 116))
        h.input.cancel(0)
        h.frame()
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
        #expect(!log.names.contains("valueChanged"))
    }

    @Test func aDisabledSegmentCannotBeChosen() {
        control.setEnabled(false, forSegmentAt: 2)
        h.tap(at: Point(x: 350, y: 116))
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
        #expect(log.names.isEmpty)
    }

    @Test func aMomentaryControlSendsEveryTapAndKeepsNoSelection() {
        control.isMomentary = true
        var seen: [Int] = []
        control.addAction({ [control] _ in seen.append(control.selectedSegmentIndex) }, for: .valueChanged)
        h.tap(at: Point(x: 150, y: 116))
        h.tap(at: Point(x: 150, y: 116))
        h.tap(at: Point(x: 350, y: 116))
        #expect(log.names.filter { $0 == "valueChanged" }.count == 3)
        // As UIKit documents: the tapped segment while the action runs, none after tracking.
        #expect(seen == [0, 0, 2])
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
        #expect(control.highlightedSegmentIndex == SegmentedControl.noSegment)
    }

    @Test func settingTheSameFontAgainCostsNoLayout() {
        // A controller that sets the font in every layout pass must not relayout for ever.
        control.titleFont = control.titleFont
        #expect(!h.window.needsLayout && !control.needsLayout)
        control.titleFont = .system(size: 20)
        #expect(h.window.needsLayout)
    }

    @Test func insertingAndRemovingKeepTheSelectedSegment() {
        control.selectedSegmentIndex = 1
        control.insertSegment(withTitle: "Русский", at: 0)
        #expect(control.selectedSegmentIndex == 2 && control.titleForSegment(at: 2) == "Français")
        control.removeSegment(at: 2)
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
        control.removeSegment(at: 9)  // logged, nothing changes
        #expect(control.numberOfSegments == 3)
        control.selectedSegmentIndex = 7
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
    }
}

@MainActor
struct PageControlTests {
    let h = Harness()
    let pages = PageControl(frame: Rect(x: 100, y: 100, width: 200, height: 26))
    let log: ControlEventLog

    init() {
        pages.numberOfPages = 3
        h.window.addSubview(pages)
        log = ControlEventLog(observing: pages)
        h.settleControls()
    }

    @Test func tapsOnTheRightAndLeftHalvesMoveAPage() {
        h.tap(at: Point(x: 280, y: 113))
        #expect(pages.currentPage == 1)
        #expect(log.names == ["touchDown", "valueChanged", "touchUpInside"])
        h.tap(at: Point(x: 280, y: 113))
        #expect(pages.currentPage == 2)
        // Past the last page nothing moves and nothing is sent.
        h.tap(at: Point(x: 280, y: 113))
        #expect(pages.currentPage == 2)
        #expect(log.names.filter { $0 == "valueChanged" }.count == 2)
        h.tap(at: Point(x: 110, y: 113))
        #expect(pages.currentPage == 1)
    }

    @Test func aTapLiftedFarAwayOrCancelledMovesNothing() {
        h.down(0, at: Point(x: 280, y: 113))
        h.move(0, to: Point(x: 700, y: 450))
        h.up(0)
        h.down(0, at: Point(x: 280, y: 113))
        h.input.cancel(0)
        h.frame()
        #expect(pages.currentPage == 0)
        #expect(!log.names.contains("valueChanged"))
    }

    @Test func theCurrentPageStaysInRange() {
        pages.currentPage = 9
        #expect(pages.currentPage == 2)
        pages.numberOfPages = 2
        #expect(pages.currentPage == 1)
        pages.numberOfPages = -4
        #expect(pages.numberOfPages == 0 && pages.currentPage == 0)
        #expect(pages.size(forNumberOfPages: 5).width == 5 * PageControl.dotPitch + 16)
    }
}
