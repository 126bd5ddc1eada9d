import Testing
import Vitrine
import VitrineGraphics

/// The grid: a flow layout's closed-form placement (columns from the width, justified gaps,
/// line spacing, section insets), reuse of tiles while scrolling, and selection by tap.
@MainActor
struct CollectionViewTests {
    final class Tiles: CollectionViewDataSource, CollectionViewDelegate {
        var counts: [Int]
        var requests = 0
        var selected: [ItemPath] = []
        init(_ counts: [Int]) { self.counts = counts }
        func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionViewCell {
            requests += 1
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
            cell.tag = indexPath.item + 1000 * indexPath.section
            return cell
        }
        func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath) { selected.append(indexPath) }
    }

    /// 320 × 240, 90-point tiles, 10 apart, 10 of inset: 3 columns 105 apart.
    func grid(_ tiles: Tiles) -> CollectionView {
        let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 240))
        var layout = CollectionViewFlowLayout()
        layout.itemSize = Size(width: 90, height: 90)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        layout.sectionInset = EdgeInsets(all: 10)
        grid.layout = layout
        grid.register(CollectionViewCell.self, forCellWithReuseIdentifier: "tile")
        grid.dataSource = tiles
        grid.delegate = tiles
        grid.layoutIfNeeded()
        return grid
    }

    @Test func theFlowLayoutPlacesTilesInJustifiedRows() {
        let tiles = Tiles([10, 4])
        let grid = grid(tiles)
        #expect(grid.layout.columns(forWidth: 320) == 3)
        #expect(grid.frameForItem(at: ItemPath(item: 0, section: 0)) == Rect(x: 10, y: 10, width: 90, height: 90))
        #expect(grid.frameForItem(at: ItemPath(item: 1, section: 0)) == Rect(x: 115, y: 10, width: 90, height: 90))
        #expect(grid.frameForItem(at: ItemPath(item: 2, section: 0)) == Rect(x: 220, y: 10, width: 90, height: 90))
        #expect(grid.frameForItem(at: ItemPath(item: 3, section: 0)) == Rect(x: 10, y: 110, width: 90, height: 90))
        // Section 0: 4 rows → 10 + 390 + 10 = 410 high; section 1 starts there.
        #expect(grid.frameForItem(at: ItemPath(item: 0, section: 1)) == Rect(x: 10, y: 420, width: 90, height: 90))
        #expect(grid.contentSize == Size(width: 320, height: 410 + 210))
        #expect(grid.indexPathsForVisibleItems == (0..<9).map { ItemPath(item: $0, section: 0) })
        #expect(grid.indexPathForItem(at: Point(x: 120, y: 120)) == ItemPath(item: 4, section: 0))
        #expect(grid.indexPathForItem(at: Point(x: 105, y: 50)) == nil)  // in a gap
        for path in grid.indexPathsForVisibleItems {
            #expect(grid.cellForItem(at: path)?.frame == grid.frameForItem(at: path))
        }
    }

    @Test func itemsOfSeveralSectionsShowTogether() {
        let tiles = Tiles([4, 4])
        let grid = grid(tiles)
        // Section 0: rows at 10…100 and 110…200, 210 high; section 1's first row at 220…310.
        #expect(grid.indexPathsForVisibleItems == (0..<4).map { ItemPath(item: $0, section: 0) }
                + (0..<3).map { ItemPath(item: $0, section: 1) })
        grid.contentOffset = Point(x: 0, y: 205)
        grid.layoutIfNeeded()
        #expect(grid.indexPathsForVisibleItems == (0..<4).map { ItemPath(item: $0, section: 1) })
        #expect(grid.cellForItem(at: ItemPath(item: 3, section: 1))?.tag == 1003)
    }

    @Test func aWiderGridHasMoreColumns() {
        let tiles = Tiles([20])
        let grid = grid(tiles)
        grid.frame = Rect(x: 0, y: 0, width: 640, height: 240)
        grid.layoutIfNeeded()
        // (620 + 10) / 100 → 6 columns; gaps (620 − 540) / 5 = 16.
        #expect(grid.frameForItem(at: ItemPath(item: 5, section: 0)) == Rect(x: 10 + 5 * 106, y: 10, width: 90, height: 90))
        #expect(grid.frameForItem(at: ItemPath(item: 6, section: 0)).minY == 110)
    }

    @Test func scrollingTenThousandTilesReusesTheirCells() {
        let tiles = Tiles([10_000])
        let grid = grid(tiles)
        var mostVisible = 0
        for step in 1...1000 {
            grid.contentOffset = Point(x: 0, y: Double(step) * 37)
            grid.layoutIfNeeded()
            mostVisible = max(mostVisible, grid.indexPathsForVisibleItems.count)
        }
        #expect(mostVisible == 12)
        #expect(grid.numberOfCellsCreated(withIdentifier: "tile") <= mostVisible + 2)
        grid.contentOffset = Point(x: 0, y: 100 * 2000 + 10)
        grid.layoutIfNeeded()
        #expect(grid.indexPathsForVisibleItems.first == ItemPath(item: 6000, section: 0))
        #expect(grid.cellForItem(at: ItemPath(item: 6000, section: 0))?.tag == 6000)
    }

    @Test func aTapSelectsATile() {
        let h = Harness()
        let tiles = Tiles([30])
        let grid = grid(tiles)
        h.window.addSubview(grid)
        h.frame()
        h.down(0, at: Point(x: 150, y: 150))
        let cell = grid.cellForItem(at: ItemPath(item: 4, section: 0))!
        #expect(!cell.isHighlighted, "the grid holds the touch back for 150 ms, as UIKit")
        h.advance(by: 0.16)
        #expect(cell.isHighlighted)
        h.up(0)
        #expect(tiles.selected == [ItemPath(item: 4, section: 0)])
        #expect(cell.isSelected && !cell.isHighlighted)
        #expect(grid.indexPathForSelectedItem == ItemPath(item: 4, section: 0))
        grid.deselectItem(at: ItemPath(item: 4, section: 0), animated: false)
        #expect(!cell.isSelected)
    }
}

