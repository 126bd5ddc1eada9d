import VitrineGraphics

/// The 17-point system font (DejaVu Sans): what most text tests lay out.
let body = Font.system(size: 17)

/// The advance width, in points, of `string` on one line in `font`.
@MainActor
func advance(of string: String, font: Font = body) -> Double {
    TextLayout(text: string, font: font).size.width
}

/// What each line of `layout` shows, top to bottom.
func shownLines(_ layout: TextLayout) -> [String] {
    layout.lines.map(\.displayedText)
}

/// Every glyph of `layout`, in visual order line by line.
func allGlyphs(_ layout: TextLayout) -> [TextLayout.Glyph] {
    layout.lines.flatMap { $0.runs.flatMap(\.glyphs) }
}

/// The smallest pixel rectangle holding every pixel of `surface` that is not `background`
/// (nil when there is none): where something was drawn.
func inkBounds(of surface: Surface, background: Color = .white) -> PixelRect? {
    let clean = background.rgba8
    var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
    for y in 0..<surface.height {
        for x in 0..<surface.width where surface.color(x: x, y: y).rgba8 != clean {
            minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
        }
    }
    guard minX <= maxX else { return nil }
    return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
}
