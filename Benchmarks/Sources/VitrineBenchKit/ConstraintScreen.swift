import Vitrine
import VitrineGraphics

/// A screen of 200 views and 1,000 constraints for the Auto Layout benchmarks (issue 37): a
/// grid of 20 rows of 10 tiles in a 1920×1080 root placed by its frame. Each tile has five
/// constraints — its leading edge after the previous tile's trailing edge (or the root's
/// leading margin), its top under the tile above (or the root's top), its width equal to the
/// first tile's of its row (the first: a tenth of the root's width, less spacing), its height
/// half its width, and an optional wish (priority 250) to be 40 points high — so rows share the
/// width and a new root size moves every tile.
///
/// `activateAll()` is the first solve: every constraint activated and the frames applied.
/// `nudge()` changes one constant (the first tile's top spacing: the tiles of the first column
/// move) and lays out.
/// `rotate()` turns the root between 1920×1080 and 1080×1920 points and lays out.
@MainActor
public final class ConstraintScreen {
    /// The root view (translates its frame).
    public let root: View
    /// The tiles, row by row.
    public let tiles: [View]
    /// The constraints, inactive until `activateAll()`.
    public let constraints: [LayoutConstraint]
    /// The constraint `nudge()` changes.
    public let moving: LayoutConstraint
    private var nudged = false
    private var landscape = true

    /// Builds the views and the (inactive) constraints.
    public init(rows: Int = 20, columns: Int = 10) {
        root = View(frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
        var tiles: [View] = []
        var constraints: [LayoutConstraint] = []
        var moving: LayoutConstraint?
        for row in 0..<rows {
            for column in 0..<columns {
                let tile = View()
                tile.translatesAutoresizingMaskIntoConstraints = false
                root.addSubview(tile)
                let left = column == 0 ? nil : tiles[tiles.count - 1]
                let above = row == 0 ? nil : tiles[tiles.count - columns]
                let first = column == 0 ? nil : tiles[tiles.count - column]
                let top = above.map { tile.topAnchor.constraint(equalTo: $0.bottomAnchor, constant: 4) }
                    ?? tile.topAnchor.constraint(equalTo: root.topAnchor, constant: 8)
                if row == 0 && column == 0 { moving = top }
                let wish = tile.heightAnchor.constraint(equalToConstant: 40)
                wish.priority = .defaultLow
                constraints += [
                    left.map { tile.leadingAnchor.constraint(equalTo: $0.trailingAnchor, constant: 4) }
                        ?? tile.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8),
                    top,
                    first.map { tile.widthAnchor.constraint(equalTo: $0.widthAnchor) }
                        ?? tile.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 1 / Double(columns), constant: -6),
                    tile.heightAnchor.constraint(equalTo: tile.widthAnchor, multiplier: 0.5),
                    wish,
                ]
                tiles.append(tile)
            }
        }
        self.tiles = tiles
        self.constraints = constraints
        self.moving = moving!
    }

    /// The first solve: activates every constraint and lays the root out. Returns whether the
    /// last tile got a frame.
    public func activateAll() -> Bool {
        LayoutConstraint.activate(constraints)
        root.layoutIfNeeded()
        return tiles[tiles.count - 1].frame.width > 0
    }

    /// Deactivates everything (outside the measurement), for the next first solve.
    public func deactivateAll() {
        LayoutConstraint.deactivate(constraints)
        root.layoutIfNeeded()
    }

    /// One constant changed (an animation frame) and the layout pass. Returns whether the
    /// first tile moved to the new constant.
    public func nudge() -> Bool {
        nudged.toggle()
        moving.constant = nudged ? 12 : 8
        root.layoutIfNeeded()
        return tiles[0].frame.minY == moving.constant
    }

    /// Turns the root between landscape and portrait and lays it out. Returns whether the
    /// first tile's width followed.
    public func rotate() -> Bool {
        landscape.toggle()
        root.frame = landscape ? Rect(x: 0, y: 0, width: 1920, height: 1080) : Rect(x: 0, y: 0, width: 1080, height: 1920)
        root.layoutIfNeeded()
        return abs(tiles[0].frame.width - (root.bounds.width / 10 - 6)) < 1e-6
    }
}
