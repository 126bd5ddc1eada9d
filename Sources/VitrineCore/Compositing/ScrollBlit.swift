import VitrineGraphics

// Scrolling that costs only what it exposes (issue 16).
//
// When a clipping view's bounds origin moves (a `ScrollView`'s content offset, or any view
// with `clipsToBounds` scrolled through `bounds`), the pixels its area showed are still right,
// only moved. Instead of damaging the whole area, the move is recorded (`PendingScrolls`); at
// the commit `ScrollBlit.plan` checks that keeping pixels gives exactly what a repaint would,
// and the compositor then keeps the still-valid pixels and repaints only the strips the move
// exposed, plus whatever else is damaged there, in the new coordinates. A frame's one move
// keeps them without moving them: the area becomes a turned band of the scene buffer, whose
// stored rows and columns the move turns (`Surface.turnRing`, `Surface.scrollRing`), so
// composition paints each part of the band where it is stored and the display reads it
// through `Surface.copy`. Two moves in a frame (or any with `turnsScrolledAreas` off) move
// the pixels inside the scene (`Surface.move`). The copy-out to the display stays
// damage-based: the whole area changed, so it is in the frame's present damage (and so in
// the damage ring). With a display that copies ahead, moved pixels are written out as they
// move, and the present copies the rest: in the same pass as the move when nothing else is
// composed over them (`Display.moveCopyingAhead`), else band by band, while still in the
// cache (`Display.copyAhead(from:rect:)`).
//
// Exactness, the rule every frame keeps (partial repaint = full repaint), holds because a
// move is planned only when a pixel of the area shows, after the scroll, exactly what the
// pixel `d` away showed before it:
// - the view paints its whole area opaquely (an opaque background, no rounded corners, alpha
//   1) and keeps no backing store of its own (its own drawing is fixed to its frame, it does
//   not scroll), so nothing below it shows through;
// - from its bounds to the scene there is only a translation and the screen's scale (no
//   transform, no group layer of a translucent or rounded ancestor, no animation under way),
//   its edges, both offsets and so the move `d` are whole scene pixels;
// - what is drawn over the area by other views (later siblings of it and of its ancestors,
//   later windows, its own and its ancestors' borders) is repainted, where it is and where
//   its pixels would be moved to; so is every other damage in the area, both where it was
//   recorded and `d` from there (damage recorded before the scroll is in the old coordinates,
//   after it in the new).
// Anything else damages the whole area, as any other geometry change does. Two moves never
// touch the same pixels: a scroll view inside another one that scrolled in the same frame (or
// overlapping it) is repainted instead.

/// A clipping view whose bounds origin moved since the window's last commit, and the origin
/// it had at that commit (what the scene shows).
struct PendingScroll {
    let view: View
    let from: Point
}

/// The scrolls a window recorded since its last commit, one per view (the first origin is
/// kept: the scene shows that one). Storage is reserved once and reused.
struct PendingScrolls {
    private(set) var entries: ContiguousArray<PendingScroll> = []

    init() { entries.reserveCapacity(8) }

    var isEmpty: Bool { entries.isEmpty }

    mutating func record(_ view: View, from origin: Point) {
        if entries.contains(where: { $0.view === view }) { return }
        entries.append(PendingScroll(view: view, from: origin))
    }

    mutating func removeAll() { entries.removeAll(keepingCapacity: true) }
}

/// One planned move of scene pixels (all in scene pixels).
struct ScrollMove {
    /// The view's area: every pixel of it is presented, and what is not moved is repainted.
    var full: PixelRect
    /// The part of `full` that is visible (inside the scene and every clipping ancestor): the
    /// only pixels that may be moved or moved from.
    var area: PixelRect
    /// How far the pixels move (the content moves opposite to the offset).
    var dx: Int, dy: Int
    /// What other views draw over `area` (repainted, never moved); nil when nothing does.
    var above: Region?
}

extension View {
    /// Called by the `bounds` setter when only the origin changed, after the change: records a
    /// scroll for the commit to move pixels for, instead of damaging the view's area. Returns
    /// false when the change must damage as usual (not a clipping view, not on screen, or an
    /// animation of the bounds under way).
    func recordScroll(from origin: Point) -> Bool {
        guard clipsToBounds, presentation == nil, let window, !isHidden, !hasHiddenAncestor else { return false }
        window.pendingScrolls.record(self, from: origin)
        window.application?.setNeedsCommit()
        return true
    }
}

