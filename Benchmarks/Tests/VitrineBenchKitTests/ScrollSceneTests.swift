import Testing
import Vitrine
import VitrineBenchKit
import VitrineGraphics

/// The scroll benchmark's scene does what its row in the README says: every frame is a
/// steady-scroll frame that moves the still-valid pixels and composes only the exposed strip.
@MainActor
struct ScrollSceneTests {
    @Test func everyFrameOfTheSteadyScrollComposesOnlyTheExposedStrip() {
        let cards = ScrollingCards()
        #expect(cards.scrollView.subviews.count == ScrollingCards.rowCount)
        var previous = 0.0
        for index in 1...(2 * ScrollingCards.framesPerPass) {
            let offset = ScrollingCards.offset(at: index)
            let rows = Int(abs(offset - previous))
            previous = offset
            #expect(rows == 33 || rows == 34)
            guard let frame = cards.frame() else {
                Issue.record("frame \(index) presented nothing")
                return
            }
            #expect(frame.pixelsComposed == 1920 * rows, "frame \(index)")
            #expect(frame.pixelsMoved == 1920 * (960 - rows), "frame \(index)")
            // The first scroll frame's back buffer (age 2) also lacks the first, whole frame.
            #expect(frame.bytesCopied == (index == 1 ? 1920 * 1080 : cards.scrollAreaPixels) * 4, "frame \(index)")
            #expect(frame.viewsDrawn == 0)
        }
    }
}
