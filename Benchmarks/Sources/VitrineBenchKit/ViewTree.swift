import Vitrine
import VitrineGraphics

/// A synthetic screen for hit-testing and touch dispatch: a window of `views` views whose
/// deepest view lies `depth` levels below the window, laid out as a kiosk screen is (a grid of
/// "cards", each a subtree), so that its cost can be measured against depth and against size.
///
/// Shape: the window's subviews are cards in a grid filling the window; each card is a chain
/// of `depth` nested views (the card itself is the first), each inset by one point in its
/// parent, and the rest of the card's share of views are small leaves added *in front of* the
/// chain at its levels (hit-testing asks subviews front to back, so every one of them is asked
/// and rejected on the way down: the honest case, not the lucky one). Cards hold
/// `max(20, depth)` views, the last one the remainder. The touched view is the deepest view of
/// the middle card. Coordinates are window points (the window is the screen, origin top-left).
@MainActor
public final class ViewTree {
    /// The window at the root; counted in `viewCount`.
    public let window: Window
    /// The deepest view of the middle card: where `touchPoint` lands.
    public let target: View
    /// The centre of `target`, in window (screen) points.
    public let touchPoint: Point
    /// Views in the tree, the window included.
    public let viewCount: Int
    /// Levels from the window down to `target` (the window is level 0).
    public let depth: Int

    /// The middle card: the top of the chain that leads to `target`.
    public let targetCard: View

    /// Builds a tree of `views` views (the window included) with its deepest view `depth`
    /// levels below the window, in a window of `size` points. `views` must leave room for one
    /// full chain: `views >= depth + 1`. `makeTarget` makes the touched view from its frame
    /// (in its superview's space); by default a plain `View`.
    public init(views: Int, depth: Int, size: Size = Size(width: 1920, height: 1080),
                makeTarget: (Rect) -> View = { View(frame: $0) }) {
        precondition(depth >= 1 && views >= depth + 1, "ViewTree: \(views) views cannot hold a chain \(depth) deep (needs depth + 1)")
        window = Window(frame: Rect(x: 0, y: 0, width: size.width, height: size.height))
        window.backgroundColor = Color(rgb: 0xF4F1EA)
        let perCard = max(20, depth)
        let cardViews = views - 1
        let cards = (cardViews + perCard - 1) / perCard
        // A grid about as wide as the screen's aspect.
        let columns = max(1, Int((Double(cards) * size.width / size.height).squareRoot().rounded(.up)))
        let rows = (cards + columns - 1) / columns
        let cellWidth = size.width / Double(columns), cellHeight = size.height / Double(rows)
        var remaining = cardViews
        var chosen: (card: View, leaf: View)?
        for index in 0..<cards {
            // Every card but the last takes `perCard`; the last takes what is left.
            let count = index == cards - 1 ? remaining : perCard
            remaining -= count
            let cell = Rect(x: Double(index % columns) * cellWidth, y: Double(index / columns) * cellHeight,
                            width: cellWidth, height: cellHeight)
            let isTarget = index == (cards - 1) / 2
            let chain = ViewTree.addCard(to: window, in: cell.insetBy(dx: 2, dy: 2), views: count, depth: min(depth, count),
                                         makeDeepest: isTarget ? makeTarget : { View(frame: $0) })
            if isTarget { chosen = chain }
        }
        // The middle card, (cards - 1) / 2, holds a full chain: only the last card can be
        // short, and it is the middle one only when it is the only one (then it holds them all).
        target = chosen!.leaf
        targetCard = chosen!.card
        touchPoint = target.convert(Point(x: target.bounds.midX, y: target.bounds.midY), to: nil)
        viewCount = views
        self.depth = depth
    }

    /// Adds a card of `views` views (a chain `depth` deep plus front leaves) in `frame`
    /// (window points), its deepest view made by `makeDeepest`; returns the card and that view.
    private static func addCard(to window: Window, in frame: Rect, views: Int, depth: Int,
                                makeDeepest: (Rect) -> View) -> (card: View, leaf: View) {
        var chain: [View] = []
        var parent: View = window
        var rect = frame
        for level in 0..<depth {
            let view = level == depth - 1 ? makeDeepest(rect) : View(frame: rect)
            if level == 0 { view.backgroundColor = .white }
            parent.addSubview(view)
            chain.append(view)
            parent = view
            rect = view.bounds.insetBy(dx: 1, dy: 1)
        }
        // The remaining views: 3×3-point leaves in the top-left corner of the chain's levels,
        // added after (in front of) each level's chain child, spread evenly over the levels
        // that have a child.
        let extras = views - depth
        let levels = max(1, depth - 1)
        for index in 0..<extras {
            let holder = chain[index % levels]
            let slot = Double(index / levels)
            holder.addSubview(View(frame: Rect(x: 1 + (slot * 4).truncatingRemainder(dividingBy: 12), y: 0, width: 3, height: 3)))
        }
        return (chain[0], chain[depth - 1])
    }
}