@MainActor
enum ScrollBlit {
    /// Turns the scrolls recorded in `windows` into moves for `compositor` (nil: the scene is
    /// not composed this commit) where a move is exact, and into damage of the view's area
    /// where it is not. Called by the commit after the display pass, before damage becomes
    /// scene pixels; empties every window's record.
    static func plan(windows: [Window], compositor: Compositor?) {
        compositor?.scrollMoves.removeAll(keepingCapacity: true)
        for window in windows where !window.pendingScrolls.isEmpty {
            for entry in window.pendingScrolls.entries where entry.view.window === window {
                // A view that left the window was damaged by its removal.
                let view = entry.view
                if let compositor, var move = move(for: view, from: entry.from, windows: windows,
                                                   scale: compositor.scale, scene: compositor.sceneBounds) {
                    if move.dx == 0 && move.dy == 0 { continue }   // back where it was: nothing changed
                    if !move.area.isEmpty, !compositor.scrollMoves.contains(where: { !$0.full.intersection(move.full).isEmpty }) {
                        move.above?.formIntersection(move.area)
                        if move.above?.isEmpty == true { move.above = nil }
                        compositor.scrollMoves.append(move)
                        continue
                    }
                }
                window.addDamage(view.compositionExtentInWindow())
            }
            window.pendingScrolls.removeAll()
        }
    }

    /// The move that scrolling `view` from `origin` to its current bounds origin makes in the
    /// scene, or nil when moving pixels would not give exactly what a repaint gives.
    static func move(for view: View, from origin: Point, windows: [Window], scale: Double, scene: PixelRect) -> ScrollMove? {
        guard view.clipsToBounds, view.cornerRadius == 0, view.presentation == nil, view.alpha >= 1,
              view.backingStore == nil, let background = view.backgroundColor, background.alpha >= 1,
              !view.isHidden, !view.hasHiddenAncestor,
              let toPixels = pixelTransform(of: view, scale: scale),
              toPixels.a == scale, toPixels.d == scale, toPixels.b == 0, toPixels.c == 0 else { return nil }
        let bounds = view.bounds
        let rect = bounds.applying(toPixels)
        let limit = Double(PixelRect.coordinateLimit) / 2
        func whole(_ v: Double) -> Int? { v.isFinite && abs(v) < limit && v.rounded() == v ? Int(v) : nil }
        guard let left = whole(rect.minX), let top = whole(rect.minY), let right = whole(rect.maxX), let bottom = whole(rect.maxY),
              whole(origin.x * scale) != nil, whole(origin.y * scale) != nil,
              whole(bounds.minX * scale) != nil, whole(bounds.minY * scale) != nil,
              let dx = whole((origin.x - bounds.minX) * scale), let dy = whole((origin.y - bounds.minY) * scale) else { return nil }
        let full = PixelRect(x: left, y: top, width: right - left, height: bottom - top)
        var area = full.intersection(scene)
        var above: Region?
        addBorder(of: view, bounds: bounds, toPixels: toPixels, scale: scale, to: &above)
        // Up the ancestors: their clips limit the area, and what is painted after the branch
        // the view is on lies over it.
        var node: View = view
        while let parent = node.superview {
            guard let parentToPixels = pixelTransform(of: parent, scale: scale) else { return nil }
            let parentBounds = parent.renderBounds
            if parent.clipsToBounds {
                area = area.intersection(RenderCulling.innerPixels(of: parentBounds.applying(parentToPixels)))
            }
            if let index = parent.subviews.firstIndex(where: { $0 === node }) {
                for sibling in parent.subviews[(index + 1)...] {
                    addExtent(of: sibling, parentToPixels: parentToPixels, to: &above)
                }
            }
            addBorder(of: parent, bounds: parentBounds, toPixels: parentToPixels, scale: scale, to: &above)
            node = parent
        }
        // Windows composed after the view's own lie over it.
        if let window = node as? Window, let index = windows.firstIndex(where: { $0 === window }) {
            for later in windows[(index + 1)...] {
                addExtent(of: later, parentToPixels: AffineTransform(scaleX: scale, y: scale), to: &above)
            }
        }
        return ScrollMove(full: full, area: area, dx: dx, dy: dy, above: above)
    }

    /// Maps `view`'s bounds space to scene pixels as shown now, if nothing on the way up makes
    /// moved pixels differ from repainted ones: no animation, no group layer (alpha below 1,
    /// rounded clip), no rotation or skew; nil otherwise.
    static func pixelTransform(of view: View, scale: Double) -> AffineTransform? {
        var transform = AffineTransform.identity
        var node: View? = view
        while let current = node {
            guard current.presentation == nil, current.alpha >= 1, !(current.clipsToBounds && current.cornerRadius > 0),
                  let (toSuperview, _) = current.drawableGeometry, toSuperview.b == 0, toSuperview.c == 0 else { return nil }
            transform = transform.concatenating(toSuperview)
            node = current.superview
        }
        return transform.concatenating(AffineTransform(scaleX: scale, y: scale))
    }

