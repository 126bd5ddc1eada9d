/// Filling around what will be painted over: a view's opaque background is not filled where
/// opaque views above it will replace every pixel anyway (issue 15: the root of a kiosk screen
/// was filled whole under its header, navigation and cards, a third of a frame's writes).
extension GraphicsContext {
    /// The fewest pixels a fill must cover, by default, before it looks for pixels to spare:
    /// below it, finding them costs more than filling them (a button's damage).
    package static let sparingMinimumArea = 40_000

    /// Fills `rect` (user space) with `fillColor`, as `fill(_:)` does, except the surface
    /// pixels of the rectangles `addSpared` appends to the array it is given (empty on entry;
    /// at most `DrawingScratch.sparedRectCapacity` are used): pixels that what is drawn next
    /// replaces whatever they hold, so that their fill could not show.
    ///
    /// Only where that leaves the result exactly as a whole fill's: an opaque colour at full
    /// alpha in the normal blend mode, on whole pixels under a transform that keeps axes, with
    /// no clip mask. Otherwise it does nothing and returns nil (`addSpared` is not called):
    /// the caller fills as usual. A fill of fewer than `minimumArea` pixels (within the clip's
    /// box) spares nothing. Returns the pixels spared. Once warm it allocates nothing: the
    /// rectangles are swept band by band in arrays the scratch keeps.
    package func fill(_ rect: Rect, minimumArea: Int = sparingMinimumArea,
                      sparing addSpared: (inout [PixelRect]) -> Void) -> Int? {
        let rect = rect.standardized
        guard !rect.isNull, fillColor.alpha >= 1, alpha >= 1, blendMode == .normal, clipMask == nil,
              let pixels = alignedPixels(of: rect) else { return nil }
        let area = pixels.intersection(clipBounds)
        guard !area.isEmpty else { return 0 }
        scratch.sparedRects.removeAll(keepingCapacity: true)
        if area.area >= minimumArea { addSpared(&scratch.sparedRects) }
        if scratch.sparedRects.count > DrawingScratch.sparedRectCapacity {
            scratch.sparedRects.removeLast(scratch.sparedRects.count - DrawingScratch.sparedRectCapacity)
        }
        if scratch.sparedRects.isEmpty {
            paintUnmasked(.color(fillColor), area: area, alpha: 1, mode: .normal)
            return 0
        }
        var filled = 0, covered = 0
        forEachClipRect(in: area) { piece in
            covered += piece.area
            filled += fillSparing(piece)
        }
        return covered - filled
    }

    /// Fills `piece` (surface pixels) but the scratch's spared rectangles: cut into bands at
    /// every spared rectangle's top and bottom, each band filled in the gaps between the
    /// spans the rectangles covering it leave. Returns the pixels filled.
    private func fillSparing(_ piece: PixelRect) -> Int {
        let color = fillColor
        scratch.fillBoxes.removeAll(keepingCapacity: true)
        scratch.sparingEdges.removeAll(keepingCapacity: true)
        scratch.sparingEdges.append(piece.y)
        scratch.sparingEdges.append(piece.maxY)
        for r in scratch.sparedRects {
            let cut = r.intersection(piece)
            guard !cut.isEmpty else { continue }
            scratch.sparingEdges.append(cut.y)
            scratch.sparingEdges.append(cut.maxY)
        }
        Self.insertionSort(&scratch.sparingEdges) { $0 < $1 }
        var filled = 0
        var index = 0
        let count = scratch.sparingEdges.count
        while index + 1 < count {
            let top = scratch.sparingEdges[index]
            var next = index + 1
            while next < count, scratch.sparingEdges[next] == top { next += 1 }
            guard next < count else { break }
            let bottom = scratch.sparingEdges[next]
            index = next
            // The spans of the spared rectangles that cover the whole band.
            scratch.sparingSpans.removeAll(keepingCapacity: true)
            for r in scratch.sparedRects where r.y <= top && r.maxY >= bottom {
                let start = max(r.x, piece.x), end = min(r.maxX, piece.maxX)
                if start < end { scratch.sparingSpans.append((start, end)) }
            }
            Self.insertionSort(&scratch.sparingSpans) { $0.start < $1.start }
            var x = piece.x
            for span in scratch.sparingSpans {
                if span.start > x {
                    addToFillBatch(PixelRect(x: x, y: top, width: span.start - x, height: bottom - top), color: color)
                    filled += (span.start - x) * (bottom - top)
                }
                x = max(x, span.end)
            }
            if x < piece.maxX {
                addToFillBatch(PixelRect(x: x, y: top, width: piece.maxX - x, height: bottom - top), color: color)
                filled += (piece.maxX - x) * (bottom - top)
            }
        }
        // The gaps of every band in as few calls as the batch allows (a kiosk's root: dozens).
        sendFillBatch(color: color)
        return filled
    }

    /// Sorts in place without the temporary buffer the standard sort may take (a few dozen
    /// elements, mostly in order already: the spared rectangles come top to bottom).
    private static func insertionSort<T>(_ items: inout [T], by less: (T, T) -> Bool) {
        guard items.count > 1 else { return }
        for i in 1..<items.count {
            let item = items[i]
            var j = i
            while j > 0, less(item, items[j - 1]) {
                items[j] = items[j - 1]
                j -= 1
            }
            items[j] = item
        }
    }
}
