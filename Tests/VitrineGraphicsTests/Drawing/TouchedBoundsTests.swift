import CPixman
import CVitrinePixels
import Testing
import VitrineTestSupport
@testable import VitrineGraphics

/// `GraphicsContext.touchedBounds` is what the compositor takes as a redrawn backing store's
/// ink instead of scanning its pixels: it must hold every pixel any drawing changed, through
/// every clip, transform and blend mode. And text drawn by the layout (one solid image and
/// one operator for all its glyphs) must give exactly the pixels of its glyphs composited one
/// by one.
@MainActor
struct TouchedBoundsTests {
    private struct Random {
        var generator: SeededRandom
        mutating func unit() -> Double { Double.random(in: 0..<1, using: &generator) }
        mutating func range(_ low: Double, _ high: Double) -> Double { low + unit() * (high - low) }
        mutating func color() -> Color {
            Color(red: unit(), green: unit(), blue: unit(), alpha: unit() < 0.5 ? 1 : unit())
        }
        /// A clip of `count` random rectangles, each starting inside `size` and up to half its
        /// width and a third of its height.
        mutating func region(of count: Int, within size: (width: Int, height: Int)) -> Region {
            var region = Region()
            for _ in 0..<count {
                region.formUnion(PixelRect(x: Int(range(0, Double(size.width - 10))), y: Int(range(0, Double(size.height - 10))),
                                           width: Int(range(1, Double(size.width / 2))), height: Int(range(1, Double(size.height / 3)))))
            }
            return region
        }
    }

    /// Random primitives, each checked on its own: every pixel it changed lies in the box.
    @Test(arguments: 1...12 as ClosedRange<UInt64>)
    func everyChangedPixelLiesInTheTouchedBox(seed: UInt64) {
        var r = Random(generator: SeededRandom(seed: seed))
        let (width, height) = (160, 120)
        let surface = Surface(width: width, height: height, format: .argb8888)
        let clip = r.unit() < 0.5 ? r.region(of: 3, within: (width, height)) : nil
        let image = Surface(width: 6, height: 5, format: .argb8888)
        for y in 0..<5 { for x in 0..<6 { image.fill(PixelRect(x: x, y: y, width: 1, height: 1), with: r.color()) } }
        let layout = TextLayout(text: "Touch Ag", font: .system(size: r.range(8, 30)))
        let context = GraphicsContext(surface: surface, clip: clip)
        var changedSomewhere = 0
        for step in 0..<40 {
            // Something on the surface to change (clear and copy change transparent pixels too).
            if r.unit() < 0.3 { surface.fill(surface.bounds, with: r.color()) }
            let before = (0..<height).map { y in (0..<width).map { x in surface.word(x: x, y: y) } }
            context.touchedBounds = PixelRect(x: 0, y: 0, width: 0, height: 0)
            context.saveGState()
            if r.unit() < 0.3 { context.translateBy(x: r.range(-20, 20), y: r.range(-20, 20)) }
            if r.unit() < 0.2 { context.scaleBy(x: r.range(0.5, 2), y: r.range(0.5, 2)) }
            if r.unit() < 0.15 { context.rotate(by: r.range(-1, 1)) }
            if r.unit() < 0.2 {
                context.clip(toRoundedRect: Rect(x: r.range(0, 80), y: r.range(0, 60), width: r.range(20, 120), height: r.range(20, 80)),
                             cornerRadius: r.range(0, 15))
            }
            if r.unit() < 0.2 { context.alpha = r.range(0.2, 1) }
            context.blendMode = r.unit() < 0.5 ? .normal : BlendMode.allCases[Int(r.unit() * Double(BlendMode.allCases.count))]
            context.fillColor = r.color()
            context.strokeColor = r.color()
            context.lineWidth = r.range(0.5, 6)
            let rect = Rect(x: r.range(-30, 150), y: r.range(-30, 110), width: r.range(1, 120), height: r.range(1, 90))
            switch Int(r.unit() * 8) {
            case 0: context.fill(rect)
            case 1: context.fillRoundedRect(rect, cornerRadius: r.range(0, 30))
            case 2: context.strokeRoundedRect(rect, cornerRadius: r.range(0, 30))
            case 3: context.fillEllipse(in: rect)
            case 4: context.strokeLine(from: rect.origin, to: Point(x: rect.maxX, y: rect.maxY))
            case 5: context.draw(image, in: rect)
            case 6:
                context.drawLinearGradient(Gradient(colors: [r.color(), r.color()]), start: rect.origin,
                                           end: Point(x: rect.maxX, y: rect.maxY), options: [])
            default: context.draw(layout, at: rect.origin, color: r.color())
            }
            context.restoreGState()
            let box = context.touchedBounds
            for y in 0..<height {
                for x in 0..<width where surface.word(x: x, y: y) != before[y][x] {
                    changedSomewhere += 1
                    if !box.contains(x: x, y: y) {
                        Issue.record("seed \(seed), step \(step): pixel (\(x), \(y)) changed outside the touched box \(box)")
                        return
                    }
                }
            }
        }
        // The scene changed pixels: the check above was not vacuous.
        #expect(changedSomewhere > 0)
        #expect(!context.surfaceLent)
    }