    /// Adds the scene pixels `view` and its visible subviews may paint to `region`: their
    /// extent, widened as `contentDamageMargin` widens a redraw (a store placed at the nearest
    /// pixel or resampled reaches up to 1 + its stretch pixels further).
    private static func addExtent(of view: View, parentToPixels: AffineTransform, to region: inout Region?) {
        guard !view.isHidden, view.renderAlpha > 0, let (toSuperview, bounds) = view.drawableGeometry else { return }
        let extent = view.renderExtent(in: bounds).applying(toSuperview.concatenating(parentToPixels))
        let margin = 1 + stretch(of: view)
        let pixels = PixelRect(covering: extent.insetBy(dx: -margin, dy: -margin))
        if !pixels.isEmpty { region = region?.union(pixels) ?? Region(pixels) }
    }

    /// The most a transform in `view`'s subtree (down to clipping views, which keep theirs
    /// inside their bounds) stretches a length, and at least 1.
    private static func stretch(of view: View) -> Double {
        let t = view.renderTransformToSuperview
        let own = max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot(), 1)
        guard own.isFinite else { return 1 }
        var most = 1.0
        if !view.clipsToBounds {
            for subview in view.subviews where !subview.isHidden { most = max(most, stretch(of: subview)) }
        }
        return own * most
    }

    /// Adds the ring of scene pixels `view`'s border may paint (it is drawn over the subviews
    /// and does not scroll) to `region`.
    private static func addBorder(of view: View, bounds: Rect, toPixels: AffineTransform, scale: Double, to region: inout Region?) {
        guard view.borderWidth > 0, view.borderColor.alpha > 0 else { return }
        let rect = bounds.applying(toPixels)
        var ring = Region(PixelRect(covering: rect.insetBy(dx: -1, dy: -1)))
        let inset = view.borderWidth * scale + 2
        ring.subtract(RenderCulling.innerPixels(of: rect.insetBy(dx: inset, dy: inset)))
        region = region?.union(ring) ?? ring
    }
}

extension Compositor {
    /// Whether the commit planned moves of scrolled areas (the frame presents even when no
    /// other damage was recorded).
    var hasScrollMoves: Bool { !scrollMoves.isEmpty }

    /// Carries out the planned moves, before `compose`: moves each scrolled area's still-valid
    /// pixels inside the scene, adds what must be repainted there (the exposed strips, what
    /// other views draw over the area, other damage in both coordinates) to `repaint`, and
    /// the whole area to `present`. `repaint` holds the frame's damage in scene
    /// pixels on entry. A frame's one move turns the area's stored rows and columns instead
    /// (`Surface.turnRing`, when `turnsScrolledAreas`): no pixel moves, and the present copies
    /// the area out once. Otherwise, with a `display` that copies ahead, the move is made band
    /// by band and each band copied out at once, still in the cache
    /// (`Display.copyAhead(from:rect:)`); the present then copies only the rest. Returns the
    /// pixels moved (or kept by turning).
    func moveScrolledAreas(repaint: inout Region, present: inout Region, display: (any Display)? = nil) -> Int {
        guard !scrollMoves.isEmpty else { return 0 }
        var moved = 0
        // Only a frame's one move copies ahead or turns rows: with several, a later move could
        // write pixels an earlier one already copied out, or move pixels of a turned band.
        let display = scrollMoves.count == 1 ? display : nil
        let turns = turnsScrolledAreas && scrollMoves.count == 1
        for move in scrollMoves {
            let destination = move.area.intersection(PixelRect(x: move.area.x + move.dx, y: move.area.y + move.dy,
                                                              width: move.area.width, height: move.area.height))
            // Turning the area (another turned band is unwound first): every pixel of
            // `destination` shows what the pixel (`dx`, `dy`) back showed, the rest of the area
            // is repainted, as after a move.
            let turned = turns && !destination.isEmpty && turnRing(of: move.area, dx: move.dx, dy: move.dy)
            if move.above == nil, !destination.isEmpty, repaint.boundingBox.intersection(move.area).isEmpty {
                // The common case, nothing else in the area: the exposed bands are plain
                // rectangles, and every moved pixel is final (copied out with its band).
                moved += turned ? destination.area : moveInBands(destination, dx: move.dx, dy: move.dy, display: display, final: nil)
                addBands(of: move.full, around: destination, to: &repaint)
                present.formUnion(move.full)
                continue
            }
            // Pixels the move must not trust: other damage in the area, and what lies over it.
            var untrusted = repaint.intersection(move.area)
            if let above = move.above { untrusted.formUnion(above) }
            let shifted = untrusted.translated(dx: move.dx, dy: move.dy)
            untrusted.formUnion(shifted)
            var valid = Region(destination)
            valid.subtract(untrusted)
            var stale = Region(move.full)
            if !valid.isEmpty {
                moved += turned ? valid.area : moveInBands(destination, dx: move.dx, dy: move.dy, display: display, final: valid)
                stale.subtract(valid)
            }
            repaint.formUnion(stale)
            present.formUnion(move.full)
        }
        scrollMoves.removeAll(keepingCapacity: true)
        let sceneBounds = sceneBuffer.bounds
        if !RenderCulling.contains(sceneBounds, repaint.boundingBox) { repaint.formIntersection(sceneBounds) }
        if !RenderCulling.contains(sceneBounds, present.boundingBox) { present.formIntersection(sceneBounds) }
        return moved
    }

