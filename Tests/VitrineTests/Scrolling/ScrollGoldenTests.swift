import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// A picture of a scrolled scroll view: content moved by its offset and clipped, and the
/// indicators at the visible edges, above the content.
@MainActor
struct ScrollGoldenTests {
    @Test func aScrolledViewShowsItsOffsetAndIndicators() {
        let root = View(frame: Rect(x: 0, y: 0, width: 240, height: 240))
        root.backgroundColor = .white
        let scrollView = ScrollView(frame: Rect(x: 20, y: 20, width: 200, height: 200))
        scrollView.backgroundColor = Color(rgb: 0xECEFF1)
        scrollView.contentSize = Size(width: 400, height: 600)
        let colours: [UInt32] = [0xE57373, 0x64B5F6, 0x81C784, 0xFFD54F, 0xBA68C8]
        for row in 0..<10 {
            for column in 0..<2 {
                let tile = View(frame: Rect(x: 10 + Double(column) * 200, y: 10 + Double(row) * 60,
                                            width: 180, height: 50))
                tile.backgroundColor = Color(rgb: colours[(row + column) % colours.count])
                tile.cornerRadius = 8
                scrollView.addSubview(tile)
            }
        }
        root.addSubview(scrollView)
        scrollView.contentOffset = Point(x: 100, y: 130)
        scrollView.flashScrollIndicators()
        // Content starts 20 pt into the tiles' row 2 and halfway across the first column.
        #expect(scrollView.verticalScrollIndicator?.frame.minX == 100 + 200 - 2.5 - 3)
        expectGolden(root.snapshot(scale: 1), "scrollview-offset-indicators")
    }
}
