import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// A text view's selection handles follow its scrolling: they stay on the selection's ends as
/// the content offset changes, and hide while an end is scrolled out of the view.
@MainActor
@Suite(.serialized) struct SelectionHandleScrollTests {
    private func tallTextView(_ h: Harness) -> TextView {
        let view = TextView(frame: Rect(x: 20, y: 20, width: 300, height: 120))
        view.text = (1...30).map { "line \($0)" }.joined(separator: "\n")
        h.window.addSubview(view)
        view.becomeFirstResponder()
        h.frame()
        return view
    }

    @Test func handlesMoveWithTheContentOffset() {
        let h = Harness()
        let view = tallTextView(h)
        view.selectedRange = 7..<13   // "line 2"
        guard let handles = view.selectionHandles else { Issue.record("no handles"); return }
        let before = handles.map(\.frame)
        view.contentOffset = Point(x: 0, y: 10)
        #expect(handles[0].frame == before[0].offsetBy(dx: 0, dy: -10))
        #expect(handles[1].frame == before[1].offsetBy(dx: 0, dy: -10))
        // Still on the caret rectangles of the selection's ends, in window points.
        let end = view.convert(view.caretRect(for: 13), to: h.window)
        #expect(abs(handles[1].frame.midX - end.midX) < 0.001)
        #expect(!handles[0].isHidden && !handles[1].isHidden)
    }

    @Test func handlesScrolledOutOfViewHideAndComeBack() {
        let h = Harness()
        let view = tallTextView(h)
        view.selectedRange = 0..<6   // "line 1", the first line
        guard let handles = view.selectionHandles else { Issue.record("no handles"); return }
        view.contentOffset = Point(x: 0, y: 200)
        #expect(handles.allSatisfy { $0.isHidden })
        view.contentOffset = .zero
        #expect(handles.allSatisfy { !$0.isHidden })
        #expect(handles[0].frame.midY < view.frame.minY + 40)
    }
}
