import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// Linux key codes the focus tests press.
enum FKey {
    static let escape = 1, tab = 15, enter = 28, space = 57, up = 103, left = 105, right = 106, down = 108
}

extension Harness {
    /// The focused view's accessibility label.
    var focusedLabel: String? { app.focusedView?.accessibilityLabel }

    /// The focus ring's view, when it is on screen.
    var ringView: View? {
        guard let ring = app.focusEngineIfMade?.ring.view, ring.superview != nil, !ring.isHidden else { return nil }
        return ring
    }
}

/// A grid of buttons named by row and column ("r0c0"), 100 × 50 points, 40 apart.
@MainActor
func buttonGrid(rows: Int, columns: Int, in view: View, origin: Point = Point(x: 20, y: 20)) -> [[Button]] {
    (0..<rows).map { r in
        (0..<columns).map { c in
            let b = button("r\(r)c\(c)", Rect(x: origin.x + Double(c) * 140, y: origin.y + Double(r) * 90, width: 100, height: 50))
            view.addSubview(b)
            return b
        }
    }
}
