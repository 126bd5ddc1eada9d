import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineTestSupport

/// A list's recycling (cells hidden and shown again, moved, reconfigured, faded) damages
/// exactly what it changes: after every step of a seeded sequence of scrolls, selections,
/// updates and swipes, the buffer on screen equals a full repaint of the same tree.
@MainActor
struct ListRepaintTests {
    private func fullRepaint(_ h: Harness) -> Surface {
        let size = h.display.sceneSize
        let compositor = Compositor(width: size.width, height: size.height, scale: h.app.screen.scale)
        compositor.compose(Region(compositor.sceneBounds), windows: h.app.windows)
        return compositor.scene
    }

    @Test(arguments: [(UInt64(1), 2), (7, 3), (42, 2)])
    func partialRepaintsOfAScrollingListEqualFullOnes(seed: UInt64, buffers: Int) {
        let h = Harness(width: 240, height: 200, bufferCount: buffers)
        var g = SeededRandom(seed: seed)
        let rows = Rows([40, 25])
        rows.headerTitles = ["First", "Second"]
        rows.height = { 30 + Double(($0.row * 7) % 3) * 8 }
        rows.swipeActions = { _ in
            SwipeActionsConfiguration(actions: [ContextualAction(style: .destructive, title: "Delete") { _, _, done in done(false) }])
        }
        let table = makeTable(rows, frame: Rect(x: 10, y: 10, width: 220, height: 180))
        h.window.backgroundColor = Color(rgb: 0xF0F0E8)
        h.window.addSubview(table)
        h.frame()
        var mismatches = 0
        for step in 0..<60 {
            switch Int.random(in: 0..<10, using: &g) {
            case 0...4:
                table.contentOffset = Point(x: 0, y: Double.random(in: -30...1800, using: &g).rounded())
            case 5:
                let path = ItemPath(row: Int.random(in: 0..<rows.counts[0], using: &g), section: 0)
                table.selectRow(at: path, animated: false, scrollPosition: .none)
            case 6:
                if let path = table.indexPathForSelectedRow { table.deselectRow(at: path, animated: true) }
            case 7:
                rows.insert(900 + step, at: Int.random(in: 0...rows.counts[0], using: &g))
                table.insertRows(at: [ItemPath(row: rows.values[0].firstIndex(of: 900 + step)!, section: 0)], with: .fade)
            case 8:
                if rows.counts[0] > 5 {
                    let row = Int.random(in: 0..<rows.counts[0], using: &g)
                    rows.remove(row: row)
                    table.deleteRows(at: [ItemPath(row: row, section: 0)], with: .fade)
                }
            default:
                if let cell = table.visibleCells.randomElement(using: &g) {
                    let y = cell.convert(Point(x: 0, y: cell.bounds.midY), to: nil).y
                    h.down(0, at: Point(x: 200, y: y))
                    for i in 1...4 {
                        h.advance(by: 0.016)
                        h.move(0, to: Point(x: 200 - Double(i) * 30, y: y))
                    }
                    h.up(0)
                }
            }
            // Some steps start while the last one's animation runs; then the picture settles.
            h.advance(by: Double.random(in: 0.02...0.2, using: &g))
            h.settle()
            if let shown = h.display.shownBuffer, !shown.hasSamePixels(as: fullRepaint(h)) { mismatches += 1 }
        }
        h.advance(by: 1)
        #expect(mismatches == 0, "seed \(seed)")
        #expect(h.display.shownBuffer?.hasSamePixels(as: fullRepaint(h)) == true)
    }
}
