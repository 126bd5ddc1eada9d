import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// App bugs that UIKit answers with an exception must not stop a kiosk: each is logged and
/// survived (issue 13: "an app bug must not take down a kiosk").
@MainActor
struct AppMistakeTests {
    @Test func aTouchPoolOfAnImpossibleCapacityIsClampedIntoRange() {
        #expect(TouchPool(capacity: 0).capacity == 1)
        #expect(TouchPool(capacity: -5).capacity == 1)
        #expect(TouchPool(capacity: 200).capacity == 64)
        #expect(TouchPool(capacity: 10).capacity == 10)
    }

    @Test func readingATouchPastTheOnesTrackedGivesTheCentroid() {
        let h = Harness()
        let view = View(frame: h.window.bounds)
        h.window.addSubview(view)
        var read: [Point] = []
        let pan = PanGestureRecognizer { recognizer in
            // The usual two-finger handler, reading touch 1 after one finger has lifted.
            read.append(recognizer.location(ofTouch: 1, in: nil))
        }
        view.addGestureRecognizer(pan)
        h.down(0, at: Point(x: 100, y: 100))
        for step in 1...5 { h.move(0, to: Point(x: 100 + Double(step) * 10, y: 100)) }
        #expect(!read.isEmpty)
        #expect(read.last == Point(x: 150, y: 100))
        h.up(0)
    }

    @Test func presentingTwiceOrFromOutsideAWindowIsIgnored() {
        let h = Harness()
        let root = ViewController()
        h.window.rootViewController = root
        let cover = ViewController()
        var completions = 0
        root.present(cover, animated: false) { completions += 1 }
        #expect(completions == 1 && root.presentedViewController === cover)
        // The same controller again: already presented.
        cover.present(cover, animated: false) { completions += 1 }
        let stray = ViewController()
        _ = stray.view
        // From a controller whose view is in no window.
        stray.present(ViewController(), animated: false) { completions += 1 }
        #expect(completions == 1)
        #expect(stray.presentedViewController == nil)
        #expect(cover.presentedViewController == nil)
    }

    @Test func aStackViewIndexOutOfRangeArrangesAtTheNearestEnd() {
        let stack = StackView(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        let first = View(), last = View(), front = View()
        stack.insertArrangedSubview(first, at: 0)
        stack.insertArrangedSubview(last, at: 99)
        stack.insertArrangedSubview(front, at: -3)
        #expect(stack.arrangedSubviews.map { ObjectIdentifier($0) } == [front, first, last].map { ObjectIdentifier($0) })
    }

    @Test func anInvalidatedDisplayLinkAddedAgainStaysStill() {
        let h = Harness()
        var ticks = 0
        let link = DisplayLink { _ in ticks += 1 }
        link.add(to: h.app)
        h.advance(by: 0.05)
        let before = ticks
        #expect(before > 0)
        link.invalidate()
        link.add(to: h.app)
        h.advance(by: 0.05)
        #expect(ticks == before)
    }
}

/// Timers used wrongly: logged and survived.
@MainActor
struct TimerMistakeTests {
    @Test func schedulingTwiceKeepsTheFirstLoopAndRearmingAnUnscheduledTimerArmsNothing() {
        let loop = ManualMainLoop(), other = ManualMainLoop()
        var fired = 0
        let timer = LoopTimer(fireDate: 1) { _ in fired += 1 }
        timer.schedule(on: loop)
        timer.schedule(on: other)
        #expect(timer.mainLoop === loop)
        #expect(other.armedTimerCount == 0)
        loop.advance(by: 2)
        #expect(fired == 1)
        let loose = LoopTimer(fireDate: 1) { _ in fired += 1 }
        loose.rearm(at: 0.5)
        loop.advance(by: 2)
        #expect(fired == 1)
    }
}