    @Test func theBoxIsWhatWasPaintedAndResetsWithTheContext() {
        let surface = Surface(width: 100, height: 80, format: .argb8888)
        let scratch = DrawingScratch()
        scratch.withContext(surface: surface) { context in
            #expect(context.touchedBounds.isEmpty)
            context.fill(Rect(x: 10, y: 20, width: 30, height: 5))
            #expect(context.touchedBounds == PixelRect(x: 10, y: 20, width: 30, height: 5))
            context.fill(Rect(x: 50, y: 60, width: 4, height: 4))
            #expect(context.touchedBounds == PixelRect(x: 10, y: 20, width: 44, height: 44))
            // Nothing is painted at alpha 0: the box stays.
            context.alpha = 0
            context.fill(Rect(x: 0, y: 0, width: 100, height: 80))
            #expect(context.touchedBounds == PixelRect(x: 10, y: 20, width: 44, height: 44))
            #expect(!context.surfaceLent)
            _ = context.surface
            #expect(context.surfaceLent)
        }
        // The context is reused, its box and lending forgotten.
        scratch.withContext(surface: surface) { context in
            #expect(context.touchedBounds.isEmpty)
            #expect(!context.surfaceLent)
        }
    }

    /// The layout's glyphs drawn together (`draw(_:at:color:)`) against each composited
    /// through `compositeMask`, under random clips, alphas, colours and blend modes.
    @Test(arguments: 1...10 as ClosedRange<UInt64>)
    func textDrawnTogetherEqualsItsGlyphsDrawnOneByOne(seed: UInt64) {
        var r = Random(generator: SeededRandom(seed: seed))
        let (width, height) = (220, 90)
        let background = r.color()
        let together = Surface(width: width, height: height, format: .argb8888)
        let oneByOne = Surface(width: width, height: height, format: .argb8888)
        together.fill(together.bounds, with: background)
        oneByOne.fill(oneByOne.bounds, with: background)
        let clip = r.unit() < 0.6 ? r.region(of: 4, within: (width, height)) : nil
        let layout = TextLayout(text: "Waving flags · Ωμέγα fi", font: .system(size: r.range(10, 34)))
        let color = r.color(), alpha = r.unit() < 0.5 ? 1 : r.range(0.1, 1)
        let mode = BlendMode.allCases.filter { $0 != .clear && $0 != .copy }[Int(r.unit() * 8)]
        let scale = [1.0, 1.5, 2][Int(r.unit() * 3)]
        let origin = Point(x: r.range(-10, 30), y: r.range(-10, 20))
        for (surface, perGlyph) in [(together, false), (oneByOne, true)] {
            let context = GraphicsContext(surface: surface, transform: AffineTransform(scaleX: scale, y: scale), clip: clip)
            context.alpha = alpha
            context.blendMode = mode
            if perGlyph {
                layout.forEachGlyphMask(at: origin.applying(context.ctm), scale: scale, within: context.clipBounds) { mask, x, y in
                    context.compositeMask(mask, at: (x, y), color: color)
                }
            } else {
                context.draw(layout, at: origin, color: color)
            }
        }
        var differing = 0, changed = 0
        let reference = Surface(width: 1, height: 1, format: .argb8888)
        reference.fill(reference.bounds, with: background)
        for y in 0..<height {
            for x in 0..<width {
                if together.word(x: x, y: y) != oneByOne.word(x: x, y: y) { differing += 1 }
                if oneByOne.word(x: x, y: y) != reference.word(x: 0, y: 0) { changed += 1 }
            }
        }
        #expect(differing == 0, "seed \(seed): \(differing) pixels differ")
        // The text showed somewhere (unless the clip hid it all): not a comparison of nothing.
        if clip == nil { #expect(changed > 0) }
    }
}

/// A batch of fills (`GraphicsContext.addToFillBatch`) joins a box into the last one when it
/// continues it on the same rows or columns: whatever the boxes, every pixel of each and no
/// other is filled, across many sends of a full batch.
@MainActor
struct FillBatchTests {
    @Test(arguments: 1...8 as ClosedRange<UInt64>)
    func fillsExactlyTheBoxesGiven(seed: UInt64) {
        var g = SeededRandom(seed: seed)
        let (width, height) = (300, 200)
        let surface = Surface(width: width, height: height, format: .argb8888)
        let below = Color(red: 0.2, green: 0.3, blue: 0.4), paint = Color(red: 1, green: 0.5, blue: 0)
        surface.fill(surface.bounds, with: below)
        // Cells of a grid of random column widths and row heights, some taken, row by row
        // (odd seeds) or column by column (even ones), so that neighbours follow each other:
        // cells of equal height side by side, of equal width one under another. Now and then a
        // cell spans two rows or two columns (one overlapping a cell already taken is left
        // out), so that a neighbour can match on one side and not the other.
        var columns = [0], rows = [0]
        while columns.last! < width { columns.append(min(width, columns.last! + Int.random(in: 1...12, using: &g))) }
        while rows.last! < height { rows.append(min(height, rows.last! + Int.random(in: 1...12, using: &g))) }
        var expected = [[Bool]](repeating: [Bool](repeating: false, count: width), count: height)
        let context = GraphicsContext(surface: surface)
        context.scratch.fillBoxes.removeAll(keepingCapacity: true)
        var taken = 0
        let byRows = seed % 2 == 1
        let (outer, inner) = byRows ? (rows.count - 1, columns.count - 1) : (columns.count - 1, rows.count - 1)
        for i in 0..<outer {
            for j in 0..<inner where Int.random(in: 0..<3, using: &g) > 0 {
                let (row, column) = byRows ? (i, j) : (j, i)
                let long = Int.random(in: 0..<6, using: &g) == 0
                let tall = long && row + 2 < rows.count, wide = long && column + 2 < columns.count && !tall
                let cell = PixelRect(x: columns[column], y: rows[row], width: (wide ? columns[column + 2] : columns[column + 1]) - columns[column],
                                     height: (tall ? rows[row + 2] : rows[row + 1]) - rows[row])
                guard (cell.y..<cell.maxY).allSatisfy({ y in (cell.x..<cell.maxX).allSatisfy { !expected[y][$0] } }) else { continue }
                for y in cell.y..<cell.maxY { for x in cell.x..<cell.maxX { expected[y][x] = true } }
                context.addToFillBatch(cell, color: paint)
                taken += 1
            }
        }
        context.sendFillBatch(color: paint)
        #expect(taken > DrawingScratch.fillBatchCapacity)
        // The colours as stored (a fill's words), to compare words with words.
        let reference = Surface(width: 2, height: 1, format: .argb8888)
        reference.fill(PixelRect(x: 0, y: 0, width: 1, height: 1), with: below)
        reference.fill(PixelRect(x: 1, y: 0, width: 1, height: 1), with: paint)
        let (belowWord, paintWord) = (reference.word(x: 0, y: 0), reference.word(x: 1, y: 0))
        var wrong = 0
        for y in 0..<height {
            for x in 0..<width where surface.word(x: x, y: y) != (expected[y][x] ? paintWord : belowWord) { wrong += 1 }
        }
        #expect(wrong == 0, "seed \(seed): \(wrong) pixels wrong")
    }

