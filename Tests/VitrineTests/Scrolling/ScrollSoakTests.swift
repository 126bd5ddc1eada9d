import Testing
import VitrineTestSupport
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// Counts what a content view hears of touches.
@MainActor
private final class TallyView: View {
    var began = 0, ended = 0, cancelled = 0
    override func touchesBegan(_ touches: TouchSet, with event: Event?) { began += touches.count }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { ended += touches.count }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { cancelled += touches.count }
}

/// Seeded random fingers, wheel turns, time and app changes over nested scroll views with
/// buttons: every touch a content view heard begin ends or is cancelled exactly once, nothing
/// traps, the pool empties, and at rest every scroll view is in range with nothing ticking.
@MainActor
struct ScrollSoakTests {
    @Test(arguments: [UInt64(1), 7, 2026])
    func randomGesturesKeepTheTouchRulesAndComeToRest(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let f = ScrollFixture()
        f.scrollView.isPagingEnabled = seed == 7
        let inner = ScrollView(frame: Rect(x: 0, y: 100, width: 400, height: 150))
        inner.contentSize = Size(width: 1600, height: 150)
        f.scrollView.addSubview(inner)
        var tallies: [TallyView] = []
        for row in 0..<20 {
            let tally = TallyView(frame: Rect(x: 0, y: 300 + Double(row) * 180, width: 400, height: 170))
            tallies.append(tally)
            f.scrollView.addSubview(tally)
            let button = Button(frame: Rect(x: 20, y: 20, width: 150, height: 60))
            tally.addSubview(button)
        }
        for column in 0..<8 {
            let tally = TallyView(frame: Rect(x: Double(column) * 200, y: 0, width: 190, height: 150))
            tallies.append(tally)
            inner.addSubview(tally)
        }
        f.h.frame()
        var down = [Bool](repeating: false, count: 3)
        var points = [Point](repeating: .zero, count: 3)
        for _ in 0..<4000 {
            let slot = Int.random(in: 0..<3, using: &random)
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<15:
                if !down[slot] {
                    points[slot] = Point(x: Double.random(in: 0..<400, using: &random), y: Double.random(in: 0..<480, using: &random))
                    f.h.input.down(slot, at: points[slot])
                    down[slot] = true
                }
            case 15..<60:
                if down[slot] {
                    points[slot].x += Double.random(in: -40...40, using: &random)
                    points[slot].y += Double.random(in: -60...60, using: &random)
                    f.h.input.move(slot, to: points[slot])
                }
            case 60..<75:
                if down[slot] { f.h.input.up(slot); down[slot] = false }
            case 75..<77:
                if down[slot] { f.h.input.cancel(slot); down[slot] = false }
            case 77..<80:
                f.h.input.send(.scroll(deltaX: Double.random(in: -50...50, using: &random),
                                       deltaY: Double.random(in: -200...200, using: &random),
                                       location: Point(x: 200, y: Double.random(in: 0..<400, using: &random)),
                                       timestamp: f.h.clock.now))
            case 80..<82:
                f.scrollView.setContentOffset(Point(x: 0, y: Double.random(in: -100...4000, using: &random)),
                                              animated: Bool.random(using: &random))
            case 82..<83:
                f.scrollView.isScrollEnabled.toggle()
            case 83..<84:
                inner.delaysContentTouches.toggle()
            default:
                break
            }
            f.h.frame()
            f.h.advance(by: Double.random(in: 0...0.06, using: &random))
        }
        for slot in 0..<3 where down[slot] { f.h.input.up(slot) }
        f.h.frame()
        f.scrollView.isScrollEnabled = true
        f.settle()
        f.h.advance(by: 3)
        for tally in tallies {
            #expect(tally.began == tally.ended + tally.cancelled)
        }
        #expect(tallies.reduce(0) { $0 + $1.began } > 0)
        #expect(f.h.app.touchPool.inUseMask == 0)
        for scrollView in [f.scrollView, inner] {
            #expect(!scrollView.isTracking && !scrollView.isDragging && !scrollView.isDecelerating)
            #expect(scrollView.contentOffset == scrollView.clampedOffset(scrollView.contentOffset))
        }
        #expect(f.liveDisplayLinks == 0)
    }
}
