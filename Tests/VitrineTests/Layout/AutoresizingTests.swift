import Testing
import Vitrine
import VitrineGraphics

/// Springs and struts, as UIKit documents them: along each axis the superview's size change is
/// shared among the flexible parts (left margin, width, right margin; top, height, bottom) in
/// proportion to their current lengths. Every expected frame below is worked out by hand.
@MainActor
struct AutoresizingTests {
    /// The window turns from 800×480 to 480×800: Δwidth = −320, Δheight = +320.
    private static let portrait = Rect(x: 0, y: 0, width: 480, height: 800)
    private static let landscape = Rect(x: 0, y: 0, width: 800, height: 480)

    @Test func aRotationLikeBoundsChangeResizesEachSubviewByItsMask() {
        let h = Harness()
        // Fixed: no mask, nothing moves.
        let fixed = View(frame: Rect(x: 10, y: 10, width: 100, height: 50))
        // Width and height take the whole change: 600 − 320, 400 + 320.
        let fill = View(frame: Rect(x: 100, y: 40, width: 600, height: 400))
        fill.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        // Pinned bottom-right: the left and top margins take the change, right and bottom stay 20, 10.
        let corner = View(frame: Rect(x: 700, y: 430, width: 80, height: 40))
        corner.autoresizingMask = [.flexibleLeftMargin, .flexibleTopMargin]
        // Four flexible margins, equal pairs (300 | 300 and 190 | 190): each pair splits the
        // change evenly, so the view stays centred: (480 − 200) / 2, (800 − 100) / 2.
        let centred = View(frame: Rect(x: 300, y: 190, width: 200, height: 100))
        centred.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]
        // All six flexible: x parts 100 | 300 | 400 of 800 take −40, −120, −160;
        // y parts 60 | 120 | 300 of 480 take +40, +80, +200.
        let everything = View(frame: Rect(x: 100, y: 60, width: 300, height: 120))
        everything.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin,
                                       .flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin]
        // Left margin and width flexible, right margin fixed at 160: 240 | 400 of 640 take
        // −120 and −200. Only the bottom margin is flexible vertically: y and height stay.
        let trailingPinned = View(frame: Rect(x: 240, y: 0, width: 400, height: 60))
        trailingPinned.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth, .flexibleBottomMargin]
        // Width and right margin flexible (240 | 400 of 640: width halves with the 320 lost);
        // top margin and height flexible (80 | 80 of 160: +160 each, bottom stays 320).
        let mixed = View(frame: Rect(x: 160, y: 80, width: 240, height: 80))
        mixed.autoresizingMask = [.flexibleWidth, .flexibleRightMargin, .flexibleTopMargin, .flexibleHeight]
        // A subview of `fill` follows `fill`'s own change (−320 wide, +320 high) by its mask.
        let nested = View(frame: Rect(x: 20, y: 20, width: 560, height: 40))
        nested.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
        fill.addSubview(nested)

        let views = [fixed, fill, corner, centred, everything, trailingPinned, mixed]
        for view in views { h.window.addSubview(view) }
        h.runLayoutTurn()

        h.window.frame = Self.portrait
        // Autoresizing happens as the size changes (as UIKit), not at the next commit.
        expectFrames(views + [nested], [
            Rect(x: 10, y: 10, width: 100, height: 50),
            Rect(x: 100, y: 40, width: 280, height: 720),
            Rect(x: 380, y: 750, width: 80, height: 40),
            Rect(x: 140, y: 350, width: 200, height: 100),
            Rect(x: 60, y: 100, width: 180, height: 200),
            Rect(x: 120, y: 0, width: 200, height: 60),
            Rect(x: 160, y: 240, width: 120, height: 240),
            Rect(x: 20, y: 20, width: 240, height: 40),
        ])
        h.runLayoutTurn()

        // Turning back shares +320 / −320 by the new proportions, which lands on the start.
        h.window.frame = Self.landscape
        expectFrames(views + [nested], [
            Rect(x: 10, y: 10, width: 100, height: 50),
            Rect(x: 100, y: 40, width: 600, height: 400),
            Rect(x: 700, y: 430, width: 80, height: 40),
            Rect(x: 300, y: 190, width: 200, height: 100),
            Rect(x: 100, y: 60, width: 300, height: 120),
            Rect(x: 240, y: 0, width: 400, height: 60),
            Rect(x: 160, y: 80, width: 240, height: 80),
            Rect(x: 20, y: 20, width: 560, height: 40),
        ])
    }

    @Test func flexiblePartsOfZeroLengthShareTheChangeEqually() {
        let mask: AutoresizingMask = [.flexibleLeftMargin, .flexibleWidth]
        // Left margin 0 and width 0: the +90 goes half to each.
        let grown = mask.resize(Rect(x: 0, y: 5, width: 0, height: 10),
                                superviewFrom: Size(width: 100, height: 50), to: Size(width: 190, height: 50))
        #expect(grown == Rect(x: 45, y: 5, width: 45, height: 10))
        // A width cannot go below zero.
        let shrunk = AutoresizingMask.flexibleWidth.resize(Rect(x: 10, y: 0, width: 30, height: 10),
                                                           superviewFrom: Size(width: 100, height: 10),
                                                           to: Size(width: 50, height: 10))
        #expect(shrunk == Rect(x: 10, y: 0, width: 0, height: 10))
    }

    @Test func autoresizingIsAppliedBeforeTheSuperviewsLayoutSubviews() {
        let h = Harness()
        let log = LayoutLog()
        let container = LayoutProbeView("container", frame: Rect(x: 0, y: 0, width: 800, height: 480), log: log)
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let child = LayoutProbeView("child", frame: Rect(x: 0, y: 0, width: 800, height: 100), log: log)
        child.autoresizingMask = [.flexibleWidth]
        container.addSubview(child)
        h.window.addSubview(container)
        h.runLayoutTurn()
        log.entries.removeAll()

        h.window.frame = Self.portrait
        #expect(log.entries.isEmpty)  // layout itself waits for the commit
        h.runLayoutTurn()
        // The container's layoutSubviews already saw the child at its new width, and the child
        // (resized, so laid out too) came after its superview.
        #expect(log.entries == ["container", "child"])
        #expect(container.framesSeenInLayout == [Rect(x: 0, y: 0, width: 480, height: 100)])
        #expect(container.frame == Self.portrait)
    }

    @Test func autoresizesSubviewsFalseLeavesSubviewsAlone() {
        let h = Harness()
        let container = View(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.autoresizesSubviews = false
        let child = View(frame: Rect(x: 100, y: 100, width: 600, height: 280))
        child.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.addSubview(child)
        h.window.addSubview(container)

        h.window.frame = Self.portrait
        // The container itself still follows its own mask (the window autoresizes); its child does not.
        #expect(container.frame == Self.portrait)
        #expect(child.frame == Rect(x: 100, y: 100, width: 600, height: 280))
    }

    @Test func onlyASizeChangeAutoresizes() {
        let parent = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let child = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        child.autoresizingMask = [.flexibleWidth, .flexibleLeftMargin]
        parent.addSubview(child)
        parent.center = Point(x: 500, y: 500)
        parent.bounds.origin = Point(x: 30, y: 30)
        #expect(child.frame == Rect(x: 10, y: 10, width: 50, height: 50))
        // 10 | 50 of 60 share +60: +10 and +50.
        parent.bounds.size = Size(width: 260, height: 200)
        #expect(child.frame == Rect(x: 20, y: 10, width: 100, height: 50))
    }
}
