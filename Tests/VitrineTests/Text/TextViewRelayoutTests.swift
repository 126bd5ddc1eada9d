import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineTestSupport

/// A text view lays its text out again in place on every edit (its layout, line table and
/// line geometries keep their storage). After any sequence of edits it must place every caret
/// exactly where a text view given the same text afresh places it: checked over seeded random
/// insertions and deletions (of characters and of whole ranges) of words, line feeds,
/// right-to-left and CJK text, emoji and marks, with a width change midway.
@MainActor
@Suite struct TextViewRelayoutTests {
    static let pieces = ["a", "b ", "word ", "longerword", "\n", "שלום ", "مرحبا", "你好", "👩‍👩‍👧", "e\u{301}", " ", "42"]

    private func textView(_ h: Harness) -> TextView {
        let view = TextView(frame: Rect(x: 20, y: 20, width: 160, height: 120))
        view.autocapitalizationType = .none
        h.window.addSubview(view)
        h.loop.runUntilIdle()
        return view
    }

    /// Every caret place and the content's height.
    private func carets(_ view: TextView) -> [Rect] {
        (0...view.text.count).map { view.caretRect(for: $0) } + [Rect(origin: .zero, size: view.contentSize)]
    }

    @Test func editsPlaceCaretsAsAFreshViewDoes() {
        let h = Harness()
        let edited = textView(h)
        #expect(edited.becomeFirstResponder())
        var generator = SeededRandom(seed: 0x7E57_1E0)
        var width = 160.0
        for step in 0..<120 {
            randomEdit(edited, count: edited.text.count, pieces: Self.pieces, using: &generator)
            if step == 60 {
                width = 110
                edited.frame.size.width = width
                edited.layoutIfNeeded()
            }
            // A new view each time: one that never laid anything else out.
            let fresh = textView(h)
            fresh.frame.size.width = width
            fresh.layoutIfNeeded()
            fresh.text = edited.text
            #expect(carets(edited) == carets(fresh), "step \(step): \(edited.text.debugDescription)")
            fresh.removeFromSuperview()
        }
    }
}
