import Logging
import VitrineGraphics

extension View {
    /// Where a view with no application logs (one not in a window).
    package static let hierarchyLogger = Logger(label: "vitrine.view")

    /// Logs an app bug in the view hierarchy that was survived rather than trapped on, to the
    /// application's logger when the view is in a window.
    package func logHierarchyMisuse(_ message: String) {
        (window?.application?.logger ?? View.hierarchyLogger).warning("\(message) — fix the app")
    }

    /// `insertSubview(_:aboveSubview:)` or `belowSubview:` with a `sibling` that is not a
    /// subview: `view` goes on top, with one log line.
    func insertOnTop(_ view: View, notFinding sibling: View) {
        // A view inserted relative to itself is the self-insertion insertSubview(_:at:) reports.
        if view !== self {
            logHierarchyMisuse("\(sibling) is not a subview of \(self): \(view) is inserted on top instead")
        }
        insertSubview(view, at: subviews.count)
    }

    /// Non-finite geometry set by the app (a division by zero in its layout, a NaN from its
    /// arithmetic) is ignored, logged at the 1st, 2nd, 4th… time in the process: kept, it would
    /// turn the view's bounds origin infinite for good (a standardized rectangle of infinite
    /// size), or make it and its subviews unreachable and undrawable. UIKit raises on it;
    /// a kiosk must go on, with the view where it was.
    func ignoreNonFiniteGeometry(_ property: String, _ value: Any) {
        View.nonFiniteGeometryCount += 1
        let count = View.nonFiniteGeometryCount
        guard count & (count - 1) == 0 else { return }
        logHierarchyMisuse("\(type(of: self)): a \(property) of \(value) is not finite and is ignored (\(count) so far)")
    }

    /// How many non-finite values views were given (see `ignoreNonFiniteGeometry`).
    static var nonFiniteGeometryCount = 0
}

extension Rect {
    /// Whether origin and size are all finite numbers.
    var hasFiniteGeometry: Bool { origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite }
}

extension AffineTransform {
    /// Whether all six coefficients are finite numbers.
    var hasFiniteGeometry: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite }
}