    /// Wide boxes of 32-bit pixels (`Surface.wideFillPixels` a row or more) go a `rep stosl`
    /// a row where the CPU has fast strings (`vitrine_fill_rows32`), narrow ones
    /// (below `Surface.narrowFillPixels`) by 16-byte stores on x86-64
    /// (`vitrine_fill_narrow32`), the rest to pixman's fill: whichever way, a batch stores
    /// exactly what pixman's fill stores, in the box and nowhere else, whatever the offsets.
    @Test(arguments: [PixelFormat.xrgb8888, .argb8888])
    func fillsOfEveryWidthStoreWhatPixmansFillStores(format: PixelFormat) {
        var g = SeededRandom(seed: 5)
        func randomColor() -> Color {
            Color(red: Double.random(in: 0...1, using: &g), green: Double.random(in: 0...1, using: &g),
                  blue: Double.random(in: 0...1, using: &g), alpha: Double.random(in: 0...1, using: &g))
        }
        let (width, height) = (1001, 40)
        let batched = Surface(width: width, height: height, format: format), single = Surface(width: width, height: height, format: format)
        let context = GraphicsContext(surface: batched)
        var widths: [Int] = []
        for index in 0..<160 {
            let color = randomColor()
            let w = index % 2 == 0 ? Int.random(in: 200...800, using: &g) : Int.random(in: 1...64, using: &g)
            let h = Int.random(in: 1...height, using: &g)
            let box = PixelRect(x: Int.random(in: 0...(width - w), using: &g), y: Int.random(in: 0...(height - h), using: &g), width: w, height: h)
            widths.append(w)
            var pixmanColor = color.pixmanColor
            var pixmanBox = pixman_box32_t(x1: Int32(box.x), y1: Int32(box.y), x2: Int32(box.maxX), y2: Int32(box.maxY))
            pixman_image_fill_boxes(PIXMAN_OP_SRC, single.image, &pixmanColor, 1, &pixmanBox)
            context.scratch.fillBoxes.removeAll(keepingCapacity: true)
            context.addToFillBatch(box, color: color)
            context.sendFillBatch(color: color)
        }
        // Both sides of the width from which rows go by fast strings, and of the one below
        // which they go by 16-byte stores (rows of under four pixels among them).
        #expect(widths.contains { $0 < Surface.wideFillPixels } && widths.contains { $0 >= Surface.wideFillPixels })
        #expect(widths.contains { $0 < 4 } && widths.contains { $0 < Surface.narrowFillPixels }
                && widths.contains { $0 >= Surface.narrowFillPixels && $0 < Surface.wideFillPixels })
        var wrong = 0
        for y in 0..<height {
            for x in 0..<width where batched.word(x: x, y: y) != single.word(x: x, y: y) { wrong += 1 }
        }
        #expect(wrong == 0, "\(format): \(wrong) pixels differ from pixman's fill")
    }

