import VitrineGraphics

/// Geometric focus moves (the arrows): the nearest element in the direction, in screen points.
@MainActor
enum FocusGeometry {
    /// Of `candidates`, the one nearest to `origin` in the direction of `heading` (up, down,
    /// left or right): a candidate counts when its near edge is past `origin`'s middle in that
    /// direction; the score is the gap along the heading plus twice the offset across it (zero
    /// when the two overlap across it), so an element straight ahead beats a nearer diagonal
    /// one. Nil when none lies that way.
    static func nearest(from origin: Rect, heading: FocusHeading, among candidates: [View], excluding current: View) -> View? {
        var best: View?
        var bestScore = Double.infinity
        for candidate in candidates where candidate !== current {
            let frame = candidate.accessibilityFrame
            guard let score = score(from: origin, to: frame, heading: heading) else { continue }
            if score < bestScore {
                bestScore = score
                best = candidate
            }
        }
        return best
    }

    static func score(from a: Rect, to b: Rect, heading: FocusHeading) -> Double? {
        let along: Double
        let across: Double
        if heading.contains(.down) || heading.contains(.up) {
            let down = heading.contains(.down)
            guard down ? b.minY >= a.midY && b.midY > a.midY : b.maxY <= a.midY && b.midY < a.midY else { return nil }
            along = max(down ? b.minY - a.maxY : a.minY - b.maxY, 0)
            across = gap(a.minX, a.maxX, b.minX, b.maxX)
        } else if heading.contains(.right) || heading.contains(.left) {
            let right = heading.contains(.right)
            guard right ? b.minX >= a.midX && b.midX > a.midX : b.maxX <= a.midX && b.midX < a.midX else { return nil }
            along = max(right ? b.minX - a.maxX : a.minX - b.maxX, 0)
            across = gap(a.minY, a.maxY, b.minY, b.maxY)
        } else {
            return nil
        }
        return along + 2 * across
    }

    /// The distance between two intervals (0 when they overlap).
    private static func gap(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> Double {
        if b1 < a0 { return a0 - b1 }
        if b0 > a1 { return b0 - a1 }
        return 0
    }
}

/// Keeping the focused view on screen: scroll views scroll it into view; a table's rows that
/// are not made yet are reached by scrolling to them.
@MainActor
enum FocusScrolling {
    /// Scrolls every scroll view around `view` so that its frame is visible (the innermost
    /// first), as UIKit's focus engine does. Animated when the view is in a window.
    static func scrollIntoView(_ view: View) {
        var parent = view.accessibilityParent
        while let current = parent {
            if let scroll = current as? ScrollView, !(scroll is PickerWheel) {
                // Screen points into the scroll view's bounds (content) space, with room for the ring.
                let rect = view.accessibilityFrame.applying(scroll.transformToRoot.inverted())
                scroll.scrollRectToVisible(rect.insetBy(dx: -FocusRing.outset, dy: -FocusRing.outset), animated: false)
            }
            parent = current.accessibilityParent
        }
    }

    /// When `view` is a table's cell and the row past it in `heading` (next or down; previous
    /// or up) exists but has no cell yet, scrolls the table to it and returns its cell.
    static func revealNeighbourRow(of view: View, heading: FocusHeading) -> View? {
        guard let cell = view as? TableViewCell, let table = cell.enclosingTableView,
              let path = table.indexPath(for: cell) else { return nil }
        let forward = heading.contains(.next) || heading.contains(.down)
        let backward = heading.contains(.previous) || heading.contains(.up)
        guard forward || backward else { return nil }
        guard let neighbour = table.neighbourPath(of: path, forward: forward), table.cellForRow(at: neighbour) == nil
        else { return nil }
        table.scrollToRow(at: neighbour, at: .none, animated: false)
        table.layoutIfNeeded()
        return table.cellForRow(at: neighbour)
    }
}

extension TableView {
    /// The row after (or before) `path`, across sections, or nil at the end.
    func neighbourPath(of path: ItemPath, forward: Bool) -> ItemPath? {
        var section = path.section
        var row = path.row + (forward ? 1 : -1)
        while section >= 0 && section < numberOfSections {
            let count = numberOfRows(inSection: section)
            if row >= 0 && row < count { return ItemPath(row: row, section: section) }
            section += forward ? 1 : -1
            guard section >= 0 && section < numberOfSections else { return nil }
            row = forward ? 0 : numberOfRows(inSection: section) - 1
        }
        return nil
    }
}

/// Escape: back out of where one is.
@MainActor
enum FocusBack {
    /// Dismisses the front alert by its cancel action, else pops the top navigation
    /// controller of `window` by one screen, else dismisses the top presented screen.
    /// Returns whether it did.
    static func goBack(in window: Window?) -> Bool {
        guard let window else { return false }
        if let modal = window.accessibilityModalView, let alert = modal.owningViewController as? AlertController {
            guard let cancel = alert.actions.first(where: { $0.style == .cancel }),
                  let button = alert.actionButtons.first(where: { $0.currentTitle == cancel.title }) else { return false }
            return button.accessibilityActivate()
        }
        if let navigation = topNavigation(from: window.rootViewController), navigation.viewControllers.count > 1 {
            return navigation.popViewController(animated: true) != nil
        }
        // A presented screen with no back stack of its own: dismissed.
        guard let root = window.rootViewController, let presented = root.presentedViewController else { return false }
        var top = presented
        while let above = top.presentedViewController, above !== top { top = above }
        top.dismiss(animated: true)
        return true
    }

    /// The view of the screen in front: a modal view, else the top presented controller's, the
    /// top of a navigation stack, the selected tab's — what changes when the screen does.
    static func frontScreen(in window: Window) -> View? {
        if let modal = window.accessibilityModalView { return modal }
        return frontController(in: window)?.viewIfLoaded
    }

    /// The controller in front: the top presented one, the top of a navigation stack, the
    /// selected tab's (nil without a root controller).
    static func frontController(in window: Window) -> ViewController? {
        var controller = window.rootViewController
        while let current = controller {
            if let presented = current.presentedViewController, presented !== current {
                controller = presented
            } else if let navigation = current as? NavigationController, let top = navigation.topViewController {
                controller = top
            } else if let tabs = current as? TabBarController, let selected = tabs.selectedViewController {
                controller = selected
            } else {
                return current
            }
        }
        return nil
    }

    private static func topNavigation(from controller: ViewController?) -> NavigationController? {
        guard let controller else { return nil }
        if let presented = controller.presentedViewController, presented !== controller,
           let found = topNavigation(from: presented) { return found }
        if let tabs = controller as? TabBarController, let found = topNavigation(from: tabs.selectedViewController) {
            return found
        }
        return controller as? NavigationController
    }
}
