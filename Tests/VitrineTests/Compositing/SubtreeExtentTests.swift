import Testing
import VitrineTestSupport
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// Each view keeps its subtree's extent (issue 15): a frame walks only the subtrees that meet
/// its damage, and every change that moves a subtree's extent is seen, so partial frames stay
/// equal to a full repaint. Walks are counted in views, never in time.
@MainActor
struct SubtreeExtentTests {
    /// The window, a header, 8 non-clipping cards of 10 children each, and a rounded button.
    private func screen() -> (Harness, button: View, cards: [View]) {
        let h = Harness(width: 1920, height: 1080)
        h.window.backgroundColor = .white
        let header = View(frame: Rect(x: 0, y: 0, width: 1920, height: 120))
        header.backgroundColor = Color(rgb: 0x1E3A5F)
        h.window.addSubview(header)
        var cards: [View] = []
        for index in 0..<8 {
            let card = View(frame: Rect(x: 40 + Double(index % 4) * 470, y: 160 + Double(index / 4) * 380, width: 440, height: 340))
            card.backgroundColor = Color(rgb: 0xF4F6FA)
            card.cornerRadius = 12
            for row in 0..<10 {
                card.addSubview(PatternView(frame: Rect(x: 16, y: 16 + Double(row) * 30, width: 300, height: 26)))
            }
            h.window.addSubview(card)
            cards.append(card)
        }
        let button = View(frame: Rect(x: 860, y: 1000, width: 200, height: 60))
        button.backgroundColor = Color(rgb: 0x2E7D32)
        button.cornerRadius = 8
        h.window.addSubview(button)
        h.settle()
        return (h, button, cards)
    }

    /// The scanned-out picture equals a full repaint of the window.
    private func expectPartialEqualsFull(_ h: Harness, _ comment: Comment) {
        let full = h.window.snapshot()
        #expect(h.display.shownBuffer?.hasSamePixels(as: full) == true, comment)
    }

    @Test func aButtonFrameWalksOnlyTheSubtreesMeetingItsDamage() {
        let (h, button, _) = screen()
        #expect(h.app.compositor?.viewsVisited == 91)   // the first frame: everything
        button.backgroundColor = Color(rgb: 0x66BB6A)
        h.settle()
        // The window and the button; the header and each card cost one rectangle test, and
        // the cards' 80 subviews none (the cards do not clip, so only their kept extents say
        // that nothing of them reaches the button).
        #expect(h.app.compositor?.viewsVisited == 2)
        expectPartialEqualsFull(h, "button")
    }

    @Test func aSubviewMovedOutsideItsCardIsRepaintedWhereItWentToo() {
        let (h, _, cards) = screen()
        let line = cards[0].subviews[2] as! PatternView
        line.frame = Rect(x: 600, y: 740, width: 300, height: 26)   // out of the card (it does not clip), below the cards
        h.settle()
        expectPartialEqualsFull(h, "moved")
        line.ink = Color(rgb: 0xAA0000)
        line.setNeedsDisplay()
        h.settle()
        // The card's kept extent grew with its subview: the walk reaches it.
        #expect(h.display.shownBuffer?.hasSamePixels(as: h.window.snapshot()) == true)
        #expect(h.app.compositor?.viewsVisited == 3)   // window, card, line
    }

    @Test func aGrandchildAddedHiddenOrShownOrAClipChangeIsSeen() {
        let (h, _, cards) = screen()
        let card = cards[1]
        let inner = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let far = PatternView(frame: Rect(x: 400, y: 380, width: 80, height: 40))   // outside the card, below the cards
        inner.addSubview(far)
        card.addSubview(inner)
        h.settle()
        expectPartialEqualsFull(h, "added")
        far.isHidden = true
        h.settle()
        expectPartialEqualsFull(h, "hidden")
        far.center = Point(x: 600, y: 400)   // moved while hidden
        h.settle()
        far.isHidden = false
        h.settle()
        expectPartialEqualsFull(h, "shown again")
        far.ink = .blue
        far.setNeedsDisplay()
        h.settle()
        expectPartialEqualsFull(h, "redrawn where it was shown")
        card.clipsToBounds = true
        h.settle()
        expectPartialEqualsFull(h, "clipped")
        card.clipsToBounds = false
        far.ink = .red
        far.setNeedsDisplay()
        h.settle()
        expectPartialEqualsFull(h, "unclipped and redrawn")
    }

