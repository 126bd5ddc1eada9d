import Testing
import Vitrine
import VitrineGraphics

/// Every property a control's `intrinsicContentSize` depends on invalidates it when it changes:
/// a control that constraints place only by its position takes its new size in the next pass.
@MainActor
struct IntrinsicSizeInvalidationTests {
    /// One property change of one control.
    struct Change: CustomTestStringConvertible, Sendable {
        let name: String
        let make: @MainActor @Sendable () -> View
        let change: @MainActor @Sendable (View) -> Void
        var testDescription: String { name }
    }

    private static func image(_ width: Int, _ height: Int) -> Image {
        Image(surface: Surface(width: width, height: height, format: .argb8888))
    }

    private static func makeLabel(_ text: String) -> Label { Label(text: text) }

    private static func makeButton(_ title: String) -> Button {
        let button = Button()
        button.setTitle(title, for: .normal)
        return button
    }

    nonisolated static let changes: [Change] = [
        Change(name: "Label.text", make: { makeLabel("Gate") }, change: { ($0 as? Label)?.text = "Gate closes in ten minutes" }),
        Change(name: "Label.font", make: { makeLabel("Gate") }, change: { ($0 as? Label)?.font = .system(size: 34) }),
        Change(name: "Label.numberOfLines", make: { makeLabel("Gate\nB12") }, change: { ($0 as? Label)?.numberOfLines = 0 }),
        Change(name: "Label.lineSpacing", make: {
            let label = makeLabel("Gate\nB12")
            label.numberOfLines = 0
            return label
        }, change: { ($0 as? Label)?.lineSpacing = 10 }),
        Change(name: "Label.preferredMaxLayoutWidth", make: {
            let label = makeLabel("Gate closes in ten minutes")
            label.numberOfLines = 0
            return label
        }, change: { ($0 as? Label)?.preferredMaxLayoutWidth = 60 }),
        Change(name: "Button.setTitle", make: { makeButton("Go") }, change: { ($0 as? Button)?.setTitle("Go to the gate", for: .normal) }),
        Change(name: "Button.setImage", make: { makeButton("Go") }, change: { ($0 as? Button)?.setImage(image(40, 60), for: .normal) }),
        Change(name: "Button.titleFont", make: { makeButton("Go") }, change: { ($0 as? Button)?.titleFont = .system(size: 30) }),
        Change(name: "Button.contentInsets", make: { makeButton("Go") }, change: { ($0 as? Button)?.contentInsets = EdgeInsets(all: 30) }),
        Change(name: "Button.imageTitleSpacing", make: {
            let button = makeButton("Go")
            button.setImage(image(20, 20), for: .normal)
            return button
        }, change: { ($0 as? Button)?.imageTitleSpacing = 30 }),
        Change(name: "Button.isSelected (a title of its own)", make: {
            let button = makeButton("Go")
            button.setTitle("Going to the gate", for: .selected)
            return button
        }, change: { ($0 as? Button)?.isSelected = true }),
        Change(name: "Button.isEnabled (an image of its own)", make: {
            let button = makeButton("Go")
            button.setImage(image(50, 50), for: .disabled)
            return button
        }, change: { ($0 as? Button)?.isEnabled = false }),
        Change(name: "SegmentedControl.insertSegment", make: { SegmentedControl(items: ["A", "B"]) },
               change: { ($0 as? SegmentedControl)?.insertSegment(withTitle: "C", at: 2) }),
        Change(name: "SegmentedControl.removeSegment", make: { SegmentedControl(items: ["A", "B"]) },
               change: { ($0 as? SegmentedControl)?.removeSegment(at: 0) }),
        Change(name: "SegmentedControl.setTitle", make: { SegmentedControl(items: ["A", "B"]) },
               change: { ($0 as? SegmentedControl)?.setTitle("Departures", forSegmentAt: 1) }),
        Change(name: "SegmentedControl.titleFont", make: { SegmentedControl(items: ["A", "B"]) },
               change: { ($0 as? SegmentedControl)?.titleFont = .system(size: 30) }),
        Change(name: "PageControl.numberOfPages", make: {
            let pages = PageControl()
            pages.numberOfPages = 3
            return pages
        }, change: { ($0 as? PageControl)?.numberOfPages = 7 }),
        Change(name: "ActivityIndicatorView.style", make: { ActivityIndicatorView(style: .medium) },
               change: { ($0 as? ActivityIndicatorView)?.style = .large }),
        Change(name: "ImageView.image", make: { ImageView(image: image(10, 10)) },
               change: { ($0 as? ImageView)?.image = image(30, 20) }),
    ]

    @Test(arguments: changes)
    func theNewIntrinsicSizeIsLaidOut(_ change: Change) {
        let root = View(frame: Rect(x: 0, y: 0, width: 600, height: 400))
        let view = change.make()
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        LayoutConstraint.activate([view.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10),
                                   view.topAnchor.constraint(equalTo: root.topAnchor, constant: 10)])
        root.layoutIfNeeded()
        let before = view.frame.size
        #expect(before == view.intrinsicContentSize)
        change.change(view)
        root.layoutIfNeeded()
        let after = view.intrinsicContentSize
        #expect(after != before, "the change does not change the intrinsic size: the row tests nothing")
        #expect(view.frame == Rect(origin: Point(x: 10, y: 10), size: after))
    }
}
