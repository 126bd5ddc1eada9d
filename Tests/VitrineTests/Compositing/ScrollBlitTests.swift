import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// The screen as a full repaint of `h`'s windows draws it, turned as the display shows it:
/// what the buffer on screen must hold after any partial repaint.
@MainActor
func fullRepaintAsShown(_ h: Harness) -> Surface {
    let size = h.display.sceneSize
    let compositor = Compositor(width: size.width, height: size.height, scale: h.app.screen.scale)
    compositor.compose(Region(compositor.sceneBounds), windows: h.app.windows)
    guard h.display.rotation != .none else { return compositor.scene }
    let panel = Surface(width: h.display.mode.width, height: h.display.mode.height, format: .xrgb8888)
    panel.copy(Region(compositor.sceneBounds), from: compositor.scene, rotation: h.display.rotation)
    return panel
}

/// Scrolling costs what it exposes: a clipping view whose bounds origin moves by whole pixels
/// has its still-valid pixels moved inside the scene, and only the exposed strip (plus what
/// else changed there) is repainted; the picture stays exactly a full repaint's.
@MainActor
struct ScrollBlitTests {
    /// A 400×300 screen with a 400×260 list of cards (drawing views, rounded, some bordered)
    /// in an opaque scroll view at y = 20.
    private func listScreen(scale: Double = 1, rotation: ScreenRotation = .none) -> (Harness, ScrollView) {
        // Panel pixels for a 400×300-point scene, turned as the display is.
        let width = Int(400 * scale), height = Int(300 * scale)
        let quarter = rotation == .clockwise90 || rotation == .clockwise270
        let h = Harness(width: quarter ? height : width, height: quarter ? width : height, scale: scale, rotation: rotation)
        h.window.backgroundColor = .white
        let scroll = ScrollView(frame: Rect(x: 0, y: 20, width: 400, height: 260))
        scroll.backgroundColor = Color(rgb: 0xECEFF1)
        scroll.contentSize = Size(width: 800, height: 2000)
        for row in 0..<40 {
            let card = PatternView(frame: Rect(x: 10, y: 6 + Double(row) * 50, width: 380, height: 44))
            card.backgroundColor = Color(rgb: row % 2 == 0 ? 0xFFFFFF : 0xE3F2FD)
            card.cornerRadius = 8
            if row % 3 == 0 { card.borderWidth = 1.5; card.borderColor = Color(rgb: 0x90A4AE) }
            scroll.addSubview(card)
        }
        h.window.addSubview(scroll)
        h.settle()
        return (h, scroll)
    }

    private func expectExact(_ h: Harness, _ comment: Comment? = nil) {
        #expect(h.display.shownBuffer?.hasSamePixels(as: fullRepaintAsShown(h)) == true, comment)
    }

    @Test func aScrollFrameComposesOnlyTheExposedStrip() {
        let (h, scroll) = listScreen()
        scroll.contentOffset = Point(x: 0, y: 10)
        h.settle()
        let frame = h.app.statistics.lastFrame
        #expect(frame.pixelsComposed == 400 * 10)
        #expect(frame.pixelsMoved == 400 * 250)
        #expect(frame.viewsDrawn == 0)
        // The whole area changed on screen: it is presented (and remembered for older buffers).
        #expect(h.app.statistics.lastPresentedDamage == Region(PixelRect(x: 0, y: 20, width: 400, height: 260)))
        expectExact(h)
        // Back up by 7: the top strip is exposed.
        scroll.contentOffset = Point(x: 0, y: 3)
        h.settle()
        #expect(h.app.statistics.lastFrame.pixelsComposed == 400 * 7)
        #expect(h.app.statistics.lastFrame.pixelsMoved == 400 * 253)
        expectExact(h)
    }

