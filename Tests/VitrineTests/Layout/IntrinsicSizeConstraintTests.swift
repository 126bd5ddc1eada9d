import Testing
import Vitrine
import VitrineGraphics

/// Labels and buttons that constraints place take their intrinsic size, with UIKit's content
/// hugging and compression resistance deciding which one gives.
@MainActor
struct IntrinsicSizeConstraintTests {
    private func constrained<V: View>(_ view: V, in root: View) -> V {
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        return view
    }

    @Test func defaultsAreUIKits() {
        let view = Label(text: "x")
        #expect(view.contentHuggingPriority(for: .horizontal) == .defaultLow)
        #expect(view.contentHuggingPriority(for: .vertical) == .defaultLow)
        #expect(view.contentCompressionResistancePriority(for: .horizontal) == .defaultHigh)
        #expect(view.contentCompressionResistancePriority(for: .vertical) == .defaultHigh)
    }

    @Test func aPositionedLabelOrButtonTakesItsIntrinsicSize() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let label = constrained(Label(text: "Departures"), in: root)
        let button = constrained(Button(), in: root)
        button.setTitle("Book", for: .normal)
        LayoutConstraint.activate([
            label.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            button.leftAnchor.constraint(equalTo: label.leftAnchor),
            button.topAnchor.constraint(equalTo: label.bottomAnchor, constant: 8),
        ])
        root.layoutIfNeeded()
        let labelSize = label.intrinsicContentSize, buttonSize = button.intrinsicContentSize
        #expect(labelSize.width > 0 && buttonSize.width > 0)
        #expect(label.frame == Rect(x: 10, y: 10, width: labelSize.width, height: labelSize.height))
        #expect(button.frame == Rect(x: 10, y: 18 + labelSize.height, width: buttonSize.width, height: buttonSize.height))
    }

    @Test func theLowerHuggingPriorityStretches() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 100))
        let name = constrained(Label(text: "Name"), in: root)
        let value = constrained(Label(text: "Ada"), in: root)
        LayoutConstraint.activate([
            name.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            value.leadingAnchor.constraint(equalTo: name.trailingAnchor, constant: 8),
            value.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            name.topAnchor.constraint(equalTo: root.topAnchor),
            value.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        name.setContentHuggingPriority(.defaultLow + 1, for: .horizontal)
        root.layoutIfNeeded()
        #expect(name.frame.width == name.intrinsicContentSize.width)
        #expect(value.frame.maxX == 400)
        #expect(value.frame.width == 400 - 8 - name.intrinsicContentSize.width)
        // Hugging the value harder makes the name stretch instead.
        value.setContentHuggingPriority(.defaultLow + 2, for: .horizontal)
        root.layoutIfNeeded()
        #expect(value.frame.width == value.intrinsicContentSize.width)
        #expect(name.frame.width == 400 - 8 - value.intrinsicContentSize.width)
    }

    @Test func theLowerCompressionResistanceShrinks() {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let first = constrained(Label(text: "Platform"), in: root)
        let second = constrained(Label(text: "Destination"), in: root)
        LayoutConstraint.activate([
            first.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            second.leadingAnchor.constraint(equalTo: first.trailingAnchor),
            second.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            first.topAnchor.constraint(equalTo: root.topAnchor),
            second.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        // Together they need more than 100 points; the first fits alone.
        #expect(first.intrinsicContentSize.width < 100)
        #expect(first.intrinsicContentSize.width + second.intrinsicContentSize.width > 100)
        first.setContentCompressionResistancePriority(.defaultHigh + 1, for: .horizontal)
        root.layoutIfNeeded()
        #expect(first.frame.width == first.intrinsicContentSize.width)
        #expect(second.frame.width == 100 - first.intrinsicContentSize.width)
        // Resisting harder, the second keeps its size and the first shrinks.
        second.setContentCompressionResistancePriority(.defaultHigh + 2, for: .horizontal)
        root.layoutIfNeeded()
        #expect(second.frame.width == second.intrinsicContentSize.width)
        #expect(first.frame.width == 100 - second.intrinsicContentSize.width)
    }

    @Test func newTextResizesInTheNextLayoutPass() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 100))
        let label = constrained(Label(text: "Gate"), in: root)
        LayoutConstraint.activate([
            label.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            label.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        let short = label.frame.width
        #expect(short == label.intrinsicContentSize.width)
        label.text = "Gate closing in 5 minutes"
        root.layoutIfNeeded()
        #expect(label.frame.width == label.intrinsicContentSize.width)
        #expect(label.frame.width > short)
        #expect(label.frame.midX == 200)
        // A required width beats hugging and compression resistance.
        label.widthAnchor.constraint(equalToConstant: 50).isActive = true
        root.layoutIfNeeded()
        #expect(label.frame.width == 50)
    }
}
