import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// The slider's touch rules: only the thumb is grabbed; it follows the finger outside the
/// bounds with the value clamped; continuous or not.
@MainActor
struct SliderTests {
    let h = Harness()
    // The track is 200 points long; the thumb (28 points) travels 172 points.
    let slider = Slider(frame: Rect(x: 100, y: 100, width: 200, height: 31))
    let log: ControlEventLog

    init() {
        h.window.addSubview(slider)
        log = ControlEventLog(observing: slider)
        h.settleControls()
    }

    /// The screen x of the thumb's centre for `value` (0…1).
    func thumbX(_ value: Double) -> Double { 100 + 14 + value * 172 }

    @Test func theThumbTracksTheFingerOutsideTheBoundsWithTheValueClamped() {
        h.down(0, at: Point(x: thumbX(0), y: 115))
        h.move(0, to: Point(x: thumbX(0.25), y: 115))
        #expect(abs(slider.value - 0.25) < 1e-9)
        // Far below and beyond the right end: still tracking, the value at its maximum.
        h.move(0, to: Point(x: 700, y: 460))
        #expect(slider.value == 1)
        #expect(slider.isTracking)
        // Far above, back over the middle of the track: the value follows the x alone.
        h.move(0, to: Point(x: thumbX(0.5), y: 0))
        #expect(abs(slider.value - 0.5) < 1e-9)
        h.move(0, to: Point(x: 0, y: 0))
        #expect(slider.value == 0)
        h.move(0, to: Point(x: thumbX(0.75), y: 400))
        h.up(0)
        #expect(abs(slider.value - 0.75) < 1e-9)
        #expect(log.names.first == "touchDown")
        #expect(log.names.contains("touchDragExit"))
        #expect(log.names.last == "touchUpOutside")
        #expect(log.names.filter { $0 == "valueChanged" }.count == 5)
    }

    @Test func theGrabOffsetIsKept() {
        // Grabbed 10 points right of the thumb's centre: the thumb does not jump to the finger.
        h.down(0, at: Point(x: thumbX(0) + 10, y: 115))
        h.move(0, to: Point(x: thumbX(0.5) + 10, y: 115))
        #expect(abs(slider.value - 0.5) < 1e-9)
        h.up(0)
    }

    @Test func aTouchOnTheTrackAwayFromTheThumbIsNotTracked() {
        h.down(0, at: Point(x: 250, y: 115))
        h.move(0, to: Point(x: 280, y: 115))
        h.up(0)
        #expect(slider.value == 0)
        #expect(log.names.isEmpty)
    }

    @Test func aNonContinuousSliderSendsOneValueChangedOnLift() {
        slider.isContinuous = false
        h.down(0, at: Point(x: thumbX(0), y: 115))
        h.move(0, to: Point(x: thumbX(0.2), y: 115))
        h.move(0, to: Point(x: thumbX(0.6), y: 115))
        #expect(!log.names.contains("valueChanged"))
        h.up(0)
        #expect(log.names.suffix(2) == ["valueChanged", "touchUpInside"])
        #expect(abs(slider.value - 0.6) < 1e-9)
    }

    @Test func aCancelledDragKeepsTheValueReached() {
        slider.isContinuous = false
        h.down(0, at: Point(x: thumbX(0), y: 115))
        h.move(0, to: Point(x: thumbX(0.4), y: 115))
        h.input.cancel(0)
        h.frame()
        #expect(abs(slider.value - 0.4) < 1e-9)
        #expect(log.names.suffix(2) == ["valueChanged", "touchCancel"])
    }

    @Test func valuesAreClampedAndNonFiniteOnesIgnored() {
        slider.minimumValue = 10
        #expect(slider.maximumValue == 10 && slider.value == 10)
        slider.maximumValue = 20
        slider.value = 25
        #expect(slider.value == 20)
        slider.value = .nan
        slider.value = -.infinity
        slider.minimumValue = .nan
        #expect(slider.value == 20 && slider.minimumValue == 10)
        #expect(log.names.isEmpty)
    }

    @Test func anAnimatedValueSlidesTheThumbThenSleeps() {
        let drawn = h.app.statistics.viewsDrawn
        slider.setValue(0.8, animated: true)
        #expect(slider.value == 0.8)
        h.loop.runUntilIdle()
        #expect(h.display.isFrameRequested)
        h.advance(by: 0.5)
        h.settleControls()
        #expect(h.app.statistics.viewsDrawn > drawn + 5)
        #expect(!h.display.isFrameRequested)
        #expect(log.names.isEmpty)
    }

    @Test func valueImagesShortenTheTrack() {
        let track = slider.trackRect(forBounds: slider.bounds)
        slider.minimumValueImage = makeTestImage(width: 20, height: 20)
        slider.maximumValueImage = makeTestImage(width: 24, height: 20)
        let shortened = slider.trackRect(forBounds: slider.bounds)
        #expect(shortened.minX == track.minX + 28)
        #expect(shortened.maxX == track.maxX - 32)
    }
}