    /// Sideways and diagonal scrolls turn the area's columns (and rows) as a vertical one turns
    /// its rows: nothing moves, the exposed strips are composed, the picture is exact.
    @Test(arguments: [ScreenRotation.none, .clockwise90])
    func sidewaysAndDiagonalScrollsExposeTwoStrips(rotation: ScreenRotation) {
        let (h, scroll) = listScreen(rotation: rotation)
        scroll.contentOffset = Point(x: 30, y: 0)
        h.settle()
        #expect(h.app.statistics.lastFrame.pixelsComposed == 30 * 260)
        #expect(h.app.compositor?.turnedBand?.columnPhase == 30 && h.app.compositor?.turnedBand?.rowPhase == 0)
        #expect(h.display.lastPixelsMovedAhead == 0 && h.display.lastBytesCopiedAhead == 0)
        expectExact(h)
        scroll.contentOffset = Point(x: 25, y: 12)   // left 5, up 12
        h.settle()
        #expect(h.app.statistics.lastFrame.pixelsComposed == 400 * 260 - 395 * 248)
        #expect(h.app.compositor?.turnedBand?.columnPhase == 25 && h.app.compositor?.turnedBand?.rowPhase == 12)
        expectExact(h)
        // Back across the wraps, then to the start: both phases back to 0, nothing turned.
        scroll.contentOffset = Point(x: 390, y: 250)
        h.settle()
        expectExact(h)
        scroll.contentOffset = Point(x: 0, y: 0)
        h.settle()
        expectExact(h)
        #expect(h.app.compositor?.turnedBand == nil)
    }

    @Test func scrollingSeveralTimesInOneFrameMovesOnceByTheSum() {
        let (h, scroll) = listScreen()
        scroll.contentOffset = Point(x: 0, y: 40)
        scroll.contentOffset = Point(x: 0, y: 15)
        h.settle()
        #expect(h.app.statistics.lastFrame.pixelsComposed == 400 * 15)
        expectExact(h)
        // Away and back within a frame: nothing changed, nothing is presented.
        let presents = h.display.presentCount
        scroll.contentOffset = Point(x: 0, y: 90)
        scroll.contentOffset = Point(x: 0, y: 15)
        h.settle()
        #expect(h.display.presentCount == presents)
    }

    @Test func aTranslucentOrBorderlessNonOpaqueScrollViewIsRepaintedWhole() {
        let (h, scroll) = listScreen()
        scroll.backgroundColor = Color(rgb: 0xECEFF1).withAlphaComponent(0.5)
        h.settle()
        scroll.contentOffset = Point(x: 0, y: 10)
        h.settle()
        #expect(h.app.statistics.lastFrame.pixelsMoved == 0)
        #expect(h.app.statistics.lastFrame.pixelsComposed == 400 * 260)
        expectExact(h)
        scroll.backgroundColor = nil
        h.settle()
        scroll.contentOffset = Point(x: 0, y: 20)
        h.settle()
        #expect(h.app.statistics.lastFrame.pixelsMoved == 0)
        expectExact(h)
    }

    @Test func aViewAboveTheScrollViewIsRepaintedWhereItIsAndWhereItsPixelsWouldGo() {
        let (h, scroll) = listScreen()
        let badge = View(frame: Rect(x: 100.5, y: 100, width: 50, height: 30))
        badge.backgroundColor = Color(rgb: 0xD32F2F).withAlphaComponent(0.8)
        badge.cornerRadius = 6
        h.window.addSubview(badge)
        h.settle()
        scroll.contentOffset = Point(x: 0, y: 10)
        h.settle()
        let frame = h.app.statistics.lastFrame
        #expect(frame.pixelsMoved > 0)
        #expect(frame.pixelsComposed > 400 * 10 && frame.pixelsComposed < 400 * 10 + 60 * 50)
        expectExact(h)
    }

    @Test func otherChangesInTheSameFrameAreRepaintedInTheNewCoordinates() {
        let (h, scroll) = listScreen()
        let card = scroll.subviews[2] as! PatternView
        // Changed before the scroll (its damage is in the old coordinates)…
        card.ink = .red
        card.setNeedsDisplay()
        scroll.contentOffset = Point(x: 0, y: 33)
        // …and another after it (new coordinates), and one moved.
        let other = scroll.subviews[4] as! PatternView
        other.ink = .green
        other.setNeedsDisplay()
        scroll.subviews[3].center.x += 17
        h.settle()
        #expect(h.app.statistics.lastFrame.pixelsMoved > 0)
        expectExact(h)
    }

