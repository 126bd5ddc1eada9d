import Foundation
import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// Momentum, rubber band, bounce and paging against their closed forms, with flicks whose
/// touch timestamps come from the manual clock.
@MainActor
struct ScrollPhysicsTests {
    /// A flick moving the finger up 20 pt every 10 ms: 2,000 pt/s, so the content's release
    /// velocity is +2 pt/ms; the first move passes the hysteresis and begins the drag (the
    /// content does not jump by it), so the content moved 20 pt per later move at the lift.
    @discardableResult
    private func flick(_ f: ScrollFixture, steps: Int = 10, step: Double = -20) -> Double {
        f.drag(from: Point(x: 200, y: 390), step: Point(x: 0, y: step), steps: steps)
    }

    @Test(arguments: [(DecelerationRate.normal, 20.0), (.normal, 10.0), (.normal, 30.0), (.fast, 20.0), (.fast, 40.0)])
    func aFlickTravelsTheClosedFormDistance(rate: DecelerationRate, step: Double) {
        let f = ScrollFixture()
        f.scrollView.decelerationRate = rate
        #expect(ScrollView.DecelerationRate.fast.rawValue == 0.99)
        flick(f, steps: 8, step: -step)
        let velocity = step * 100 // points per second
        let released = f.scrollView.contentOffset.y
        #expect(released == step * (step > 10 ? 7 : 6)) // the hysteresis is more than 10 pt
        #expect(f.recorder.releaseVelocity == Point(x: 0, y: velocity / 1000))
        f.settle()
        // Travel = v0 · ∫ rate^t dt = −v0 / ln(rate), v0 in pt/ms.
        let travel = -(velocity / 1000) / log(rate.rawValue)
        #expect(f.scrollView.contentOffset.y == (released + travel).rounded())
        #expect(f.scrollView.contentOffset.x == 0)
        #expect(!f.scrollView.isDecelerating)
    }

    @Test func everyFrameOfMomentumIsOnTheClosedForm() {
        let f = ScrollFixture()
        let release = flick(f)
        let start = f.scrollView.contentOffset.y
        #expect(start == 180)
        let target = (start + -2 / log(0.998)).rounded()
        var samples: [(time: Double, offset: Double)] = []
        let link = DisplayLink { [scrollView = f.scrollView] link in
            if scrollView.isDecelerating { samples.append((link.targetTimestamp, scrollView.contentOffset.y)) }
        }
        link.add(to: f.h.app)
        f.h.advance(by: 1)
        link.invalidate()
        #expect(samples.count > 30)
        let k = 1000 * log(0.998)
        for sample in samples {
            let expected = start + (target - start) * (1 - exp(k * (sample.time - release)))
            // What is shown is the closed form rounded to the screen's pixels (scale 1 here).
            #expect(abs(sample.offset - expected) <= 0.5 + 1e-9)
            #expect(sample.offset == sample.offset.rounded(), "a frame of momentum off whole pixels: \(sample.offset)")
        }
    }

