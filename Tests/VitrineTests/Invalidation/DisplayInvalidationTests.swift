import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Display invalidation: what marks a view to be redrawn, what only recomposes it, and that
/// nothing at all happens when nothing changed.
@MainActor
struct DisplayInvalidationTests {
    /// A settled harness with `view` at (100, 50) 200×100 in the window (and so on screen).
    private func setup(scale: Double = 1) -> (Harness, DrawRecordingView) {
        let h = Harness(width: Int(800 * scale), height: Int(480 * scale), scale: scale)
        let view = DrawRecordingView(frame: Rect(x: 100, y: 50, width: 200, height: 100))
        h.window.addSubview(view)
        h.settle()
        view.drawnRects.removeAll()
        return (h, view)
    }

    // MARK: Dirty rects

    @Test func aNewViewIsDrawnWholeInItsFirstCommit() {
        let h = Harness()
        h.settle()
        let view = DrawRecordingView(frame: Rect(x: 10, y: 10, width: 30, height: 40))
        h.window.addSubview(view)
        h.turn()
        #expect(view.drawnRects == [Rect(x: 0, y: 0, width: 30, height: 40)])
    }

    @Test func setNeedsDisplayMarksTheWholeBounds() {
        let (_, view) = setup()
        #expect(view.dirtyRect.isNull)
        view.setNeedsDisplay()
        #expect(view.dirtyRect == Rect(x: 0, y: 0, width: 200, height: 100))
    }

    @Test func dirtyRectsAreInBoundsSpaceUnionedAndClippedToBounds() {
        let (_, view) = setup()
        view.setNeedsDisplay(Rect(x: 10, y: 10, width: 20, height: 20))
        #expect(view.dirtyRect == Rect(x: 10, y: 10, width: 20, height: 20))
        view.setNeedsDisplay(Rect(x: 50, y: 60, width: 10, height: 10))
        // Their bounding box: (10, 10) to (60, 70).
        #expect(view.dirtyRect == Rect(x: 10, y: 10, width: 50, height: 60))
        // Beyond the right edge (bounds end at x = 200): clipped.
        view.setNeedsDisplay(Rect(x: 190, y: 0, width: 50, height: 5))
        #expect(view.dirtyRect == Rect(x: 10, y: 0, width: 190, height: 70))
    }

    @Test func aRectOutsideTheBoundsMarksNothing() {
        let (h, view) = setup()
        view.setNeedsDisplay(Rect(x: 500, y: 500, width: 10, height: 10))
        #expect(view.dirtyRect.isNull)
        #expect(h.window.pendingDamage.isEmpty)
        #expect(!h.app.hasPendingCommit)
    }

