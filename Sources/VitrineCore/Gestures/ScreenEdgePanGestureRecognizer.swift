import VitrineGraphics

/// Edges of a rectangle (UIKit's `UIRectEdge`).
public struct RectEdge: OptionSet, Sendable, Hashable {
    /// The raw bits (UIKit's values).
    public var rawValue: UInt
    /// Creates an edge set from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top edge (smallest y).
    public static let top = RectEdge(rawValue: 1 << 0)
    /// The left edge (smallest x).
    public static let left = RectEdge(rawValue: 1 << 1)
    /// The bottom edge (largest y).
    public static let bottom = RectEdge(rawValue: 1 << 2)
    /// The right edge (largest x).
    public static let right = RectEdge(rawValue: 1 << 3)
    /// Every edge.
    public static let all: RectEdge = [.top, .left, .bottom, .right]
}

/// A pan that starts at an edge of the screen (UIKit's `UIScreenEdgePanGestureRecognizer`);
/// continuous, the back swipe of a navigation controller.
///
/// It takes part only in gestures whose first finger touches down within `edgeWidth` points of
/// one of its `edges` of the screen (the window's bounds, in window space): any other first
/// finger makes it fail at once, so it never holds back a touch in the content. From there it
/// behaves as a `PanGestureRecognizer`, except that it fails when the fingers' first motion past
/// the hysteresis does not point away from that edge (more along the edge than away from it):
/// a finger scrolling down the left margin is not a back swipe. As every recognizer, when it
/// begins the views holding its touches hear `touchesCancelled` (`cancelsTouchesInView`).
///
/// Differs from UIKit: `edges` empty (UIKit's default) never begins; Vitrine reads the edges
/// of the window, which on a kiosk is the screen.
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// The screen edges a swipe may start from. Default: none (set it, as in UIKit).
    public var edges: RectEdge = []
    /// How far from the edge, in points, the first finger may touch down. Default 20.
    public var edgeWidth = 20.0

    /// The edge the gesture started at (one of `edges`), once a finger touched down near it.
    private var startEdge: RectEdge = []
    /// Where the first finger touched down, window space.
    private var startLocation = Point.zero

    /// Fails unless the first finger is within `edgeWidth` of one of `edges`.
    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        if startEdge.isEmpty {
            guard let touch = touches.first, let bounds = view?.window?.bounds,
                  let edge = nearestEdge(to: touch.locationInWindow, in: bounds) else {
                state = .failed
                return
            }
            startEdge = edge
            startLocation = touch.locationInWindow
        }
        super.touchesBegan(touches, with: event)
    }

    /// Fails when the first motion past the hysteresis points along the edge rather than away.
    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        if state == .possible, let touch = touches.first {
            let d = touch.locationInWindow - startLocation
            if d.x * d.x + d.y * d.y > hysteresis * hysteresis {
                let away: Double, along: Double
                switch startEdge {
                case .left: (away, along) = (d.x, abs(d.y))
                case .right: (away, along) = (-d.x, abs(d.y))
                case .top: (away, along) = (d.y, abs(d.x))
                default: (away, along) = (-d.y, abs(d.x))
                }
                if away <= along {
                    state = .failed
                    return
                }
            }
        }
        super.touchesMoved(touches, with: event)
    }

    /// Forgets the edge.
    open override func reset() {
        super.reset()
        startEdge = []
        startLocation = .zero
    }

    /// The edge of `edges` that `point` is within `edgeWidth` of, the nearest when several are
    /// (plain comparisons: this runs on every first touch and must not allocate).
    private func nearestEdge(to point: Point, in bounds: Rect) -> RectEdge? {
        var best: RectEdge?
        var bestDistance = Double.infinity
        for bit in 0..<4 {
            let edge = RectEdge(rawValue: 1 << UInt(bit))
            guard edges.contains(edge) else { continue }
            let distance: Double
            switch bit {
            case 0: distance = point.y - bounds.minY
            case 1: distance = point.x - bounds.minX
            case 2: distance = bounds.maxY - point.y
            default: distance = bounds.maxX - point.x
            }
            if distance >= 0, distance <= edgeWidth, distance < bestDistance {
                best = edge
                bestDistance = distance
            }
        }
        return best
    }
}