    @Test func theDelegateHearsADragAndItsMomentumInUIKitsOrder() {
        let f = ScrollFixture()
        flick(f)
        #expect(f.scrollView.isDecelerating)
        #expect(!f.scrollView.isDragging)
        f.settle()
        #expect(f.recorder.log == ["willBeginDragging", "willEndDragging", "didEndDragging(true)",
                                   "willBeginDecelerating", "didEndDecelerating"])
        #expect(f.recorder.scrolls > 10)
    }

    @Test func atRestNothingTicks() {
        let f = ScrollFixture()
        flick(f)
        #expect(f.liveDisplayLinks == 1)
        let link = f.scrollView.scrolling.displayLink
        f.settle()
        // The link stays only while the indicators fade…
        #expect(f.scrollView.verticalScrollIndicator?.alpha == 0)
        f.h.advance(by: 2)
        // …then it is gone from the app: nothing asks for frames, no timer is armed.
        #expect(!f.scrollView.scrolling.isLinkAttached)
        #expect(f.h.app.displayLinks.isEmpty)
        #expect(f.liveDisplayLinks == 0)
        #expect(f.h.loop.nextDeadline == nil) // no timer either: the loop sleeps
        // The next flick reuses the same link (nothing made per gesture).
        flick(f)
        #expect(f.scrollView.scrolling.displayLink === link)
        #expect(f.liveDisplayLinks == 1)
    }

    @Test func draggingPastTheTopResistsByUIKitsFormula() {
        let f = ScrollFixture()
        f.drag(from: Point(x: 200, y: 100), step: Point(x: 0, y: 20), steps: 6, lift: false)
        // 5 moves after the one that began: the finger is 100 pt past the edge.
        // Shown rounded to the screen's pixels (scale 1), as every offset set by a finger.
        let expected = (-(1 - 1 / (100 * 0.55 / 400 + 1)) * 400).rounded()
        #expect(f.scrollView.contentOffset.y == expected)
        #expect(f.scrollView.isDragging && f.scrollView.isTracking)
        f.h.advance(by: 0.2) // rest, so the release has no velocity
        f.h.up(0)
        #expect(f.recorder.log == ["willBeginDragging", "willEndDragging", "didEndDragging(true)",
                                   "willBeginDecelerating"])
        f.settle()
        #expect(f.scrollView.contentOffset.y == 0)
        #expect(f.recorder.log.last == "didEndDecelerating")
    }

    @Test func aFlickIntoTheEdgeBouncesAndRestsThere() {
        let f = ScrollFixture()
        f.scrollView.contentOffset = Point(x: 0, y: 100)
        var lowest = 0.0
        let link = DisplayLink { [scrollView = f.scrollView] _ in lowest = min(lowest, scrollView.contentOffset.y) }
        link.add(to: f.h.app)
        f.drag(from: Point(x: 200, y: 10), step: Point(x: 0, y: 20), steps: 4) // content velocity −2,000 pt/s
        f.settle()
        link.invalidate()
        #expect(lowest < -10) // went past the edge…
        #expect(f.scrollView.contentOffset.y == 0) // …and came back
    }

    @Test func withoutBouncesContentStopsAtItsEdges() {
        let f = ScrollFixture()
        f.scrollView.bounces = false
        f.scrollView.contentOffset = Point(x: 0, y: 100)
        var lowest = 0.0
        let link = DisplayLink { [scrollView = f.scrollView] _ in lowest = min(lowest, scrollView.contentOffset.y) }
        link.add(to: f.h.app)
        f.drag(from: Point(x: 200, y: 10), step: Point(x: 0, y: 20), steps: 12)
        #expect(f.scrollView.contentOffset.y == 0)
        f.settle()
        link.invalidate()
        #expect(lowest == 0)
        #expect(f.scrollView.contentOffset.y == 0)
    }

    @Test func contentThatFitsDoesNotScrollUnlessItAlwaysBounces() {
        let f = ScrollFixture(contentSize: Size(width: 400, height: 300))
        f.drag(from: Point(x: 200, y: 100), step: Point(x: 0, y: 20), steps: 5, lift: false)
        #expect(f.scrollView.contentOffset == .zero)
        #expect(!f.scrollView.isDragging)
        f.h.up(0)
        f.scrollView.alwaysBounceVertical = true
        f.drag(from: Point(x: 200, y: 100), step: Point(x: 0, y: 20), steps: 5, lift: false)
        #expect(f.scrollView.contentOffset.y < 0)
        f.h.up(0)
        f.settle()
        #expect(f.scrollView.contentOffset == .zero)
    }

    @Test func aChangedTargetIsWhereTheContentRests() {
        let f = ScrollFixture()
        f.recorder.snapTo = { Point(x: $0.x, y: ($0.y / 250).rounded() * 250) }
        flick(f)
        f.settle()
        // The natural rest (≈1,179) snaps to 1,250.
        #expect(f.scrollView.contentOffset.y == 1250)
        #expect(f.recorder.log.last == "didEndDecelerating")
    }

    @Test func aTargetBehindTheFlickIsReachedToo() {
        let f = ScrollFixture()
        f.recorder.snapTo = { _ in Point(x: 0, y: 0) }
        flick(f)
        f.settle()
        #expect(f.scrollView.contentOffset.y == 0)
    }

    @Test func pagingRestsOnTheNearestPageOrTheNextOneByVelocity() {
        let f = ScrollFixture()
        f.scrollView.isPagingEnabled = true
        // Slow drag of 150 pt (less than half a page) and a rest: back to page 0.
        f.drag(from: Point(x: 200, y: 390), step: Point(x: 0, y: -10), steps: 16, interval: 0.05, lift: false)
        f.h.advance(by: 0.2)
        f.h.up(0)
        f.settle()
        #expect(f.scrollView.contentOffset.y == 0)
        // A short fast flick: the next page.
        f.drag(from: Point(x: 200, y: 390), step: Point(x: 0, y: -20), steps: 4)
        f.settle()
        #expect(f.scrollView.contentOffset.y == 400)
        // A long fast flick still moves one page only.
        f.drag(from: Point(x: 200, y: 390), step: Point(x: 0, y: -40), steps: 9, interval: 0.005)
        f.settle()
        #expect(f.scrollView.contentOffset.y == 800)
        // A slow drag past half a page: the nearest page is the next one.
        f.drag(from: Point(x: 200, y: 390), step: Point(x: 0, y: -10), steps: 26, interval: 0.05, lift: false)
        f.h.advance(by: 0.2)
        f.h.up(0)
        f.settle()
        #expect(f.scrollView.contentOffset.y == 1200)
    }

    @Test func directionalLockKeepsADragOnItsAxis() {
        let f = ScrollFixture(contentSize: Size(width: 4000, height: 4000))
        f.scrollView.isDirectionalLockEnabled = true
        f.h.down(0, at: Point(x: 300, y: 300))
        f.h.advance(by: 0.01)
        f.h.move(0, to: Point(x: 300, y: 280)) // begins vertical
        f.h.advance(by: 0.01)
        f.h.move(0, to: Point(x: 200, y: 260))
        #expect(f.scrollView.contentOffset == Point(x: 0, y: 20))
        f.h.advance(by: 0.3)
        f.h.up(0)
        f.settle()
        let free = ScrollFixture(contentSize: Size(width: 4000, height: 4000))
        free.h.down(0, at: Point(x: 300, y: 300))
        free.h.advance(by: 0.01)
        free.h.move(0, to: Point(x: 300, y: 280))
        free.h.advance(by: 0.01)
        free.h.move(0, to: Point(x: 200, y: 260))
        #expect(free.scrollView.contentOffset == Point(x: 100, y: 20))
        free.h.advance(by: 0.3)
        free.h.up(0)
    }

    @Test func aTouchStopsTheMomentumWhereItIs() {
        let f = ScrollFixture()
        flick(f)
        f.h.advance(by: 0.1)
        #expect(f.scrollView.isDecelerating)
        f.h.down(0, at: Point(x: 200, y: 200))
        let stopped = f.scrollView.contentOffset
        #expect(!f.scrollView.isDecelerating && f.scrollView.isTracking)
        f.h.advance(by: 0.5)
        #expect(f.scrollView.contentOffset == stopped)
        f.h.up(0)
        f.settle()
        #expect(f.scrollView.contentOffset == stopped)
        // As UIKit: a touch stopping a fling ends no deceleration.
        #expect(!f.recorder.log.contains("didEndDecelerating"))
        #expect(!f.scrollView.isTracking)
    }

    @Test func setContentOffsetAnimatedEndsWithItsCallback() {
        let f = ScrollFixture()
        f.scrollView.setContentOffset(Point(x: 0, y: 500), animated: true)
        #expect(f.scrollView.contentOffset.y == 0)
        f.h.advance(by: 0.15)
        #expect(f.scrollView.contentOffset.y > 0 && f.scrollView.contentOffset.y < 500)
        f.settle()
        #expect(f.scrollView.contentOffset.y == 500)
        #expect(f.recorder.log == ["didEndScrollingAnimation"])
        f.scrollView.setContentOffset(Point(x: 0, y: 100), animated: false)
        #expect(f.scrollView.contentOffset.y == 100)
        #expect(f.recorder.log == ["didEndScrollingAnimation"])
        f.scrollView.setContentOffset(Point(x: 0, y: .nan), animated: false)
        #expect(f.scrollView.contentOffset.y == 100)
    }

    @Test func scrollRectToVisibleMovesTheLeast() {
        let f = ScrollFixture()
        f.scrollView.scrollRectToVisible(Rect(x: 0, y: 1000, width: 50, height: 50), animated: false)
        #expect(f.scrollView.contentOffset.y == 650)
        f.scrollView.scrollRectToVisible(Rect(x: 0, y: 700, width: 50, height: 50), animated: false)
        #expect(f.scrollView.contentOffset.y == 650)
        f.scrollView.scrollRectToVisible(Rect(x: 0, y: 300, width: 50, height: 50), animated: false)
        #expect(f.scrollView.contentOffset.y == 300)
        f.scrollView.scrollRectToVisible(Rect(x: 0, y: 3990, width: 50, height: 50), animated: true)
        f.settle()
        #expect(f.scrollView.contentOffset.y == 3600)
    }

    @Test func rubberBandFormulaAndItsInverse() {
        #expect(ScrollPhysics.rubberBand(0, dimension: 400) == 0)
        #expect(abs(ScrollPhysics.rubberBand(400, dimension: 400) - 400 * (1 - 1 / 1.55)) < 1e-12)
        for x in [1.0, 50, 300, 2000] {
            let shown = ScrollPhysics.rubberBand(x, dimension: 400)
            #expect(shown < x && shown < 400)
            #expect(abs(ScrollPhysics.rubberBandInverse(shown, dimension: 400) - x) < 1e-6)
        }
        #expect(DecelerationRate(rawValue: 1.5) == .normal)
        #expect(DecelerationRate(rawValue: .nan) == .normal)
    }
}