    @Test func aSubviewAnimatedOutOfItsCardRepaintsEveryFrame() {
        let (h, _, cards) = screen()
        let line = cards[4].subviews[0] as! PatternView
        View.animate(withDuration: 1, options: .curveLinear) {
            line.center = Point(x: 1200, y: 100)
        }
        for _ in 0..<4 {
            // Mid-animation a flip is always pending: the scene holds the frame just composed.
            h.advance(by: 0.25)
            #expect(h.app.compositor?.scene.hasSamePixels(as: h.window.snapshot()) == true, "animating")
        }
        h.settle()
        line.ink = .green
        line.setNeedsDisplay()
        h.settle()
        expectPartialEqualsFull(h, "after the animation")
    }

    @Test func aKeptExtentIsDroppedUpToTheWindowAndRecomputed() {
        let (h, _, cards) = screen()
        let card = cards[2], line = card.subviews[0]
        #expect(card.cachedSubtreeExtent != nil && h.window.cachedSubtreeExtent != nil)
        line.transform = AffineTransform(scaleX: 3, y: 1)
        #expect(line.cachedSubtreeExtent == nil && card.cachedSubtreeExtent == nil && h.window.cachedSubtreeExtent == nil)
        #expect(cards[3].cachedSubtreeExtent != nil)   // a sibling keeps its own
        h.settle()
        #expect(card.cachedSubtreeExtent == card.subtreeExtentInSuperview)
        expectPartialEqualsFull(h, "stretched")
    }

    /// The quick tests a parent makes before walking into a subview never pass over one that
    /// the exact tests would walk: seeded random extents (fractional, far, huge, empty),
    /// scales and clip boxes. They must also pass over most subviews clearly away.
    @Test(arguments: [UInt64(11), 12, 13])
    func theQuickTestsPassOverOnlyWhatTheExactTestsWould(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let surface = Surface(width: 64, height: 64, format: .xrgb8888)
        var passedOver = 0, apartCases = 0
        for round in 0..<2000 {
            let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            let scaleX = [1.0, 2, 1.5, 0.75, 3.3][Int.random(in: 0..<5, using: &random)]
            let scaleY = round % 3 == 0 ? scaleX : [1.0, 2, 1.25][Int.random(in: 0..<3, using: &random)]
            let frame = round % 97 == 0 ? Rect(x: 5, y: 5, width: 0, height: 0) : Rect(
                x: Double.random(in: -50...60, using: &random), y: Double.random(in: -50...60, using: &random),
                width: Double.random(in: 0...(round % 50 == 0 ? 1e13 : 40), using: &random), height: Double.random(in: 0...40, using: &random))
            let view = View(frame: frame)
            parent.addSubview(view)
            let ctm = AffineTransform(a: scaleX, b: 0, c: 0, d: scaleY,
                                      tx: Double.random(in: -20...20, using: &random), ty: Double.random(in: -20...20, using: &random))
            let box = PixelRect(x: Int.random(in: -10...60, using: &random), y: Int.random(in: -10...60, using: &random),
                                width: Int.random(in: 1...30, using: &random), height: Int.random(in: 1...30, using: &random))
            let extent = view.subtreeExtentInSuperview
            let context = GraphicsContext(surface: surface, transform: ctm, clip: Region(box))
            if view.extentIsApart(from: box, toPixels: ctm) {
                passedOver += 1
                #expect(!view.subtreeMeetsClip(of: context), "seed \(seed) round \(round): \(frame) passed over, but it meets \(box)")
            }
            if view.extentCannotHold(box, toPixels: ctm) {
                #expect(!RenderCulling.contains(PixelRect(covering: extent.applying(ctm)), box),
                        "seed \(seed) round \(round): \(frame) passed over, but it holds \(box)")
            }
            // Clearly away: more than four pixels between them.
            let pixels = extent.applying(ctm)
            if !extent.isNull, pixels.maxX < Double(box.x - 4) || pixels.minX > Double(box.maxX + 4)
                || pixels.maxY < Double(box.y - 4) || pixels.minY > Double(box.maxY + 4) {
                apartCases += 1
                #expect(view.extentIsApart(from: box, toPixels: ctm), "seed \(seed) round \(round): \(frame) is away from \(box)")
                #expect(view.extentCannotHold(box, toPixels: ctm), "seed \(seed) round \(round)")
            }
        }
        #expect(apartCases > 200 && passedOver >= apartCases)
    }
}