    @Test func wholePixelsAtScaleOneAndAHalfMoveFractionalOnesRepaint() {
        let (h, scroll) = listScreen(scale: 1.5)
        scroll.contentOffset = Point(x: 0, y: 2)   // 3 pixels
        h.settle()
        #expect(h.app.statistics.lastFrame.pixelsMoved == 600 * (390 - 3))
        #expect(h.app.statistics.lastFrame.pixelsComposed == 600 * 3)
        expectExact(h)
        scroll.contentOffset = Point(x: 0, y: 3)   // 4.5 pixels: not whole
        h.settle()
        #expect(h.app.statistics.lastFrame.pixelsMoved == 0)
        expectExact(h)
    }

    @Test func aTransformedOrTranslucentAncestorRepaints() {
        let (h, scroll) = listScreen()
        let holder = View(frame: h.window.bounds)
        h.window.addSubview(holder)
        scroll.removeFromSuperview()
        holder.addSubview(scroll)
        holder.alpha = 0.9
        h.settle()
        scroll.contentOffset = Point(x: 0, y: 10)
        h.settle()
        #expect(h.app.statistics.lastFrame.pixelsMoved == 0)
        expectExact(h)
        holder.alpha = 1
        holder.transform = AffineTransform(scaleX: 0.5, y: 0.5)
        h.settle()
        scroll.contentOffset = Point(x: 0, y: 20)
        h.settle()
        #expect(h.app.statistics.lastFrame.pixelsMoved == 0)
        expectExact(h)
        holder.transform = .identity
        h.settle()
        scroll.contentOffset = Point(x: 0, y: 30)
        h.settle()
        #expect(h.app.statistics.lastFrame.pixelsMoved > 0)
        expectExact(h)
    }

