import VitrineGraphics

// Whether what a view shows in a rectangle may go to a display plane above the UI instead of
// being composed (issue 36: video on a plane). The answer needs what the compositor knows —
// the presentation values, the kept subtree extents, the windows' order — so it lives here,
// as a package API that VitrineVideo's `VideoView` asks in every commit and with every frame.

/// Why a view's content cannot be shown on a plane above the UI.
package enum PlaneIneligibility: Error, Sendable, Hashable, CustomStringConvertible {
    /// The view is in no window of the running application, or it or an ancestor is hidden.
    case notShown
    /// The view or an ancestor is translucent (alpha below 1).
    case translucent
    /// The view or an ancestor is animating (its presentation values move every frame).
    case animating
    /// The transform to the screen turns or mirrors it (only translation and scale keep it
    /// axis-aligned).
    case transformed
    /// The view or an ancestor clips to rounded corners.
    case roundedClip
    /// Something is drawn above it there: a subview, a later sibling of it or of an ancestor,
    /// a border, or a window above.
    case covered
    /// None of it is on the screen.
    case offScreen

    /// In words, for the log.
    package var description: String {
        switch self {
        case .notShown: "not shown"
        case .translucent: "translucent"
        case .animating: "animating"
        case .transformed: "turned or mirrored"
        case .roundedClip: "clipped to rounded corners"
        case .covered: "a view is above it"
        case .offScreen: "off the screen"
        }
    }
}

/// Where a view's rectangle shows, for a plane.
package struct PlaneVisibility: Sendable, Hashable {
    /// The rectangle, placed in scene pixels (before any clip).
    package var placed: Rect
    /// The part of it that shows after every clip (the view's bounds, clipping ancestors, the
    /// scene), in scene pixels; never empty.
    package var visible: Rect
}

extension View {
    /// Where `rect` (this view's bounds space) shows on the screen, in scene pixels, when
    /// nothing the UI draws is above it there and it is shown opaque and axis-aligned; else
    /// why not. Walks this view's ancestors, its subviews and the later siblings of each
    /// (their kept extents: one rectangle each), and the windows above; allocates nothing.
    package func planeVisibility(of rect: Rect) -> Result<PlaneVisibility, PlaneIneligibility> {
        guard let window, !window.isHidden, let application = Application.currentIfAny,
              application.windows.contains(where: { $0 === window }) else { return .failure(.notShown) }
        let scale = application.screen.scale
        let toScene = transformToRoot.concatenating(AffineTransform(scaleX: scale, y: scale))
        guard toScene.b == 0, toScene.c == 0, toScene.a > 0, toScene.d > 0 else { return .failure(.transformed) }
        let placed = rect.applying(toScene)
        // Content is drawn into the view's bounds: clipped to them, then to clipping ancestors.
        var visible = placed.intersection(bounds.applying(toScene))
        var view: View = self
        while true {
            if view.isHidden { return .failure(.notShown) }
            if view.alpha < 1 { return .failure(.translucent) }
            if view.presentation != nil { return .failure(.animating) }
            if view.clipsToBounds && view.cornerRadius > 0 { return .failure(.roundedClip) }
            guard let parent = view.superview else { break }
            let parentToScene = parent.transformToRoot.concatenating(AffineTransform(scaleX: scale, y: scale))
            if parent.clipsToBounds { visible = visible.intersection(parent.bounds.applying(parentToScene)) }
            view = parent
        }
        let pixels = application.screen.nativeSize
        visible = visible.intersection(Rect(x: 0, y: 0, width: pixels.width, height: pixels.height))
        guard !visible.isNull, !visible.isEmpty else { return .failure(.offScreen) }
        if isCovered(visible, scale: scale, toScene: toScene, in: application, window: window) { return .failure(.covered) }
        return .success(PlaneVisibility(placed: placed, visible: visible))
    }

    /// Whether anything drawn after this view's content (its border and subviews, later
    /// siblings of it and its ancestors, their borders, windows above) meets `area` (scene
    /// pixels). Conservative: a subtree counts by its kept extent, drawn or not.
    private func isCovered(_ area: Rect, scale: Double, toScene: AffineTransform, in application: Application, window: Window) -> Bool {
        // Pixels, not points: a neighbour that only touches the edge covers nothing.
        func meets(_ extent: Rect, _ transform: AffineTransform) -> Bool {
            guard !extent.isNull else { return false }
            if extent.isInfinite { return true }
            let r = extent.applying(transform).intersection(area)
            return !r.isNull && r.width >= 0.5 && r.height >= 0.5
        }
        func borderMeets(_ view: View, _ transform: AffineTransform) -> Bool {
            guard view.borderWidth > 0 else { return false }
            let inner = view.bounds.insetBy(dx: view.borderWidth, dy: view.borderWidth).applying(transform)
            return !inner.contains(area)
        }
        if borderMeets(self, toScene) { return true }
        for subview in subviews where !subview.isHidden {
            if meets(subview.subtreeExtentInSuperview, toScene) { return true }
        }
        var child: View = self
        while let parent = child.superview {
            let parentToScene = parent.transformToRoot.concatenating(AffineTransform(scaleX: scale, y: scale))
            if let index = parent.subviews.firstIndex(where: { $0 === child }) {
                for sibling in parent.subviews[(index + 1)...] where !sibling.isHidden {
                    if meets(sibling.subtreeExtentInSuperview, parentToScene) { return true }
                }
            }
            if borderMeets(parent, parentToScene) { return true }
            child = parent
        }
        if let index = application.windows.firstIndex(where: { $0 === window }) {
            let toPixels = AffineTransform(scaleX: scale, y: scale)
            for above in application.windows[(index + 1)...] where !above.isHidden {
                if meets(above.subtreeExtentInSuperview, toPixels) { return true }
            }
        }
        return false
    }
}

/// Something that looks at the laid-out screen in every commit before it is drawn: a video
/// view deciding whether its frames may go to a display plane (VitrineVideo).
///
/// Contract: `Application.commit()` calls `applicationWillDisplay(_:)` in each commit that
/// runs (something was dirty), after the layout pass and before the display pass, on the main
/// actor. It may mark views for display (they are drawn in this commit) but must not change
/// layout. Quick, no allocation per commit.
@MainActor
package protocol CommitObserver: AnyObject {
    /// The commit laid the screen out and is about to draw it.
    func applicationWillDisplay(_ application: Application)
}

extension Application {
    /// Starts calling `observer` in every commit (held strongly until removed; twice is once).
    package func addCommitObserver(_ observer: any CommitObserver) {
        guard !commitObservers.contains(where: { $0 === observer }) else { return }
        commitObservers.append(observer)
    }

    /// Stops calling `observer`.
    package func removeCommitObserver(_ observer: any CommitObserver) {
        commitObservers.removeAll { $0 === observer }
    }
}