    /// Turns the stored pixels of `area` by (`dx`, `dy`) (`Surface.turnRing`), unwinding
    /// another turned band first; false when the scene cannot (an area outside it).
    private func turnRing(of area: PixelRect, dx: Int, dy: Int) -> Bool {
        if sceneBuffer.turnRing(area, dx: dx, dy: dy) { return true }
        guard sceneBuffer.scrollRing != nil else { return false }
        sceneBuffer.unwindRing()
        return sceneBuffer.turnRing(area, dx: dx, dy: dy)
    }

    /// Rows a band of a banded move holds: about 256 KiB, so that a band moved inside the
    /// scene is still in the cache when it is copied out.
    static let copyAheadBandBytes = 256 << 10

    /// Moves the pixels that land on `destination` by (`dx`, `dy`) inside the scene. When all
    /// are final (`final` nil), a display that can moves them and writes them out in one pass
    /// (`Display.moveCopyingAhead`). Otherwise, with a display that copies ahead, band by band
    /// in the order that never reads a moved row, each band copied out right after it moved:
    /// all of it, or only what of it lies in `final`, the pixels nothing is composed over later
    /// this frame. Returns the pixels moved.
    private func moveInBands(_ destination: PixelRect, dx: Int, dy: Int, display: (any Display)?, final: Region?) -> Int {
        let source = PixelRect(x: destination.x - dx, y: destination.y - dy, width: destination.width, height: destination.height)
        // Every moved pixel final: the display may move and copy out in one pass, reading the
        // area once.
        if final == nil, let display, let moved = display.moveCopyingAhead(in: sceneBuffer, rect: source, dx: dx, dy: dy) {
            return moved
        }
        let rows = max(1, Self.copyAheadBandBytes / max(destination.width * 4, 1))
        guard let display, destination.height > rows else {
            let moved = sceneBuffer.move(source, dx: dx, dy: dy)
            if let display { copyAhead(destination, final: final, to: display) }
            return moved
        }
        var moved = 0
        var offset = dy > 0 ? destination.height : 0
        while dy > 0 ? offset > 0 : offset < destination.height {
            // Up (dy ≤ 0): top band first, it reads rows below that no band has written yet;
            // down: bottom band first.
            let count = dy > 0 ? min(rows, offset) : min(rows, destination.height - offset)
            let top = dy > 0 ? offset - count : offset
            let band = PixelRect(x: destination.x, y: destination.y + top, width: destination.width, height: count)
            moved += sceneBuffer.move(PixelRect(x: band.x - dx, y: band.y - dy, width: band.width, height: band.height), dx: dx, dy: dy)
            copyAhead(band, final: final, to: display)
            offset += dy > 0 ? -count : count
        }
        return moved
    }

    /// Has `display` copy `band` (or its part in `final`) out ahead of the present.
    private func copyAhead(_ band: PixelRect, final: Region?, to display: any Display) {
        guard let final else {
            _ = display.copyAhead(from: sceneBuffer, rect: band)
            return
        }
        final.forEachRect { rect in
            let piece = rect.intersection(band)
            if !piece.isEmpty { _ = display.copyAhead(from: sceneBuffer, rect: piece) }
        }
    }

    /// Adds `full` less `inner` (a rectangle inside it) to `region`, as up to four bands.
    private func addBands(of full: PixelRect, around inner: PixelRect, to region: inout Region) {
        let top = PixelRect(x: full.x, y: full.y, width: full.width, height: inner.y - full.y)
        let bottom = PixelRect(x: full.x, y: inner.maxY, width: full.width, height: full.maxY - inner.maxY)
        let left = PixelRect(x: full.x, y: inner.y, width: inner.x - full.x, height: inner.height)
        let right = PixelRect(x: inner.maxX, y: inner.y, width: full.maxX - inner.maxX, height: inner.height)
        if !top.isEmpty { region.formUnion(top) }
        if !bottom.isEmpty { region.formUnion(bottom) }
        if !left.isEmpty { region.formUnion(left) }
        if !right.isEmpty { region.formUnion(right) }
    }
}