/// Values from a careless app — not finite, negative, huge — are survived, never trapped on.
@MainActor
struct ListHostileValueTests {
    @Test func nonFiniteAndNegativeRowHeightsCountAsZero() {
        let rows = Rows([6])
        rows.height = { [Double.nan, .infinity, -5, 44, 1e308, 44][$0.row] }
        let table = makeTable(rows)
        #expect(table.rectForRow(at: ItemPath(row: 0, section: 0)).height == 0)
        #expect(table.rectForRow(at: ItemPath(row: 3, section: 0)) == Rect(x: 0, y: 0, width: 320, height: 44))
        #expect(table.rectForRow(at: ItemPath(row: 4, section: 0)).height == 1e9)
        #expect(table.contentSize.height == 44 + 1e9 + 44)
        table.scroll(toY: 1e300)
        #expect(table.visibleCells.isEmpty)
        table.scroll(toY: -1e300)
        table.scroll(toY: 0)
        #expect(table.visibleValues == [3, 4])  // rows of no height show no cell
    }

    @Test func aFlowLayoutOfNonsenseShowsNothingAndDoesNotTrap() {
        let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 240))
        final class Source: CollectionViewDataSource {
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 1000 }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionViewCell {
                collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
            }
        }
        let source = Source()
        grid.register(CollectionViewCell.self, forCellWithReuseIdentifier: "tile")
        grid.dataSource = source
        for layout in [(Double.nan, 10.0), (10, .infinity), (-40, 1e308), (1e-300, 1e-300)] {
            var flow = CollectionViewFlowLayout()
            flow.itemSize = Size(width: layout.0, height: layout.1)
            flow.minimumLineSpacing = layout.1
            flow.sectionInset = EdgeInsets(top: .nan, left: -3, bottom: .infinity, right: 0)
            grid.layout = flow
            grid.contentOffset = Point(x: 0, y: 1e300)
            grid.layoutIfNeeded()
            grid.contentOffset = .zero
            grid.layoutIfNeeded()
            #expect(grid.layout.sectionInset.top == 0)
            #expect(grid.contentSize.height.isFinite)
        }
        withExtendedLifetime(source) {}
    }
}
