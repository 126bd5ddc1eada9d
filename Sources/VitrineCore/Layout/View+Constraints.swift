extension View {
    /// Whether the view's frame, as set by hand or by its autoresizing mask, is what the layout
    /// engine uses for it (UIKit's; default true). Set it to false to have constraints place the
    /// view: in each layout pass, before its superview's `layoutSubviews`, the view's frame
    /// (in the superview's space) becomes the one its active constraints solve to.
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { translatesAutoresizingMaskStorage }
        set {
            guard newValue != translatesAutoresizingMaskStorage else { return }
            translatesAutoresizingMaskStorage = newValue
            LayoutEngine.shared.translationDidChange(self)
        }
    }
}
