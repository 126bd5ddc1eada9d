/// One layout attribute of a view, to make constraints from (UIKit's `NSLayoutAnchor`). The
/// type parameter keeps axes apart at compile time: an x-axis anchor relates only to x-axis
/// anchors, a y-axis anchor to y-axis anchors, a dimension to dimensions. Positions are in the
/// items' nearest common ancestor's space, sizes in points (see `LayoutConstraint`). Every
/// method returns an inactive constraint.
@MainActor
public class LayoutAnchor<AnchorType: AnyObject> {
    /// The view or `LayoutGuide` the anchor belongs to.
    public var item: AnyObject { layoutItem }
    let layoutItem: any LayoutItem
    /// The attribute it stands for.
    public let attribute: LayoutConstraint.Attribute

    init(item: any LayoutItem, attribute: LayoutConstraint.Attribute) {
        self.layoutItem = item
        self.attribute = attribute
    }

    /// `self = anchor + constant`.
    public func constraint(equalTo anchor: LayoutAnchor<AnchorType>, constant: Double = 0) -> LayoutConstraint {
        make(.equal, anchor, multiplier: 1, constant: constant)
    }

    /// `self ≥ anchor + constant`.
    public func constraint(greaterThanOrEqualTo anchor: LayoutAnchor<AnchorType>, constant: Double = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: 1, constant: constant)
    }

    /// `self ≤ anchor + constant`.
    public func constraint(lessThanOrEqualTo anchor: LayoutAnchor<AnchorType>, constant: Double = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: 1, constant: constant)
    }

    func make(_ relation: LayoutConstraint.Relation, _ anchor: LayoutAnchor<AnchorType>?, multiplier: Double,
              constant: Double) -> LayoutConstraint {
        LayoutConstraint(item: layoutItem, attribute: attribute, relatedBy: relation, toItem: anchor?.layoutItem,
                         attribute: anchor?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: constant)
    }
}

/// A horizontal position anchor (`leftAnchor`, `rightAnchor`, `leadingAnchor`,
/// `trailingAnchor`, `centerXAnchor`), in points of the common ancestor's space.
@MainActor
public final class LayoutXAxisAnchor: LayoutAnchor<LayoutXAxisAnchor> {}

/// A vertical position anchor (`topAnchor`, `bottomAnchor`, `centerYAnchor`), in points of the
/// common ancestor's space (y down).
@MainActor
public final class LayoutYAxisAnchor: LayoutAnchor<LayoutYAxisAnchor> {}

/// A size anchor (`widthAnchor`, `heightAnchor`), in points. Dimensions of either axis relate
/// to each other (an aspect ratio is `widthAnchor` equal to a multiple of `heightAnchor`).
@MainActor
public final class LayoutDimension: LayoutAnchor<LayoutDimension> {
    /// `self = constant`.
    public func constraint(equalToConstant constant: Double) -> LayoutConstraint {
        make(.equal, nil, multiplier: 1, constant: constant)
    }

    /// `self ≥ constant`.
    public func constraint(greaterThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        make(.greaterThanOrEqual, nil, multiplier: 1, constant: constant)
    }

    /// `self ≤ constant`.
    public func constraint(lessThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        make(.lessThanOrEqual, nil, multiplier: 1, constant: constant)
    }

    /// `self = multiplier × anchor + constant`.
    public func constraint(equalTo anchor: LayoutDimension, multiplier: Double, constant: Double = 0) -> LayoutConstraint {
        make(.equal, anchor, multiplier: multiplier, constant: constant)
    }

    /// `self ≥ multiplier × anchor + constant`.
    public func constraint(greaterThanOrEqualTo anchor: LayoutDimension, multiplier: Double,
                           constant: Double = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: multiplier, constant: constant)
    }

    /// `self ≤ multiplier × anchor + constant`.
    public func constraint(lessThanOrEqualTo anchor: LayoutDimension, multiplier: Double,
                           constant: Double = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: multiplier, constant: constant)
    }
}

extension View {
    /// The frame's minX, in the space of the ancestor a constraint is made in.
    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .left) }
    /// The frame's maxX.
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .right) }
    /// The leading edge: the left one, the right one when the constraint reads right to left
    /// (see `LayoutConstraint.Attribute.leading`).
    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .leading) }
    /// The trailing edge: the right one, the left one right to left.
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .trailing) }
    /// The frame's midX.
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .centerX) }
    /// The frame's minY.
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .top) }
    /// The frame's maxY.
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .bottom) }
    /// The frame's midY.
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .centerY) }
    /// The baseline of the first line of text, in the common ancestor's space: a `Label`'s
    /// first line as drawn (its text is centred vertically, so the baseline moves by half a
    /// change of height); the bottom of a view without text, as in UIKit.
    public var firstBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .firstBaseline) }
    /// The baseline of the last line of text (a multi-line label's last line); the bottom of a
    /// view without text.
    public var lastBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .lastBaseline) }
    /// The bounds' width.
    public var widthAnchor: LayoutDimension { LayoutDimension(item: self, attribute: .width) }
    /// The bounds' height.
    public var heightAnchor: LayoutDimension { LayoutDimension(item: self, attribute: .height) }
}
