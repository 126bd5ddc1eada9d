import VitrineGraphics

/// Regions recorded one after another, kept as their rectangles in one flat array, each
/// region's followed by an empty rectangle (which no region holds) as its end: appending one
/// allocates nothing but the array's amortized growth, and never shares the appended region's
/// pixman blocks (which would keep their owner from reusing them). What `VirtualDisplay`
/// records its presents in; the regions are rebuilt when read.
struct RegionLog {
    /// Every rectangle of every region, in order, each region's ended by `end`.
    private var rects: [PixelRect] = []
    private static let end = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// Records `region`'s rectangles.
    mutating func append(_ region: Region) {
        region.forEachRect { rects.append($0) }
        rects.append(RegionLog.end)
    }

    /// The regions, oldest first (built on each read).
    var regions: [Region] {
        var result: [Region] = []
        var region = Region()
        for rect in rects {
            if rect.isEmpty {
                result.append(region)
                region = Region()
            } else {
                region.formUnion(rect)
            }
        }
        return result
    }
}