    /// Fills `boxes` random boxes of `widths` (random heights, colours and offsets) in a
    /// `width`-pixel-wide surface by `fill` and by `pixman_fill`, and counts the pixels that
    /// differ.
    private func pixelsDifferingFromPixmansFill(seed: UInt64, width: Int, widths: [Int], boxesEach: Int,
                                                _ fill: (UnsafeMutablePointer<UInt32>, Int, Int32, Int32, Int32, Int32, UInt32) -> Void) -> Int {
        var g = SeededRandom(seed: seed)
        let height = 30
        let ours = Surface(width: width, height: height, format: .xrgb8888), theirs = Surface(width: width, height: height, format: .xrgb8888)
        let words = Int(pixman_image_get_stride(ours.image) / 4)
        for w in widths {
            for _ in 0..<boxesEach {
                let h = Int.random(in: 1...height, using: &g)
                let x = Int.random(in: 0...(width - w), using: &g), y = Int.random(in: 0...(height - h), using: &g)
                let pixel = UInt32.random(in: 0...UInt32.max, using: &g)
                fill(pixman_image_get_data(ours.image), words, Int32(x), Int32(y), Int32(w), Int32(h), pixel)
                pixman_fill(pixman_image_get_data(theirs.image), Int32(words), 32, Int32(x), Int32(y), Int32(w), Int32(h), pixel)
            }
        }
        var wrong = 0
        for y in 0..<height {
            for x in 0..<width where ours.word(x: x, y: y) != theirs.word(x: x, y: y) { wrong += 1 }
        }
        return wrong
    }

