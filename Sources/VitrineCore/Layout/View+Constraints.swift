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

/// A view's content hugging and compression resistance priorities, per axis.
struct ContentPriorities {
    var huggingHorizontal = LayoutPriority.defaultLow
    var huggingVertical = LayoutPriority.defaultLow
    var compressionHorizontal = LayoutPriority.defaultHigh
    var compressionVertical = LayoutPriority.defaultHigh
}

extension View {
    /// How strongly a view that constraints place resists growing beyond its
    /// `intrinsicContentSize` along `axis` (UIKit's; default `.defaultLow`, 250): the engine
    /// holds `size ≤ intrinsic size` at this priority. Used only when the view does not translate
    /// its autoresizing mask and has an intrinsic size along the axis.
    public func contentHuggingPriority(for axis: LayoutConstraint.Axis) -> LayoutPriority {
        axis == .horizontal ? contentPriorities.huggingHorizontal : contentPriorities.huggingVertical
    }

    /// Sets the content hugging priority along `axis`; the next layout pass uses it.
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutConstraint.Axis) {
        if axis == .horizontal { contentPriorities.huggingHorizontal = priority } else { contentPriorities.huggingVertical = priority }
        if layoutEngineEntry >= 0 { LayoutEngine.shared.intrinsicSizeDidChange(self) }
    }

    /// How strongly a view that constraints place resists shrinking below its
    /// `intrinsicContentSize` along `axis` (UIKit's; default `.defaultHigh`, 750): the engine
    /// holds `size ≥ intrinsic size` at this priority.
    public func contentCompressionResistancePriority(for axis: LayoutConstraint.Axis) -> LayoutPriority {
        axis == .horizontal ? contentPriorities.compressionHorizontal : contentPriorities.compressionVertical
    }

    /// Sets the compression resistance priority along `axis`; the next layout pass uses it.
    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutConstraint.Axis) {
        if axis == .horizontal { contentPriorities.compressionHorizontal = priority } else { contentPriorities.compressionVertical = priority }
        if layoutEngineEntry >= 0 { LayoutEngine.shared.intrinsicSizeDidChange(self) }
    }
}