/// Removal and bad geometry never leave anything ticking.
@MainActor
struct ScrollRemovalTests {
    @Test func removingAMovingScrollViewStopsEverything() {
        let f = ScrollFixture()
        f.drag(from: Point(x: 200, y: 390), step: Point(x: 0, y: -20), steps: 10)
        #expect(f.liveDisplayLinks == 1)
        f.scrollView.removeFromSuperview()
        #expect(!f.scrollView.isDecelerating)
        #expect(f.liveDisplayLinks == 0)
        f.h.advance(by: 2)
        #expect(f.h.loop.nextDeadline == nil)
    }

    @Test func removingItWhileTheIndicatorsFadeStopsThemToo() {
        let f = ScrollFixture()
        f.drag(from: Point(x: 200, y: 390), step: Point(x: 0, y: -20), steps: 10)
        f.settle(limit: 10)
        f.scrollView.flashScrollIndicators()
        f.h.advance(by: 0.6) // fading now
        #expect(f.liveDisplayLinks == 1)
        f.scrollView.removeFromSuperview()
        #expect(f.liveDisplayLinks == 0)
    }

    @Test func nonFiniteContentSizeDoesNotKeepTheLinkTicking() {
        let f = ScrollFixture()
        f.drag(from: Point(x: 200, y: 390), step: Point(x: 0, y: -20), steps: 10)
        f.scrollView.contentSize = Size(width: 400, height: .nan)
        f.h.advance(by: 5)
        #expect(!f.scrollView.isDecelerating)
        #expect(f.scrollView.contentOffset.y.isFinite)
        f.h.advance(by: 2)
        #expect(f.liveDisplayLinks == 0)
    }
}
