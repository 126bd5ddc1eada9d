import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// Records what a scroll view tells its delegate, in order.
@MainActor
final class ScrollRecorder: ScrollViewDelegate {
    var log: [String] = []
    var scrolls = 0
    var releaseVelocity: Point?
    /// When set, `scrollViewWillEndDragging` moves the target there (snapping).
    var snapTo: ((Point) -> Point)?
    var zoomView: View?

    func scrollViewDidScroll(_ scrollView: ScrollView) { scrolls += 1 }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { log.append("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                   targetContentOffset: inout Point) {
        log.append("willEndDragging")
        releaseVelocity = velocity
        if let snapTo { targetContentOffset = snapTo(targetContentOffset) }
    }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        log.append("didEndDragging(\(decelerate))")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { log.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { log.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { log.append("didEndScrollingAnimation") }
    func viewForZooming(in scrollView: ScrollView) -> View? { zoomView }
    func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?) { log.append("willBeginZooming") }
    func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double) {
        log.append("didEndZooming")
    }
}

/// A harness with a 400×400 scroll view at (0, 0) of 400×4000 content.
@MainActor
struct ScrollFixture {
    let h: Harness
    let scrollView: ScrollView
    let recorder = ScrollRecorder()

    init(frame: Rect = Rect(x: 0, y: 0, width: 400, height: 400), contentSize: Size = Size(width: 400, height: 4000),
         scrollView: ScrollView? = nil) {
        h = Harness()
        self.scrollView = scrollView ?? ScrollView(frame: frame)
        self.scrollView.frame = frame
        self.scrollView.contentSize = contentSize
        self.scrollView.delegate = recorder
        h.window.addSubview(self.scrollView)
        h.frame()
    }

    /// A drag from `start` by `step` every `interval` seconds, `steps` times, then (when
    /// `lift`) the finger lifts at the time of the last move. Returns the lift time.
    @discardableResult
    func drag(from start: Point, step: Point, steps: Int, interval: Double = 0.01, lift: Bool = true,
              slot: Int = 0) -> Double {
        h.down(slot, at: start)
        var point = start
        for _ in 0..<steps {
            h.advance(by: interval)
            point = Point(x: point.x + step.x, y: point.y + step.y)
            h.move(slot, to: point)
        }
        if lift { h.up(slot) }
        return h.clock.now
    }

    /// Runs frames until the scroll view rests (at most `limit` seconds).
    func settle(limit: Double = 10) {
        var waited = 0.0
        while (scrollView.isDecelerating || scrollView.scrolling.motion != .none) && waited < limit {
            h.advance(by: 1.0 / 60)
            waited += 1.0 / 60
        }
        h.advance(by: 1)
    }

    /// Display links still asking for frames.
    var liveDisplayLinks: Int { h.app.displayLinks.filter { $0.isValid && !$0.isPaused }.count }
}