    /// `vitrine_fill_rows32` itself (a `rep stosl` a row on any x86-64, whether or not the
    /// fills choose it: run with fast strings turned off, the test above reaches only pixman)
    /// sets exactly the pixels `pixman_fill` sets, for widths from one pixel up, at any
    /// offset.
    @Test func fillRowsSetsWhatPixmansFillSets() {
        var g = SeededRandom(seed: 11)
        let widths = (0..<200).map { _ in Int.random(in: 1...600, using: &g) }
        let wrong = pixelsDifferingFromPixmansFill(seed: 12, width: 701, widths: widths, boxesEach: 1) {
            vitrine_fill_rows32($0, $1, $2, $3, $4, $5, $6)
        }
        #expect(wrong == 0, "\(wrong) pixels differ from pixman_fill's")
    }

    /// `vitrine_fill_narrow32` itself sets exactly the pixels `pixman_fill` sets, for every
    /// width from one pixel (its single stores) through four to eight (two overlapping 16-byte
    /// stores) and beyond (a loop and an overlapping tail), at any offset.
    @Test func fillNarrowSetsWhatPixmansFillSets() {
        let wrong = pixelsDifferingFromPixmansFill(seed: 13, width: 203, widths: Array(1...80), boxesEach: 3) {
            vitrine_fill_narrow32($0, $1, $2, $3, $4, $5, $6)
        }
        #expect(wrong == 0, "\(wrong) pixels differ from pixman_fill's")
    }

    /// The colour a batch stores is the one pixman's own fill stores, in every format.
    @Test(arguments: [PixelFormat.xrgb8888, .argb8888, .rgb565, .a8])
    func storesWhatPixmansFillStores(format: PixelFormat) {
        var g = SeededRandom(seed: 99)
        for _ in 0..<200 {
            let color = Color(red: Double.random(in: 0...1, using: &g), green: Double.random(in: 0...1, using: &g),
                              blue: Double.random(in: 0...1, using: &g), alpha: Double.random(in: 0...1, using: &g))
            let batched = Surface(width: 4, height: 2, format: format), single = Surface(width: 4, height: 2, format: format)
            // pixman's own fill (which `Surface.fill` no longer calls).
            var pixmanColor = color.pixmanColor
            var box = pixman_box32_t(x1: 1, y1: 0, x2: 3, y2: 2)
            pixman_image_fill_boxes(PIXMAN_OP_SRC, single.image, &pixmanColor, 1, &box)
            let context = GraphicsContext(surface: batched)
            context.scratch.fillBoxes.removeAll(keepingCapacity: true)
            context.addToFillBatch(PixelRect(x: 1, y: 0, width: 2, height: 1), color: color)
            context.addToFillBatch(PixelRect(x: 1, y: 1, width: 2, height: 1), color: color)
            context.sendFillBatch(color: color)
            for y in 0..<2 {
                for byte in 0..<(4 * format.bytesPerPixel) {
                    let got = batched.baseAddress.load(fromByteOffset: y * batched.stride + byte, as: UInt8.self)
                    let want = single.baseAddress.load(fromByteOffset: y * single.stride + byte, as: UInt8.self)
                    if got != want {
                        Issue.record("\(format) \(color): row \(y), byte \(byte) holds \(got), pixman's fill \(want)")
                        return
                    }
                }
            }
        }
    }
}
