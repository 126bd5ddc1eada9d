import Testing
import VitrineTestSupport
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// An opaque background is not filled under what its subviews paint over opaquely (issue 15),
/// and the picture is exactly what filling it whole gives. The reference is composed with
/// sparing off, into a scene first painted a colour no view has, so that a pixel spared but
/// not painted over would show.
@MainActor
struct SparedFillTests {
    /// The whole scene of `h`'s windows composed afresh, sparing or not; and the pixels spared.
    private func compose(_ h: Harness, sparing: Bool) -> (Surface, spared: Int) {
        View.sparesCoveredFill = sparing
        defer { View.sparesCoveredFill = true }
        let size = h.display.sceneSize
        let compositor = Compositor(width: size.width, height: size.height, scale: h.app.screen.scale)
        compositor.scene.fill(compositor.sceneBounds, with: Color(red: 1, green: 0, blue: 1))
        compositor.screenColor = Color(red: 1, green: 0, blue: 1)
        compositor.compose(Region(compositor.sceneBounds), windows: h.app.windows)
        return (compositor.scene, compositor.pixelsSpared)
    }

    /// Views in `view`'s subtree, itself included.
    private func viewCount(_ view: View) -> Int { view.subviews.reduce(1) { $0 + viewCount($1) } }

    private func randomColor(_ g: inout SeededRandom) -> Color {
        Color(red: Double.random(in: 0...0.9, using: &g), green: Double.random(in: 0...0.9, using: &g),
              blue: Double.random(in: 0...0.9, using: &g), alpha: [1, 1, 1, 0.6].randomElement(using: &g)!)
    }