    @Test func dirtyRectsFollowTheBoundsOrigin() {
        let (h, view) = setup()
        // Scrolled: the visible part of the view's space starts at (0, 300).
        view.bounds.origin = Point(x: 0, y: 300)
        h.settle()
        view.drawnRects.removeAll()
        view.setNeedsDisplay(Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(view.dirtyRect.isNull)
        view.setNeedsDisplay()
        #expect(view.dirtyRect == Rect(x: 0, y: 300, width: 200, height: 100))
        h.turn()
        #expect(view.drawnRects == [Rect(x: 0, y: 300, width: 200, height: 100)])
    }

    @Test func setNeedsDisplayDamagesTheRectInWindowSpace() {
        let (h, view) = setup()
        view.setNeedsDisplay(Rect(x: 10, y: 20, width: 30, height: 40))
        // The view's origin is (100, 50) in the window.
        #expect(h.window.pendingDamage == [Rect(x: 110, y: 70, width: 30, height: 40)])
        #expect(h.app.hasPendingCommit)
    }

    @Test func drawIsCalledOnceInTheNextCommitWithTheDirtyRect() {
        let (h, view) = setup()
        let drawnBefore = h.app.statistics.viewsDrawn
        view.setNeedsDisplay(Rect(x: 0, y: 0, width: 10, height: 10))
        view.setNeedsDisplay(Rect(x: 20, y: 20, width: 10, height: 10))
        view.setNeedsDisplay(Rect(x: 5, y: 5, width: 10, height: 10))
        // Marking draws nothing by itself.
        #expect(view.drawnRects.isEmpty)
        h.turn()
        #expect(view.drawnRects == [Rect(x: 0, y: 0, width: 30, height: 30)])
        #expect(view.dirtyRect.isNull)
        #expect(h.app.statistics.viewsDrawn == drawnBefore + 1)
        // And not again in later commits.
        h.settle()
        h.turn()
        #expect(view.drawCount == 1)
    }

    @Test func onlyDirtyViewsAreDrawn() {
        let h = Harness()
        let views = (0..<4).map { DrawRecordingView(frame: Rect(x: Double($0) * 100, y: 0, width: 50, height: 50)) }
        let container = DrawRecordingView(frame: Rect(x: 0, y: 100, width: 400, height: 100))
        for view in views { container.addSubview(view) }
        h.window.addSubview(container)
        h.settle()
        for view in views { view.drawnRects.removeAll() }
        container.drawnRects.removeAll()
        let drawnBefore = h.app.statistics.viewsDrawn
        views[1].setNeedsDisplay()
        views[3].setNeedsDisplay(Rect(x: 0, y: 0, width: 5, height: 5))
        h.turn()
        #expect(views.map(\.drawCount) == [0, 1, 0, 1])
        #expect(views[3].drawnRects == [Rect(x: 0, y: 0, width: 5, height: 5)])
        // The container holds dirty views but is not dirty itself.
        #expect(container.drawCount == 0)
        #expect(h.app.statistics.viewsDrawn == drawnBefore + 2)
    }

    @Test func aViewMarkedOutsideAWindowIsDrawnWhenItJoinsOne() {
        let h = Harness()
        h.settle()
        let view = DrawRecordingView(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        h.turn()
        view.drawnRects.removeAll()
        view.setNeedsDisplay(Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(!h.app.hasPendingCommit)
        h.window.addSubview(view)
        h.turn()
        // Its first commit in the window draws everything it has pending (the whole view: it
        // was never drawn).
        #expect(view.drawnRects == [Rect(x: 0, y: 0, width: 40, height: 40)])
    }

    // MARK: Composition-only changes

    @Test func changingTheBackgroundColorDamagesTheViewWithoutDrawing() {
        let (h, view) = setup()
        let drawnBefore = h.app.statistics.viewsDrawn
        view.backgroundColor = .red
        #expect(h.window.pendingDamage == [Rect(x: 100, y: 50, width: 200, height: 100)])
        #expect(view.dirtyRect.isNull)
        h.turn()
        #expect(view.drawCount == 0)
        #expect(h.app.statistics.viewsDrawn == drawnBefore)
        #expect(h.app.statistics.lastPresentedDamage == Region(PixelRect(x: 100, y: 50, width: 200, height: 100)))
    }

    @Test func changingTheBackgroundColorDamagesOnlyTheViewsOwnRectangle() {
        let (h, view) = setup()
        // A subview sticking out beyond the right edge is not repainted by a new background.
        let child = DrawRecordingView(frame: Rect(x: 150, y: 0, width: 100, height: 20))
        view.addSubview(child)
        h.turn()
        view.backgroundColor = .blue
        #expect(h.window.pendingDamage == [Rect(x: 100, y: 50, width: 200, height: 100)])
    }

    @Test func changingAlphaDamagesTheViewAndItsSubviewsWithoutDrawing() {
        let (h, view) = setup()
        let child = DrawRecordingView(frame: Rect(x: 150, y: 0, width: 100, height: 20))
        view.addSubview(child)
        h.settle()
        child.drawnRects.removeAll()
        view.alpha = 0.5
        // Group opacity covers the child too, which sticks out to x = 100 + 150 + 100 = 350.
        #expect(h.window.pendingDamage == [Rect(x: 100, y: 50, width: 250, height: 100)])
        h.turn()
        #expect(view.drawCount == 0)
        #expect(child.drawCount == 0)
    }

    @Test func clippingDamagesWhatTheSubviewsStopShowing() {
        let (h, view) = setup()
        let child = DrawRecordingView(frame: Rect(x: 150, y: 0, width: 100, height: 20))
        view.addSubview(child)
        h.settle()
        child.drawnRects.removeAll()
        view.clipsToBounds = true
        // The child's part beyond x = 300 disappears: that area must be recomposed too.
        #expect(h.window.pendingDamage == [Rect(x: 100, y: 50, width: 250, height: 100)])
        h.turn()
        #expect(view.drawCount == 0)
        #expect(child.drawCount == 0)
    }

    @Test func hidingAndShowingDamagesTheViewWithoutDrawing() {
        let (h, view) = setup()
        view.isHidden = true
        #expect(h.window.pendingDamage == [Rect(x: 100, y: 50, width: 200, height: 100)])
        h.settle()
        view.isHidden = false
        #expect(h.window.pendingDamage == [Rect(x: 100, y: 50, width: 200, height: 100)])
        h.turn()
        #expect(view.drawCount == 0)
    }

    @Test func aViewMarkedWhileHiddenIsDrawnWhenShown() {
        let (h, view) = setup()
        view.isHidden = true
        h.settle()
        view.setNeedsDisplay(Rect(x: 0, y: 0, width: 10, height: 10))
        // Nothing of it is on screen: no damage, no commit.
        #expect(h.window.pendingDamage.isEmpty)
        #expect(!h.app.hasPendingCommit)
        // A commit for something else meanwhile does not draw it, nor forget it.
        h.window.backgroundColor = .gray
        h.settle()
        #expect(view.drawCount == 0)
        view.isHidden = false
        h.turn()
        #expect(view.drawnRects == [Rect(x: 0, y: 0, width: 10, height: 10)])
    }

    @Test func aViewMarkedInAHiddenContainerIsDrawnWhenTheContainerIsShown() {
        let h = Harness()
        let container = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let view = DrawRecordingView(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        container.addSubview(view)
        h.window.addSubview(container)
        h.settle()
        view.drawnRects.removeAll()
        container.isHidden = true
        h.settle()
        view.setNeedsDisplay()
        view.backgroundColor = .blue
        view.center.x += 5
        // Inside a hidden container nothing is on screen: none of these damages anything.
        #expect(h.window.pendingDamage.isEmpty)
        h.turn()
        #expect(view.drawCount == 0)
        container.isHidden = false
        h.turn()
        #expect(view.drawnRects == [Rect(x: 0, y: 0, width: 50, height: 50)])
    }

    @Test func movingAViewDamagesItsOldAndNewAreasWithoutDrawing() {
        let (h, view) = setup()
        view.center = Point(x: 500, y: 300)
        // Old: (100, 50) 200×100. New: centred on (500, 300), so (400, 250) 200×100.
        #expect(Set(h.window.pendingDamage) == [Rect(x: 100, y: 50, width: 200, height: 100),
                                               Rect(x: 400, y: 250, width: 200, height: 100)])
        h.turn()
        #expect(view.drawCount == 0)
        #expect(h.app.statistics.lastPresentedDamage == Region([PixelRect(x: 100, y: 50, width: 200, height: 100),
                                                                PixelRect(x: 400, y: 250, width: 200, height: 100)]))
    }

    @Test func movingByFrameDamagesOldAndNewWithoutDrawing() {
        let (h, view) = setup()
        view.frame = Rect(x: 0, y: 300, width: 200, height: 100)
        #expect(Set(h.window.pendingDamage) == [Rect(x: 100, y: 50, width: 200, height: 100),
                                               Rect(x: 0, y: 300, width: 200, height: 100)])
        h.turn()
        #expect(view.drawCount == 0)
    }

    @Test func transformingAViewDamagesOldAndNewWithoutDrawing() {
        let (h, view) = setup()
        view.transform = AffineTransform(scaleX: 2, y: 2)
        // Scaled about its centre (200, 100): 400×200 around it, from (0, 0).
        #expect(Set(h.window.pendingDamage) == [Rect(x: 0, y: 0, width: 400, height: 200)])
        h.turn()
        #expect(view.drawCount == 0)
    }

    @Test func movingAViewMovesItsSubviewsDamage() {
        let (h, view) = setup()
        let child = DrawRecordingView(frame: Rect(x: 190, y: 90, width: 40, height: 40))
        view.addSubview(child)
        h.settle()
        child.drawnRects.removeAll()
        view.center.y += 200
        // The child sticks out to (100 + 230, 50 + 130) = (330, 180) before the move.
        #expect(Set(h.window.pendingDamage) == [Rect(x: 100, y: 50, width: 230, height: 130),
                                               Rect(x: 100, y: 250, width: 230, height: 130)])
        h.turn()
        #expect(child.drawCount == 0)
        #expect(view.drawCount == 0)
    }

    @Test func resizingAViewRedrawsIt() {
        let (h, view) = setup()
        view.frame = Rect(x: 100, y: 50, width: 300, height: 100)
        #expect(view.dirtyRect == Rect(x: 0, y: 0, width: 300, height: 100))
        #expect(Set(h.window.pendingDamage) == [Rect(x: 100, y: 50, width: 300, height: 100)])
        h.turn()
        #expect(view.drawnRects == [Rect(x: 0, y: 0, width: 300, height: 100)])
    }

    @Test func settingAPropertyToItsValueDamagesNothing() {
        let (h, view) = setup()
        view.backgroundColor = .green
        view.alpha = 0.5
        h.settle()
        let presents = h.display.presentCount
        let statistics = h.app.statistics
        view.backgroundColor = .green
        view.alpha = 0.5
        view.isHidden = false
        view.frame = Rect(x: 100, y: 50, width: 200, height: 100)
        view.center = Point(x: 200, y: 100)
        view.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
        view.transform = .identity
        view.clipsToBounds = false
        #expect(h.window.pendingDamage.isEmpty)
        #expect(view.dirtyRect.isNull)
        #expect(!h.app.hasPendingCommit)
        h.turn()
        #expect(h.display.presentCount == presents)
        #expect(h.app.statistics == statistics)
        #expect(view.drawCount == 0)
    }

    @Test func alphaOutOfRangeIsClampedAndTheSameClampedValueDamagesNothing() {
        let (h, view) = setup()
        view.alpha = 2
        #expect(view.alpha == 1)
        #expect(h.window.pendingDamage.isEmpty)
    }

    // MARK: Commits and presents

    @Test func aCommitWithNothingDirtyPresentsNothing() {
        let (h, _) = setup()
        let statistics = h.app.statistics
        let presents = h.display.presentCount
        h.app.setNeedsCommit()
        h.app.commit()
        h.turn()
        h.turn()
        #expect(h.display.presentCount == presents)
        #expect(h.app.statistics == statistics)
    }

    @Test func anIdleAppRunsNoTurnsAndPresentsNothingForHours() {
        let (h, _) = setup()
        let turns = h.loop.turnCount
        let presents = h.display.presentCount
        let frames = h.display.frameCount
        let statistics = h.app.statistics
        h.advance(by: 4 * 3600)
        #expect(h.loop.turnCount == turns)
        #expect(h.display.presentCount == presents)
        #expect(h.display.frameCount == frames)
        #expect(h.app.statistics == statistics)
    }

    @Test func oneChangeIsOnePresentOfItsDamage() {
        let (h, view) = setup()
        let presents = h.display.presentCount
        view.setNeedsDisplay(Rect(x: 0, y: 0, width: 10, height: 10))
        h.turn()
        #expect(h.display.presentCount == presents + 1)
        #expect(h.display.presentedDamage.last == Region(PixelRect(x: 100, y: 50, width: 10, height: 10)))
        #expect(h.window.pendingDamage.isEmpty)
        // Presented once, not again at the vblank or after.
        h.advance(by: 1)
        #expect(h.display.presentCount == presents + 1)
    }

    @Test func presentedDamageIsInPixels() {
        let (h, view) = setup(scale: 2)
        view.setNeedsDisplay(Rect(x: 10, y: 20, width: 30, height: 40))
        // Window space (110, 70) 30×40 points is (220, 140) 60×80 pixels.
        #expect(h.window.pendingDamage == [Rect(x: 110, y: 70, width: 30, height: 40)])
        h.turn()
        #expect(h.display.presentedDamage.last == Region(PixelRect(x: 220, y: 140, width: 60, height: 80)))
        #expect(h.app.statistics.lastPresentedDamage == Region(PixelRect(x: 220, y: 140, width: 60, height: 80)))
    }

    @Test func fractionalDamageCoversWholePixels() {
        let (h, view) = setup(scale: 1.5)
        view.setNeedsDisplay(Rect(x: 0.5, y: 0.5, width: 1, height: 1))
        h.turn()
        // Damage is kept on whole points in the window, (100, 50) to (102, 52), then scaled:
        // (150, 75) to (153, 78) pixels.
        #expect(h.display.presentedDamage.last == Region(PixelRect(x: 150, y: 75, width: 3, height: 3)))
    }

    @Test func aChangeWhileAFlipIsPendingIsPresentedAtTheNextVblank() {
        let (h, view) = setup()
        let presents = h.display.presentCount
        view.backgroundColor = .red
        h.turn()
        #expect(h.display.presentCount == presents + 1)
        #expect(h.display.isFlipPending)
        // A second change before the flip lands: it must wait (one flip in flight) and must
        // not be lost.
        view.setNeedsDisplay(Rect(x: 0, y: 0, width: 4, height: 4))
        h.turn()
        #expect(h.display.presentCount == presents + 1)
        #expect(view.drawCount == 0)
        #expect(h.app.hasPendingCommit)
        h.advance(throughVblanks: 1)
        #expect(h.display.presentCount == presents + 2)
        #expect(view.drawnRects == [Rect(x: 0, y: 0, width: 4, height: 4)])
        #expect(h.display.presentedDamage.last == Region(PixelRect(x: 100, y: 50, width: 4, height: 4)))
    }

    @Test func changesWhileAFlipIsPendingAreCoalescedIntoOneFrame() {
        let (h, view) = setup()
        view.backgroundColor = .red
        h.turn()
        let presents = h.display.presentCount
        view.setNeedsDisplay(Rect(x: 0, y: 0, width: 4, height: 4))
        h.turn()
        view.setNeedsDisplay(Rect(x: 10, y: 10, width: 4, height: 4))
        h.turn()
        h.advance(throughVblanks: 1)
        #expect(h.display.presentCount == presents + 1)
        #expect(view.drawnRects == [Rect(x: 0, y: 0, width: 14, height: 14)])
    }

    @Test func damageOfAHiddenWindowIsNotPresented() {
        let (h, view) = setup()
        h.window.isHidden = true
        h.settle()
        let presents = h.display.presentCount
        view.backgroundColor = .red
        view.setNeedsDisplay()
        h.turn()
        #expect(h.display.presentCount == presents)
        #expect(view.drawCount == 0)
    }

    @Test func invalidationDuringTheDisplayPassIsNotLost() {
        let h = Harness()
        final class Painter: View {
            var draws = 0
            weak var sibling: View?
            override func draw(_ rect: Rect, in context: GraphicsContext) {
                draws += 1
                // Drawing this view changes what an earlier-drawn sibling must show.
                if draws == 2 { sibling?.setNeedsDisplay() }
            }
        }
        let first = DrawRecordingView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let painter = Painter(frame: Rect(x: 20, y: 0, width: 10, height: 10))
        painter.sibling = first
        h.window.addSubview(first)
        h.window.addSubview(painter)
        h.settle()
        first.drawnRects.removeAll()
        painter.setNeedsDisplay()
        h.turn()
        #expect(painter.draws == 2)
        // `first` was already walked past in that display pass; its redraw comes in the next
        // frame without any other event.
        let presents = h.display.presentCount
        h.advance(throughVblanks: 2)
        #expect(first.drawCount == 1)
        // And its new picture is presented: the frame that draws it carries its damage.
        #expect(h.display.presentCount == presents + 1)
        #expect(h.display.presentedDamage.last == Region(PixelRect(x: 0, y: 0, width: 10, height: 10)))
    }
}
