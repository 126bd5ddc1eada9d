import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// A frame costs what its damage meets (issue 15): views outside the damage, and views below an
/// opaque view covering it, are not painted. Counted in views, never in time.
@MainActor
struct CullingTests {
    /// A 1920×1080 kiosk-like screen of 92 views: the window, a header, 8 rounded bordered cards
    /// of 10 children each (88 views), a footer, and a 200×60 button on the window.
    private func kioskScreen(buttonCornerRadius: Double) -> (Harness, button: DrawRecordingView, cards: [View]) {
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
            card.borderWidth = 1
            card.borderColor = Color(rgb: 0xC0C8D0)
            for row in 0..<9 {
                let line = PatternView(frame: Rect(x: 16, y: 16 + Double(row) * 34, width: 300, height: 28))
                card.addSubview(line)
            }
            let action = View(frame: Rect(x: 330, y: 280, width: 96, height: 44))
            action.backgroundColor = Color(rgb: 0x1565C0)
            action.cornerRadius = 8
            card.addSubview(action)
            h.window.addSubview(card)
            cards.append(card)
        }
        let footer = View(frame: Rect(x: 0, y: 960, width: 1920, height: 20))
        footer.backgroundColor = Color(rgb: 0x1E3A5F)
        h.window.addSubview(footer)
        let button = DrawRecordingView(frame: Rect(x: 860, y: 1000, width: 200, height: 60))
        button.backgroundColor = Color(rgb: 0x2E7D32)
        button.cornerRadius = buttonCornerRadius
        h.window.addSubview(button)
        h.settle()
        return (h, button, cards)
    }

    private func countViews(_ view: View) -> Int { 1 + view.subviews.reduce(0) { $0 + countViews($1) } }

    @Test func aRoundedButtonFramePaintsOnlyTheViewsMeetingItsDamage() {
        let (h, button, _) = kioskScreen(buttonCornerRadius: 8)
        #expect(countViews(h.window) == 92)
        #expect(h.app.compositor?.viewsPainted == 92)   // the first frame: everything
        button.backgroundColor = Color(rgb: 0x66BB6A)
        h.settle()
        // The window (below the rounded corners) and the button; nothing else meets 200×60.
        #expect(h.app.statistics.lastFrame.viewsPainted == 2)
        #expect(h.display.shownBuffer?.color(x: 960, y: 1030).rgba8 == Color(rgb: 0x66BB6A).rgba8)
        #expect(h.display.shownBuffer?.color(x: 860, y: 1000).rgba8 == Color.white.rgba8)
    }

    @Test func anOpaqueButtonCoveringItsDamageEndsTheWalkDownward() {
        let (h, button, _) = kioskScreen(buttonCornerRadius: 0)
        button.backgroundColor = Color(rgb: 0x66BB6A)
        h.settle()
        // The button covers the whole damage: the window below it is not painted.
        #expect(h.app.statistics.lastFrame.viewsPainted == 1)
        #expect(h.display.shownBuffer?.color(x: 860, y: 1000).rgba8 == Color(rgb: 0x66BB6A).rgba8)
    }

    @Test func aChangeInsideACardPaintsTheCardBackgroundNotTheWindowNorOtherCards() {
        let (h, _, cards) = kioskScreen(buttonCornerRadius: 8)
        let line = cards[5].subviews[3] as! PatternView
        line.ink = Color(rgb: 0xAA0000)
        line.setNeedsDisplay()
        h.settle()
        // The card's background covers the line's damage (inside its straight part): the card
        // (background and border, above) and the line; the window and other cards are skipped.
        #expect(h.app.statistics.lastFrame.viewsPainted == 2)
        let full = h.window.snapshot()
        #expect(h.display.shownBuffer?.hasSamePixels(as: full) == true)
    }

    @Test func aViewAboveTheOccluderIsStillPainted() {
        let h = Harness(width: 200, height: 100)
        h.window.backgroundColor = .white
        let below = View(frame: Rect(x: 10, y: 10, width: 60, height: 60))
        below.backgroundColor = .red
        let cover = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        cover.backgroundColor = .blue
        let badge = View(frame: Rect(x: 20, y: 20, width: 10, height: 10))
        badge.backgroundColor = .green
        h.window.addSubview(below)
        h.window.addSubview(cover)
        cover.addSubview(badge)
        h.settle()
        badge.backgroundColor = .black
        h.settle()
        #expect(h.app.statistics.lastFrame.viewsPainted == 1)
        cover.backgroundColor = Color(rgb: 0x0000AA)
        h.settle()
        #expect(h.app.statistics.lastFrame.viewsPainted == 2)   // cover and badge, not `below`
        #expect(h.display.shownBuffer?.color(x: 25, y: 25).rgba8 == Color.black.rgba8)
        #expect(h.display.shownBuffer?.color(x: 15, y: 15).rgba8 == Color(rgb: 0x0000AA).rgba8)
    }

    @Test func aBackgroundOnlyViewKeepsNoBackingStore() {
        let h = Harness(width: 200, height: 100)
        let plain = View(frame: Rect(x: 0, y: 0, width: 16_000, height: 16_000))
        plain.backgroundColor = .red
        let drawing = PatternView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        h.window.addSubview(plain)
        h.window.addSubview(drawing)
        h.settle()
        #expect(plain.backingStore == nil)
        #expect(drawing.backingStore != nil)
    }
}