    /// A random tree on a 400×300 window: opaque and translucent backgrounds, rounded corners,
    /// clipping and rounded clipping views, alpha below 1, hidden views, scaled, turned and
    /// fractional frames, drawing views, nested up to five deep.
    private func randomScreen(seed: UInt64, scale: Double) -> Harness {
        let h = Harness(width: Int(400 * scale), height: Int(300 * scale), scale: scale)
        var g = SeededRandom(seed: seed)
        h.window.backgroundColor = randomColor(&g).withAlphaComponent(1)
        var views: [(View, depth: Int)] = []
        for _ in 0..<Int.random(in: 6...30, using: &g) {
            let parentEntry = views.filter { $0.depth < 5 }.randomElement(using: &g)
            let parent = Bool.random(using: &g) ? (parentEntry?.0 ?? h.window) : h.window
            let depth = parent === h.window ? 0 : (parentEntry?.depth ?? 0) + 1
            let size = parent.bounds.size
            let w = Double.random(in: 4...max(size.width, 8), using: &g), hgt = Double.random(in: 4...max(size.height, 8), using: &g)
            let frame = Rect(x: Double.random(in: -20...size.width, using: &g).rounded() + [0, 0, 0.5, 0.25].randomElement(using: &g)!,
                             y: Double.random(in: -20...size.height, using: &g).rounded() + [0, 0, 0.5].randomElement(using: &g)!,
                             width: w.rounded() + [0, 0, 0.5].randomElement(using: &g)!, height: hgt.rounded())
            let view: View = Int.random(in: 0..<5, using: &g) == 0 ? PatternView(frame: frame) : View(frame: frame)
            view.backgroundColor = Int.random(in: 0..<5, using: &g) == 0 ? nil : randomColor(&g)
            if Int.random(in: 0..<4, using: &g) == 0 { view.cornerRadius = Double.random(in: 2...14, using: &g) }
            if Int.random(in: 0..<5, using: &g) == 0 { view.borderWidth = 1; view.borderColor = randomColor(&g) }
            view.clipsToBounds = Int.random(in: 0..<3, using: &g) == 0
            if Int.random(in: 0..<8, using: &g) == 0 { view.alpha = 0.7 }
            if Int.random(in: 0..<12, using: &g) == 0 { view.isHidden = true }
            switch Int.random(in: 0..<10, using: &g) {
            case 0: view.transform = AffineTransform(scaleX: 1.5, y: 0.75)
            case 1: view.transform = AffineTransform(rotationAngle: 0.3)
            default: break
            }
            parent.addSubview(view)
            views.append((view, depth))
        }
        h.settle()
        return h
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func aSparedFillGivesTheWholeFillsPicture(scale: Double) {
        var spared = 0
        for seed in UInt64(1)...40 {
            let h = randomScreen(seed: seed &* 7919, scale: scale)
            let whole = compose(h, sparing: false)
            let sparing = compose(h, sparing: true)
            #expect(whole.spared == 0)
            #expect(sparing.0.hasSamePixels(as: whole.0), "seed \(seed &* 7919) at scale \(scale)")
            spared += sparing.spared
        }
        // Not vacuous: the random trees do hold opaque views over opaque backgrounds.
        #expect(spared > 10_000)
    }

    /// A screen of more views than the search looks at for one fill
    /// (`View.opaqueCoverBudget`): twenty rounded cards of six views each, then a status bar.
    /// The views inside an opaque card can spare nothing beyond the card's own cover, so the
    /// search does not spend its budget on them, and the window is spared under every card
    /// and the bar, the last ones too.
    @Test func everyCardOfAScreenLargerThanTheBudgetIsSpared() {
        let h = Harness(width: 800, height: 600)
        h.window.backgroundColor = .white
        for index in 0..<20 {
            let card = View(frame: Rect(x: 10 + Double(index % 5) * 155, y: 10 + Double(index / 5) * 135, width: 140, height: 100))
            card.backgroundColor = Color(rgb: 0xE0E0E0)
            card.cornerRadius = 10
            h.window.addSubview(card)
            for item in 0..<5 {
                let inside = View(frame: Rect(x: 12 + Double(item) * 24, y: 20, width: 20, height: 60))
                inside.backgroundColor = item % 2 == 0 ? Color(rgb: 0x2D6CDF) : nil
                card.addSubview(inside)
            }
        }
        let bar = View(frame: Rect(x: 0, y: 560, width: 800, height: 40))
        bar.backgroundColor = Color(rgb: 0x1B2A41)
        h.window.addSubview(bar)
        h.settle()
        #expect(viewCount(h.window) > View.opaqueCoverBudget)
        let (picture, spared) = compose(h, sparing: true)
        // Each card's cross, (140 − 20)×100 + 140×(100 − 20) − 120×80, and the bar.
        #expect(spared == 20 * (120 * 100 + 140 * 80 - 120 * 80) + 800 * 40)
        #expect(picture.hasSamePixels(as: compose(h, sparing: false).0))
    }

    /// A window with an opaque header, a rounded card inside a transparent container, and
    /// views that must not be spared: at alpha 0.9, rounded and clipping (a group), turned.
    @Test func theWindowIsNotFilledUnderOpaqueBarsAndCardsOnly() {
        let h = Harness(width: 400, height: 300)
        h.window.backgroundColor = .white
        let header = View(frame: Rect(x: 0, y: 0, width: 400, height: 40))
        header.backgroundColor = Color(rgb: 0x1B2A41)
        h.window.addSubview(header)
        let container = View(frame: Rect(x: 0, y: 40, width: 400, height: 260))
        h.window.addSubview(container)
        let card = View(frame: Rect(x: 20, y: 20, width: 100, height: 80))
        card.backgroundColor = Color(rgb: 0xE0E0E0)
        card.cornerRadius = 10
        container.addSubview(card)
        let faded = View(frame: Rect(x: 140, y: 20, width: 50, height: 50))
        faded.backgroundColor = .black
        faded.alpha = 0.9
        container.addSubview(faded)
        let group = View(frame: Rect(x: 200, y: 20, width: 50, height: 50))
        group.backgroundColor = .black
        group.cornerRadius = 8
        group.clipsToBounds = true
        container.addSubview(group)
        let turned = View(frame: Rect(x: 260, y: 20, width: 50, height: 50))
        turned.backgroundColor = .black
        turned.transform = AffineTransform(rotationAngle: 0.5)
        container.addSubview(turned)
        h.settle()
        let (picture, spared) = compose(h, sparing: true)
        // The header (400×40) and the card's cross: (100 − 20)×80 + 100×(80 − 20) − 80×60.
        #expect(spared == 400 * 40 + 80 * 80 + 100 * 60 - 80 * 60)
        #expect(picture.hasSamePixels(as: compose(h, sparing: false).0))
        // A frame of the running app spares as well, and shows the same picture.
        h.window.setNeedsDisplay()
        h.settle()
        #expect(h.app.statistics.lastFrame.pixelsSpared > 0)
        #expect(h.display.shownBuffer?.hasSamePixels(as: picture) == true)
    }
}

