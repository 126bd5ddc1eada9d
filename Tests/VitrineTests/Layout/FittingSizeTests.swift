import Testing
import Vitrine
import VitrineGraphics

/// `systemLayoutSizeFitting` as UIKit's, and multi-line labels that take the height of their
/// text wrapped at the width constraints give them (UIKit's automatic preferredMaxLayoutWidth).
/// Expected frames are UIKit's, computed from the label's own measurement (`sizeThatFits`).
@MainActor
struct FittingSizeTests {
    private static let body = "Trains to the airport leave every ten minutes from platform four, and the last one leaves at midnight."

    private func constrained<V: View>(_ view: V, in root: View) -> V {
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        return view
    }

    private func wrappingLabel() -> Label {
        let label = Label(frame: .zero)
        label.text = Self.body
        label.numberOfLines = 0
        return label
    }

    /// The height of `label`'s text wrapped at `width`: what UIKit's label gets.
    private func wrappedHeight(_ label: Label, at width: Double) -> Double {
        label.sizeThatFits(Size(width: width, height: .infinity)).height
    }

    /// A card: a one-line title over a wrapping body, 16 points in from the sides, 12 from the
    /// top and bottom, 8 between them.
    private func card() -> (View, Label, Label) {
        let card = View()
        let title = constrained(Label(text: "Airport"), in: card)
        let body = constrained(wrappingLabel(), in: card)
        LayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 16),
            title.trailingAnchor.constraint(lessThanOrEqualTo: card.trailingAnchor, constant: -16),
            title.topAnchor.constraint(equalTo: card.topAnchor, constant: 12),
            body.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 16),
            body.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -16),
            body.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 8),
            body.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -12),
        ])
        return (card, title, body)
    }

    @Test func aSelfSizingCardTakesTheHeightOfItsWrappedText() {
        let (card, title, body) = card()
        let frameBefore = card.frame
        let size = card.systemLayoutSizeFitting(Size(width: 320, height: 0), withHorizontalFittingPriority: .required,
                                                verticalFittingPriority: .fittingSizeLevel)
        let bodyHeight = wrappedHeight(body, at: 288)
        #expect(bodyHeight > title.intrinsicContentSize.height * 2)  // it does wrap
        #expect(size == Size(width: 320, height: 12 + title.intrinsicContentSize.height + 8 + bodyHeight + 12))
        // Narrower: more lines.
        let narrow = card.systemLayoutSizeFitting(Size(width: 200, height: 0), withHorizontalFittingPriority: .required,
                                                  verticalFittingPriority: .fittingSizeLevel)
        #expect(narrow.height == 12 + title.intrinsicContentSize.height + 8 + wrappedHeight(body, at: 168) + 12)
        #expect(narrow.height > size.height)
        // Nothing moved.
        #expect(card.frame == frameBefore && body.frame == .zero)
    }

    @Test func compressedAndExpandedSizes() {
        let box = View()
        let content = constrained(View(), in: box)
        LayoutConstraint.activate([
            content.leftAnchor.constraint(equalTo: box.leftAnchor, constant: 10),
            content.topAnchor.constraint(equalTo: box.topAnchor, constant: 10),
            content.bottomAnchor.constraint(equalTo: box.bottomAnchor, constant: -10),
            content.rightAnchor.constraint(lessThanOrEqualTo: box.rightAnchor, constant: -10),
            content.widthAnchor.constraint(equalToConstant: 100),
            content.heightAnchor.constraint(equalToConstant: 50),
        ])
        #expect(box.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 120, height: 70))
        // The height is fixed; the width only has a floor.
        #expect(box.systemLayoutSizeFitting(View.layoutFittingExpandedSize) == Size(width: 10_000, height: 70))
        #expect(box.systemLayoutSizeFitting(Size(width: 300, height: 300)) == Size(width: 300, height: 70))
        // A required target beyond what required constraints allow gives way to them.
        let size = box.systemLayoutSizeFitting(Size(width: 300, height: 300), withHorizontalFittingPriority: .required,
                                               verticalFittingPriority: .required)
        #expect(size == Size(width: 300, height: 70))
    }

    @Test func theViewsOwnSizeConstraintsAndIntrinsicSizeCount() {
        let label = Label(text: "Platform 4")
        // Hugging (250) and compression resistance (750) outweigh the fitting level (50).
        #expect(label.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == label.intrinsicContentSize)
        #expect(label.systemLayoutSizeFitting(View.layoutFittingExpandedSize) == label.intrinsicContentSize)
        let wrapping = wrappingLabel()
        let size = wrapping.systemLayoutSizeFitting(Size(width: 200, height: 0), withHorizontalFittingPriority: .required,
                                                    verticalFittingPriority: .fittingSizeLevel)
        #expect(size == Size(width: 200, height: wrappedHeight(wrapping, at: 200)))
        let square = View()
        square.widthAnchor.constraint(equalToConstant: 44).isActive = true
        square.heightAnchor.constraint(equalTo: square.widthAnchor).isActive = true
        #expect(square.systemLayoutSizeFitting(View.layoutFittingExpandedSize) == Size(width: 44, height: 44))
    }

    @Test func constraintsToViewsOutsideDoNotCount() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let (card, title, body) = card()
        _ = constrained(card, in: root)
        LayoutConstraint.activate([
            card.leftAnchor.constraint(equalTo: root.leftAnchor),
            card.topAnchor.constraint(equalTo: root.topAnchor),
            card.widthAnchor.constraint(equalTo: root.widthAnchor),
        ])
        let size = card.systemLayoutSizeFitting(Size(width: 240, height: 0), withHorizontalFittingPriority: .required,
                                                verticalFittingPriority: .fittingSizeLevel)
        #expect(size.width == 240)
        // Wrapped at 240 − 32, not at the 400 − 32 the root's width would give.
        #expect(size.height == 12 + title.intrinsicContentSize.height + 8 + wrappedHeight(body, at: 208) + 12)
    }

    // MARK: Multi-line labels in the layout pass

    @Test func aWrappingLabelTakesTheHeightOfItsTextAtTheWidthConstraintsGiveIt() {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let label = constrained(wrappingLabel(), in: root)
        let below = constrained(View(), in: root)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            below.leadingAnchor.constraint(equalTo: label.leadingAnchor),
            below.topAnchor.constraint(equalTo: label.bottomAnchor, constant: 8),
            below.widthAnchor.constraint(equalToConstant: 10),
            below.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        let height = wrappedHeight(label, at: 288)
        #expect(label.frame == Rect(x: 16, y: 20, width: 288, height: height))
        #expect(below.frame == Rect(x: 16, y: 28 + height, width: 10, height: 10))
        // The root narrows: the text wraps again, in the same pass.
        root.frame = Rect(x: 0, y: 0, width: 200, height: 480)
        root.layoutIfNeeded()
        let narrower = wrappedHeight(label, at: 168)
        #expect(narrower > height)
        #expect(label.frame == Rect(x: 16, y: 20, width: 168, height: narrower))
        #expect(below.frame.minY == 28 + narrower)
        // A new text is measured at the width it has.
        label.text = "Short"
        root.layoutIfNeeded()
        #expect(label.frame.height == wrappedHeight(label, at: 168))
    }

    @Test func aWrappedLabelSizesTheViewsAroundIt() {
        // The label's container is sized by it, and what sits below the container follows.
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let bubble = constrained(View(), in: root)
        let label = constrained(wrappingLabel(), in: bubble)
        let footer = constrained(View(), in: root)
        LayoutConstraint.activate([
            bubble.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            bubble.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
            bubble.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            label.leadingAnchor.constraint(equalTo: bubble.leadingAnchor, constant: 12),
            label.trailingAnchor.constraint(equalTo: bubble.trailingAnchor, constant: -12),
            label.topAnchor.constraint(equalTo: bubble.topAnchor, constant: 6),
            label.bottomAnchor.constraint(equalTo: bubble.bottomAnchor, constant: -6),
            footer.topAnchor.constraint(equalTo: bubble.bottomAnchor, constant: 4),
            footer.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            footer.widthAnchor.constraint(equalToConstant: 20),
            footer.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        let height = wrappedHeight(label, at: 300 - 24)
        #expect(label.frame == Rect(x: 12, y: 6, width: 276, height: height))
        #expect(bubble.frame == Rect(x: 10, y: 10, width: 300, height: height + 12))
        #expect(footer.frame == Rect(x: 0, y: 26 + height, width: 20, height: 20))
    }

    @Test func aPreferredMaxLayoutWidthStillWins() {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let label = constrained(wrappingLabel(), in: root)
        label.preferredMaxLayoutWidth = 150
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            label.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        let size = label.sizeThatFits(Size(width: 150, height: .infinity))
        #expect(label.frame == Rect(x: 0, y: 0, width: size.width, height: size.height))
    }
}
