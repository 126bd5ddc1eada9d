import Testing
import VitrineGraphics

/// Text rendered headless and compared with reference PNGs (Goldens/text-*.png), exactly:
/// FreeType, HarfBuzz and the fonts are pinned by the distribution (Debian 12's
/// fonts-dejavu-core and fonts-wqy-microhei), so the pixels are reproducible.
@MainActor
struct TextGoldenTests {
    let paragraph = "Vitrine draws text with FreeType and shapes it with HarfBuzz: kerning, ligatures (office, affine) and wrapping at word boundaries."

    /// A white surface with a pale box where each layout goes, so alignment shows.
    func canvas(width: Int, height: Int) -> Surface {
        whiteSurface(width: width, height: height)
    }

    func box(_ surface: Surface, _ rect: PixelRect) {
        surface.fill(rect, with: Color(rgb: 0xEEF2F8))
    }

    @Test func paragraphWrappedLeftCenterRightJustified() {
        let surface = canvas(width: 640, height: 170)
        let alignments: [TextAlignment] = [.left, .center, .right, .justified]
        for (i, alignment) in alignments.enumerated() {
            let x = 8 + i * 158
            box(surface, PixelRect(x: x, y: 8, width: 150, height: 154))
            let layout = TextLayout(text: paragraph, font: .system(size: 13), width: 150, alignment: alignment)
            layout.draw(in: surface, at: Point(x: Double(x), y: 8), scale: 1, color: .black)
        }
        expectGolden(surface, "text-paragraph-alignment")
    }

    @Test func truncationModes() {
        let surface = canvas(width: 380, height: 200)
        let text = "The quick brown fox jumps over the lazy dog"
        let rows: [(LineBreakMode, Int)] = [(.byTruncatingTail, 1), (.byTruncatingHead, 1), (.byTruncatingMiddle, 1),
                                            (.byTruncatingTail, 2), (.byClipping, 1)]
        var y = 8
        for (mode, lines) in rows {
            box(surface, PixelRect(x: 8, y: y, width: 180, height: 21 * lines))
            let layout = TextLayout(text: text, font: body, width: 180, numberOfLines: lines, lineBreakMode: mode)
            layout.draw(in: surface, at: Point(x: 8, y: Double(y)), scale: 1, color: .black,
                        clip: Region(PixelRect(x: 8, y: y, width: 180, height: 21 * lines)))
            TextLayout(text: "\(mode)", font: .system(size: 11), width: 170)
                .draw(in: surface, at: Point(x: 200, y: Double(y) + 3), scale: 1, color: .gray)
            y += 21 * lines + 10
        }
        expectGolden(surface, "text-truncation")
    }

    @Test func latinCyrillicAndChineseOnOneLine() {
        let surface = canvas(width: 420, height: 110)
        TextLayout(text: "Hello Привет 你好, мир 世界!", font: .system(size: 24))
            .draw(in: surface, at: Point(x: 8, y: 8), scale: 1, color: .black)
        TextLayout(text: "Bold Жирный 粗体", font: .system(size: 24, weight: .bold))
            .draw(in: surface, at: Point(x: 8, y: 44), scale: 1, color: Color(rgb: 0x1F5FBF))
        TextLayout(text: "中文在这里换行，标点不会出现在行首。", font: .system(size: 14), width: 130)
            .draw(in: surface, at: Point(x: 280, y: 44), scale: 1, color: .black)
        expectGolden(surface, "text-mixed-scripts")
    }

    @Test func rightToLeftLines() {
        let surface = canvas(width: 320, height: 130)
        let lines = ["שלום עולם", "abc שלום 123 def", "مرحبا بالعالم", "שלום 2024 עולם"]
        for (i, text) in lines.enumerated() {
            let y = 8 + i * 29
            box(surface, PixelRect(x: 8, y: y, width: 300, height: 24))
            TextLayout(text: text, font: .system(size: 18), width: 300)
                .draw(in: surface, at: Point(x: 8, y: Double(y)), scale: 1, color: .black)
        }
        expectGolden(surface, "text-rtl")
    }

    @Test func doubleScale() {
        let surface = canvas(width: 440, height: 150)
        let layout = TextLayout(text: "Sharp at 2× — Привет 你好 שלום\nsecond line, centred", font: body, width: 210,
                                alignment: .center)
        box(surface, PixelRect(x: 10, y: 10, width: 420, height: Int((layout.size.height * 2).rounded(.up))))
        layout.draw(in: surface, at: Point(x: 10, y: 10), scale: 2, color: .black)
        expectGolden(surface, "text-scale2")
    }
}
