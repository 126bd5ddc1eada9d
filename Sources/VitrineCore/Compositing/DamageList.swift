import VitrineGraphics

/// Window-space rectangles (points) that changed, collected until the next commit and kept
/// small by `DamagePolicy`: a rectangle already covered adds nothing, one covering others
/// replaces them, and past `DamagePolicy.maximumRectangles` the list becomes its bounding box,
/// so recording damage never grows without bound (and its storage is reserved once).
struct DamageList {
    private(set) var rects: ContiguousArray<Rect> = []

    init() { rects.reserveCapacity(DamagePolicy.maximumRectangles) }

    var isEmpty: Bool { rects.isEmpty }

    /// The bounding box of everything.
    var bounds: Rect { rects.reduce(Rect.null) { $0.union($1) } }

    mutating func add(_ rect: Rect) {
        let rect = rect.integral
        // Already covered: nothing to add.
        if rects.contains(where: { $0.contains(rect) }) { return }
        rects.removeAll { rect.contains($0) }
        if rects.count == DamagePolicy.maximumRectangles {
            let box = bounds.union(rect)
            rects.removeAll(keepingCapacity: true)
            rects.append(box)
        } else {
            rects.append(rect)
        }
    }

    mutating func removeAll() { rects.removeAll(keepingCapacity: true) }
}
