import VitrineGraphics

// The commit: once per run-loop turn, and only when something is dirty, the layout pass, the
// display pass, composition and presentation; and the display's frame callbacks. The state
// these share lives in Application.swift.
extension Application {
    // MARK: Commit

    /// Asks for a commit at the end of the current run-loop turn. Views call it when they
    /// become dirty; calls coalesce.
    public func setNeedsCommit() {
        guard !needsCommit else { return }
        needsCommit = true
        // Inside a turn the loop's before-waiting commit serves this at no extra cost; outside
        // one (at launch, or from code a test runs) the loop must be told to turn.
        mainLoop.wakeUp()
    }

    /// Whether a commit is pending.
    public var hasPendingCommit: Bool { needsCommit }

    /// Runs the layout pass, the display pass and presentation, if anything is dirty; does
    /// nothing otherwise. Called at the end of every run-loop turn. While a flip is pending the
    /// commit waits for the next frame callback (frames are coalesced to vblank).
    public func commit() {
        guard needsCommit else { return }
        if let display, display.isFlipPending { return }
        if let rotation = requestedRotation {
            requestedRotation = nil
            applyScreenRotation(rotation, animated: requestedRotationIsAnimated)
        }
        if needsScreenGeometryUpdate { screenGeometryDidChange() }
        var didWork = false
        // An animated turn's layout is its animation (UIKit's): the alongside blocks, the size
        // classes' callbacks and the layout pass run inside one animation block, so that every
        // frame they change goes from where it was shown to where it is laid out; the
        // coordinators' completions run when it ends.
        let turning = transitionCoordinators.filter { $0.isAnimated && !$0.didRunAlongside }
        if let duration = turning.lazy.map(\.transitionDuration).max() {
            transitionCoordinators.removeAll { coordinator in turning.contains { $0 === coordinator } }
            View.animate(withDuration: duration, options: .curveEaseInOut, animations: {
                for coordinator in turning { coordinator.runAlongside() }
                didWork = layOutVisibleWindows()
            }, completion: { _ in
                for coordinator in turning { coordinator.complete() }
            })
        } else {
            didWork = layOutVisibleWindows()
        }
        // Controllers that asked to hear the end of a size transition hear it once laid out.
        if !transitionCoordinators.isEmpty {
            let coordinators = transitionCoordinators
            transitionCoordinators.removeAll()
            for coordinator in coordinators { coordinator.complete() }
        }
        // The focus ring follows the focused view as laid out (the toolkit's focus engine).
        toolkitIfMade?.commitWillDisplay()
        // Views that hand content to a display plane check where they are now (VitrineVideo).
        for observer in commitObservers { observer.applicationWillDisplay(self) }
        var drawnThisCommit = 0
        for window in windows where !window.isHidden {
            if window.subtreeNeedsDisplay || !window.dirtyRect.isNull {
                drawnThisCommit += window.displayIfNeeded()
                didWork = true
            }
        }
        statistics.viewsDrawn += drawnThisCommit
        // A mode that changed during these passes (a view's code resized a desktop window): the
        // scene follows before anything is presented at the old size; layout follows next commit.
        if needsScreenGeometryUpdate { screenGeometryDidChange() }
        // Scrolled clipping views: moves of scene pixels where exact, else damage (ScrollBlit).
        let composes = compositor != nil && display?.isPoweredOn == true
        ScrollBlit.plan(windows: windows, compositor: composes ? compositor : nil)
        // Damage is recorded per window in points; the scene is in pixels. The region is the
        // one kept from the last commit (its blocks reused), held here alone while in use.
        var damage = commitDamage
        commitDamage = Region()
        defer { commitDamage = damage }
        damage.removeAll(keepingCapacity: true)
        for window in windows {
            if !window.isHidden {
                let toScene = window.transformToSuperview.concatenating(AffineTransform(scaleX: screen.scale, y: screen.scale))
                for rect in window.damage.rects { damage.formUnion(PixelRect(covering: rect.applying(toScene))) }
            }
            window.discardTakenDamage()
        }
        if let compositor, let display, !damage.isEmpty || compositor.hasScrollMoves, display.isPoweredOn {
            damage.formIntersection(compositor.sceneBounds)
            // What changed on screen: the damage and every scrolled area (moved, not repainted).
            var presented = damage
            let moved = compositor.moveScrolledAreas(repaint: &damage, present: &presented, display: display)
            if !presented.isEmpty {
                var frame = FrameCounters()
                frame.viewsDrawn = drawnThisCommit
                frame.damageRects = damage.rectCount
                frame.pixelsMoved = moved
                frame.pixelsComposed = compositor.compose(damage, windows: windows)
                frame.viewsPainted = compositor.viewsPainted
                frame.pixelsSpared = compositor.pixelsSpared
                frame.bytesCopied = compositor.present(presented, on: display)
                statistics.pixelsComposed += frame.pixelsComposed
                statistics.bytesCopied += frame.bytesCopied
                statistics.lastFrame = frame
                statistics.presents += 1
                statistics.lastPresentedDamage.replaceContents(with: presented)
                for observer in frameObservers {
                    observer.application(self, didPresent: compositor.sceneBuffer, damage: presented, rotation: display.rotation)
                }
                didWork = true
            }
        }
        if didWork { statistics.commits += 1 }
        // A layoutSubviews or draw(_:in:) may have dirtied what its pass had already walked past;
        // that work needs another commit rather than waiting for an unrelated event. (Dirt that
        // a later pass of this commit handled leaves nothing behind, so it costs no turn.)
        needsCommit = windows.contains { window in
            !window.isHidden && (window.needsLayoutFlag || window.subtreeNeedsLayout
                || window.subtreeNeedsDisplay || !window.dirtyRect.isNull || !window.damage.isEmpty
                || !window.pendingScrolls.isEmpty)
        }
        if needsCommit && !(display?.isFlipPending ?? false) {
            // With a flip pending, its frame callback brings the next turn anyway.
            mainLoop.wakeUp()
        }
    }