    @Test func twoScrollViewsMoveEachAndANestedOneInsideAScrolledOneRepaints() {
        let (h, scroll) = listScreen()
        let side = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 20))
        side.backgroundColor = .black
        for i in 0..<20 {
            let chip = View(frame: Rect(x: Double(i) * 40 + 4, y: 4, width: 32, height: 12))
            chip.backgroundColor = Color(rgb: 0x43A047)
            side.addSubview(chip)
        }
        h.window.addSubview(side)
        let inner = ScrollView(frame: Rect(x: 40, y: 300, width: 200, height: 120))
        inner.backgroundColor = Color(rgb: 0xFFF8E1)
        inner.addSubview(PatternView(frame: Rect(x: 0, y: 0, width: 200, height: 400)))
        scroll.addSubview(inner)
        h.settle()
        scroll.contentOffset = Point(x: 0, y: 210)
        side.contentOffset = Point(x: 9, y: 0)
        h.settle()
        // The strips, and the 2 rows the side view above may reach into (its 2-pixel slack).
        #expect(h.app.statistics.lastFrame.pixelsComposed == 400 * 210 + 9 * 20 + 400 * 2)
        expectExact(h)
        scroll.contentOffset = Point(x: 0, y: 200)
        inner.contentOffset = Point(x: 0, y: 40)
        h.settle()
        expectExact(h)
        inner.contentOffset = Point(x: 0, y: 50)
        h.settle()
        #expect(h.app.statistics.lastFrame.pixelsComposed == 200 * 10)
        expectExact(h)
    }

    /// Scrolled vertically, the area's stored rows are turned (`Surface.turnRing`): nothing
    /// moves or is copied ahead, the present copies the whole area once, and the picture is a
    /// full repaint's, upright or turned, up or down, across the wrap of the rows.
    @Test(arguments: [ScreenRotation.none, .clockwise90])
    func aVerticalScrollTurnsTheAreasRows(rotation: ScreenRotation) {
        let (h, scroll) = listScreen(rotation: rotation)
        // The last jump is longer than the area: nothing stays valid, all of it is repainted.
        for (step, offset) in [10.0, 3, 40, 200, 180, 1, 259, 700].enumerated() {
            scroll.contentOffset = Point(x: 0, y: offset)
            h.settle()
            let frame = h.app.statistics.lastFrame
            #expect(offset == 700 ? frame.pixelsMoved == 0 && frame.pixelsComposed >= 400 * 260 : frame.pixelsMoved > 0, "step \(step)")
            #expect(h.app.compositor?.turnedBand?.band == PixelRect(x: 0, y: 20, width: 400, height: 260), "step \(step)")
            #expect(h.display.lastBytesCopiedAhead == 0 && h.display.lastPixelsMovedAhead == 0, "step \(step)")
            #expect(h.display.lastBytesCopied >= 400 * 260 * 4, "step \(step): the whole area reaches the buffer")
            expectExact(h, "step \(step)")
        }
        // Reading the scene unwinds the band: the picture is the same, stored in place.
        let scene = h.app.compositor!.scene
        #expect(h.app.compositor?.turnedBand == nil)
        #expect(scene.hasSamePixels(as: fullRepaintAsShown(h)) || rotation != .none)
    }

    /// With turning off (`Compositor.turnsScrolledAreas`), the moved pixels are written out as
    /// they move, in the same pass upright (`Display.moveCopyingAhead`), band by band turned
    /// (`Display.copyAhead`), so the present copies only the rest; a display that declines
    /// gets them from the present. The picture is a full repaint's either way, upright or
    /// turned, up or down, in two bands or one.
    @Test(arguments: [true, false], [ScreenRotation.none, .clockwise90])
    func movedPixelsAreCopiedAheadOrByThePresent(copiesAhead: Bool, rotation: ScreenRotation) {
        let (h, scroll) = listScreen(rotation: rotation)
        h.app.compositor?.turnsScrolledAreas = false
        h.display.copiesAhead = copiesAhead
        for (step, offset) in [10.0, 3, 40, 200, 180, 1].enumerated() {
            scroll.contentOffset = Point(x: 0, y: offset)
            h.settle()
            let frame = h.app.statistics.lastFrame
            #expect(frame.pixelsMoved > 0, "step \(step)")
            #expect(h.app.compositor?.turnedBand == nil, "step \(step)")
            #expect(h.display.lastBytesCopiedAhead == (copiesAhead ? frame.pixelsMoved * 4 : 0), "step \(step)")
            // Upright, the move and the copy-out are one pass; turned, the moved bands are copied.
            #expect(h.display.lastPixelsMovedAhead == (copiesAhead && rotation == .none ? frame.pixelsMoved : 0), "step \(step)")
            #expect(h.display.lastBytesCopied >= 400 * 260 * 4, "step \(step): the whole area reaches the buffer")
            expectExact(h, "step \(step)")
        }
    }

    @Test(arguments: [ScreenRotation.clockwise90, .upsideDown])
    func aTurnedDisplayShowsTheMovedPicture(rotation: ScreenRotation) {
        let (h, scroll) = listScreen(rotation: rotation)
        for step in 1...4 {
            scroll.contentOffset = Point(x: 0, y: Double(step) * 13)
            h.settle()
            #expect(h.app.statistics.lastFrame.pixelsMoved > 0)
            expectExact(h, "step \(step)")
        }
    }

    /// Within the surface, and whole rows (one block move).
    @Test(arguments: [PixelRect(x: 4, y: 3, width: 40, height: 30), PixelRect(x: 0, y: 2, width: 50, height: 33)])
    func surfaceMoveEqualsACopyThroughASecondBuffer(rect: PixelRect) {
        for (dx, dy) in [(0, -7), (0, 7), (0, 1), (0, -1), (5, 0), (-5, 0), (1, 0), (3, 9), (-3, 9), (4, -2), (0, 40), (60, 0)] {
            let surface = Surface(width: 50, height: 40, format: .xrgb8888)
            for y in 0..<40 { for x in 0..<50 { surface.fill(PixelRect(x: x, y: y, width: 1, height: 1), with: Color(rgb: UInt32(y * 50 + x) * 97)) } }
            let before = Surface(width: 50, height: 40, format: .xrgb8888)
            before.copy(Region(before.bounds), from: surface)
            surface.move(rect, dx: dx, dy: dy)
            for y in 0..<40 {
                for x in 0..<50 {
                    let from = (x: x - dx, y: y - dy)
                    let moved = rect.contains(x: from.x, y: from.y) && before.bounds.contains(x: from.x, y: from.y)
                    let expected = moved ? before.word(x: from.x, y: from.y) : before.word(x: x, y: y)
                    if surface.word(x: x, y: y) & 0xFFFFFF != expected & 0xFFFFFF {
                        Issue.record("move by (\(dx), \(dy)): pixel (\(x), \(y)) is wrong")
                        return
                    }
                }
            }
        }
    }
}
