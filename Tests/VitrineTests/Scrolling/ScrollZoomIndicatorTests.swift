import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// Zooming (scale, pinch around the fingers, bounce back) and the scroll indicators.
@MainActor
struct ScrollZoomIndicatorTests {
    private func zoomable() -> (ScrollFixture, View) {
        let f = ScrollFixture(contentSize: Size(width: 400, height: 400))
        let picture = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        f.scrollView.addSubview(picture)
        f.recorder.zoomView = picture
        f.scrollView.minimumZoomScale = 1
        f.scrollView.maximumZoomScale = 4
        f.h.frame()
        return (f, picture)
    }

    @Test func setZoomScaleScalesTheViewAndTheContentAboutTheMiddle() {
        let (f, picture) = zoomable()
        f.scrollView.setZoomScale(2, animated: false)
        #expect(f.scrollView.zoomScale == 2)
        #expect(picture.transform == AffineTransform(scaleX: 2, y: 2))
        #expect(picture.frame == Rect(x: 0, y: 0, width: 800, height: 800))
        #expect(f.scrollView.contentSize == Size(width: 800, height: 800))
        #expect(f.scrollView.contentOffset == Point(x: 200, y: 200))
        f.scrollView.setZoomScale(10, animated: true)
        f.settle()
        #expect(f.scrollView.zoomScale == 4)
        #expect(f.recorder.log == ["didEndZooming"])
        f.scrollView.zoomScale = .nan
        #expect(f.scrollView.zoomScale == 4)
    }

    private func pinch(_ f: ScrollFixture, spread: Double, centre: Point = Point(x: 150, y: 150), lift: Bool = true) {
        let half = 50.0
        f.h.input.down(0, at: Point(x: centre.x - half, y: centre.y - half))
        f.h.input.down(1, at: Point(x: centre.x + half, y: centre.y + half))
        f.h.frame()
        for step in 1...10 {
            let d = half * (1 + (spread - 1) * Double(step) / 10)
            f.h.advance(by: 0.01)
            f.h.input.move(0, to: Point(x: centre.x - d, y: centre.y - d))
            f.h.input.move(1, to: Point(x: centre.x + d, y: centre.y + d))
            f.h.frame()
        }
        if lift {
            f.h.input.up(0)
            f.h.input.up(1)
            f.h.frame()
        }
    }

    @Test func aPinchZoomsAroundTheFingers() {
        let (f, _) = zoomable()
        pinch(f, spread: 2, lift: false)
        #expect(f.scrollView.isZooming)
        #expect(abs(f.scrollView.zoomScale - 2) < 1e-9)
        // The content point under the fingers' centre (150, 150) stays there: offset = 150·2 − 150.
        #expect(abs(f.scrollView.contentOffset.x - 150) < 1e-9)
        #expect(abs(f.scrollView.contentOffset.y - 150) < 1e-9)
        f.h.input.up(0)
        f.h.input.up(1)
        f.h.frame()
        #expect(!f.scrollView.isZooming)
        #expect(f.recorder.log == ["willBeginZooming", "didEndZooming"])
        #expect(f.scrollView.verticalScrollIndicator?.alpha == 1) // shown while zooming…
        f.h.advance(by: 1)
        #expect(f.scrollView.verticalScrollIndicator?.alpha == 0) // …and faded after
        #expect(f.liveDisplayLinks == 0)
    }

    @Test func aPinchPastTheRangeResistsAndBouncesBack() {
        let (f, _) = zoomable()
        pinch(f, spread: 6, lift: false)
        let stretched = f.scrollView.zoomScale
        #expect(stretched > 4 && stretched < 6)
        f.h.input.up(0)
        f.h.input.up(1)
        f.h.frame()
        #expect(f.scrollView.isZoomBouncing)
        f.settle()
        #expect(f.scrollView.zoomScale == 4)
        #expect(!f.scrollView.isZoomBouncing)
        #expect(f.recorder.log == ["willBeginZooming", "didEndZooming"])
        #expect(f.scrollView.contentOffset == f.scrollView.clampedOffset(f.scrollView.contentOffset))
        #expect(f.liveDisplayLinks == 0)
    }

    @Test func withoutAViewForZoomingAPinchDoesNothing() {
        let (f, _) = zoomable()
        f.recorder.zoomView = nil
        pinch(f, spread: 2)
        #expect(f.scrollView.zoomScale == 1)
        #expect(f.recorder.log.isEmpty)
    }

