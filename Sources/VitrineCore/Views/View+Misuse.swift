import Logging

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
}
