import Testing
import VitrineGraphics

/// Attributed text drawn through a graphics context (runs, backgrounds, decorations) and
/// compared with reference PNGs, with the fonts the other text goldens use (DejaVu Sans for
/// Latin, Hebrew and Arabic, WenQuanYi Micro Hei for Chinese).
@MainActor
struct AttributedTextGoldenTests {
    @Test func paragraphStylesInLatinAndHebrew() {
        let surface = whiteSurface(width: 460, height: 190)
        surface.fill(PixelRect(x: 8, y: 8, width: 210, height: 174), with: Color(rgb: 0xEEF2F8))
        surface.fill(PixelRect(x: 242, y: 8, width: 210, height: 174), with: Color(rgb: 0xEEF2F8))
        let context = GraphicsContext(surface: surface)
        let hanging = ParagraphStyle(lineSpacing: 4, firstLineHeadIndent: 0, headIndent: 18)
        let centred = ParagraphStyle(alignment: .center)
        let latin = AttributedText("Head indent: the lines after the first start further in. ",
                                   attributes: .init(font: .system(size: 13), paragraphStyle: hanging))
            + AttributedText("Bold", attributes: .init(font: .system(size: 13, weight: .bold)))
            + AttributedText(" and ", attributes: .init(font: .system(size: 13)))
            + AttributedText("blue", attributes: .init(font: .system(size: 13), foregroundColor: Color(rgb: 0x1F5FBF)))
            + AttributedText(" words wrap with the rest.\n", attributes: .init(font: .system(size: 13)))
            + AttributedText("A centred paragraph, ", attributes: .init(font: .system(size: 13), paragraphStyle: centred))
            + AttributedText("larger", attributes: .init(font: .system(size: 20)))
            + AttributedText(" in the middle.", attributes: .init(font: .system(size: 13)))
        context.draw(TextLayout(attributedText: latin, font: .system(size: 13), width: 210), at: Point(x: 8, y: 8),
                     color: .black)
        let hebrew = AttributedText("פסקה מימין לשמאל עם הזחה: השורות שאחרי הראשונה מוזחות ",
                                    attributes: .init(font: .system(size: 15), paragraphStyle: hanging))
            + AttributedText("מודגש", attributes: .init(font: .system(size: 15, weight: .bold), underlineStyle: .single))
            + AttributedText(" ו", attributes: .init(font: .system(size: 15)))
            + AttributedText("אדום", attributes: .init(font: .system(size: 15), foregroundColor: Color(rgb: 0xCC0000)))
            + AttributedText(" באמצע הטקסט.", attributes: .init(font: .system(size: 15)))
        context.draw(TextLayout(attributedText: hebrew, font: .system(size: 15), width: 210), at: Point(x: 242, y: 8),
                     color: .black)
        expectGolden(surface, "text-attributed-paragraphs")
    }
}