    @Test func indicatorsShowWhileScrollingStayInViewAndFade() {
        let f = ScrollFixture()
        #expect(f.scrollView.verticalScrollIndicator == nil)
        f.drag(from: Point(x: 200, y: 390), step: Point(x: 0, y: -20), steps: 10)
        f.h.advance(by: 0.2)
        let vertical = f.scrollView.verticalScrollIndicator
        #expect(vertical?.alpha == 1)
        #expect(vertical?.isHidden == false)
        #expect(f.scrollView.horizontalScrollIndicator?.isHidden == true) // the width fits
        if let vertical {
            let visible = f.scrollView.bounds
            #expect(vertical.frame.minY >= visible.minY && vertical.frame.maxY <= visible.maxY)
            #expect(vertical.frame.maxX <= visible.maxX && vertical.frame.minX > visible.maxX - 10)
            #expect(vertical.frame.height >= ScrollView.indicatorMinimumLength)
        }
        // Content added later goes under the indicators.
        f.scrollView.addSubview(View(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        #expect(f.scrollView.subviews.last === f.scrollView.horizontalScrollIndicator)
        f.settle()
        f.h.advance(by: 1)
        #expect(vertical?.alpha == 0)
    }

    @Test func theIndicatorShrinksUnderARubberBand() {
        let f = ScrollFixture()
        f.scrollView.flashScrollIndicators()
        let normal = f.scrollView.verticalScrollIndicator?.frame.height ?? 0
        f.drag(from: Point(x: 200, y: 10), step: Point(x: 0, y: 20), steps: 6, lift: false)
        let squeezed = f.scrollView.verticalScrollIndicator?.frame.height ?? 0
        #expect(squeezed < normal)
        #expect((f.scrollView.verticalScrollIndicator?.frame.minY ?? -1) >= f.scrollView.contentOffset.y)
        f.h.up(0)
    }
}

/// A pinch whose fingers lift one at a time.
@MainActor
struct ScrollZoomLiftTests {
    @Test func aPinchPastTheRangeBouncesBackEvenWhenAFingerStaysAndDrags() {
        let f = ScrollFixture(contentSize: Size(width: 400, height: 400))
        let picture = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        f.scrollView.addSubview(picture)
        f.recorder.zoomView = picture
        f.scrollView.maximumZoomScale = 2
        f.h.input.down(0, at: Point(x: 150, y: 150))
        f.h.input.down(1, at: Point(x: 250, y: 250))
        f.h.frame()
        for step in 1...10 {
            let d = 50 + 15 * Double(step)
            f.h.advance(by: 0.01)
            f.h.input.move(0, to: Point(x: 200 - d, y: 200 - d))
            f.h.input.move(1, to: Point(x: 200 + d, y: 200 + d))
            f.h.frame()
        }
        #expect(f.scrollView.zoomScale > 2)
        f.h.up(1)
        // The remaining finger keeps moving, then lifts quickly.
        for step in 1...5 {
            f.h.advance(by: 0.01)
            f.h.move(0, to: Point(x: 50 + Double(step) * 20, y: 50))
        }
        f.h.up(0)
        f.settle()
        #expect(f.scrollView.zoomScale == 2)
        #expect(f.scrollView.contentOffset == f.scrollView.clampedOffset(f.scrollView.contentOffset))
        #expect(f.liveDisplayLinks == 0)
    }
}

/// `zoom(to:animated:)`, what a double-tap zoom calls.
@MainActor
struct ScrollZoomToRectTests {
    @Test func zoomToARectFillsTheViewWithItCentred() {
        let f = ScrollFixture(contentSize: Size(width: 400, height: 400))
        let picture = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        f.scrollView.addSubview(picture)
        f.recorder.zoomView = picture
        f.scrollView.maximumZoomScale = 8
        f.scrollView.zoom(to: Rect(x: 200, y: 100, width: 100, height: 100), animated: true)
        f.settle()
        #expect(f.scrollView.zoomScale == 4)
        #expect(f.scrollView.contentOffset == Point(x: 800, y: 400))
        #expect(f.recorder.log == ["didEndZooming"])
        // Beyond the range: the largest scale, still centred on the rect (within the content).
        f.scrollView.zoom(to: Rect(x: 0, y: 0, width: 10, height: 10), animated: false)
        #expect(f.scrollView.zoomScale == 8)
        #expect(f.scrollView.contentOffset == .zero)
    }
}
