import Testing
import VitrineGraphics

@MainActor
struct FontTests {
    @Test func systemFontResolvesToDejaVuSans() {
        let face = Font.system(size: 17).face
        #expect(face.familyName == "DejaVu Sans")
        #expect(face.path.hasSuffix("/DejaVuSans.ttf"))
        #expect(face.covers("A"))
    }

    @Test func boldWeightResolvesToTheBoldFace() {
        let regular = Font.system(size: 17).face
        let bold = Font.system(size: 17, weight: .bold).face
        #expect(bold != regular)
        #expect(bold.familyName == "DejaVu Sans")
        #expect(bold.styleName == "Bold")
        // Bold strokes are wider: the same word takes more room.
        #expect(advance(of: "Vitrine", font: .boldSystem(size: 17)) > advance(of: "Vitrine"))
    }

    @Test func facesAreSharedAcrossSizes() {
        #expect(Font.system(size: 12).face === Font.system(size: 40).face)
    }

    @Test func monospacedFontHasEqualAdvances() {
        let mono = Font.monospacedSystem(size: 15)
        #expect(mono.face.familyName == "DejaVu Sans Mono")
        let narrow = advance(of: "iiii", font: mono), wide = advance(of: "WWWW", font: mono)
        #expect(narrow == wide)
        // The proportional font differs.
        #expect(advance(of: "iiii") < advance(of: "WWWW"))
    }

    @Test func metricsComeFromTheFaceScaledToThePointSize() {
        // DejaVu Sans: 2048 units per em, hhea ascender 1901, descender −483, and a line gap
        // of 0 (ascender − descender = 2384, its line height).
        let font = Font.system(size: 17)
        #expect(abs(font.ascender - 1901.0 * 17 / 2048) < 1e-9)
        #expect(abs(font.descender - 483.0 * 17 / 2048) < 1e-9)
        #expect(abs(font.lineHeight - 2384.0 * 17 / 2048) < 1e-9)
        #expect(abs(Font.system(size: 34).lineHeight - 2 * font.lineHeight) < 1e-9)
    }

    @Test func unknownFamilyFallsBackToAnInstalledFace() {
        let face = Font(familyName: "No Such Family 12345", pointSize: 17).face
        #expect(face.covers("A"))
        #expect(advance(of: "Hello", font: Font(familyName: "No Such Family 12345", pointSize: 17)) > 0)
    }

    @Test func fontValuesCompareByFamilySizeAndWeight() {
        #expect(Font.system(size: 17) == Font(familyName: "DejaVu Sans", pointSize: 17, weight: .regular))
        #expect(Font.system(size: 17) != Font.system(size: 18))
        #expect(Font.system(size: 17).withWeight(.bold) == .boldSystem(size: 17))
        #expect(Font.system(size: 17).withSize(20).pointSize == 20)
        #expect(Font.Weight.light < .regular && Font.Weight.semibold < .bold)
    }
}