    /// The layout pass of every visible window, each after its size classes' callbacks (what
    /// they change is laid out in the same pass). Returns whether any window was laid out.
    private func layOutVisibleWindows() -> Bool {
        var didWork = false
        for window in windows where !window.isHidden {
            window.updateSizeClassesIfNeeded()
            // The window's own safe area (its views' follow in its layout pass).
            if SafeAreaTracking.isActive { window.checkSafeAreaInsets() }
            if window.needsLayoutFlag || window.subtreeNeedsLayout {
                window.layoutSubtree()
                statistics.layoutPasses += 1
                didWork = true
            }
        }
        return didWork
    }

    // MARK: Frames

    /// Repaints the whole screen at the next commit, trusting nothing the display's buffers
    /// hold (the display calls this when its picture was lost).
    public func setNeedsFullRepaint() {
        compositor?.invalidateBuffers()
        for window in windows where !window.isHidden { window.addDamage(window.bounds) }
        setNeedsCommit()
    }

    func addDisplayLink(_ link: DisplayLink) {
        if !displayLinks.contains(where: { $0 === link }) { displayLinks.append(link) }
        requestFrameForDisplayLinks()
    }

    func removeDisplayLink(_ link: DisplayLink) {
        displayLinks.removeAll { $0 === link }
    }

    func requestFrameForDisplayLinks() {
        if displayLinks.contains(where: { !$0.isPaused && $0.isValid }) { display?.requestFrame() }
    }

    func displayDidSignalFrame(_ timing: FrameTiming) {
        statistics.frames += 1
        if !hasShownFirstFrame && statistics.presents > 0 {
            // At most one flip is in flight, so the first frame callback after the first present
            // is that frame reaching the screen.
            hasShownFirstFrame = true
            let observers = firstFrameObservers
            firstFrameObservers.removeAll()
            for observer in observers { observer() }
        }
        for link in displayLinks { link.tick(timing) }
        // Keep ticking only while someone listens: an idle app gets no frame callbacks.
        requestFrameForDisplayLinks()
    }
}
