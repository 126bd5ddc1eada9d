import Testing
@testable import Vitrine
import VitrineGraphics
import VitrineHeadless

/// A text field's intrinsic size: its text's or placeholder's width and its font's line, plus
/// its insets; constraints and stacks follow a new text, placeholder, font or inset.
@MainActor
struct TextFieldIntrinsicSizeTests {
    private func width(of text: String, font: Font) -> Double {
        TextLayout(text: text, font: font, width: nil, numberOfLines: 1).size.width
    }

    @Test func theSizeIsTheWiderOfTextAndPlaceholderPlusInsets() {
        let field = TextField()
        let font = field.font
        let insets = field.textInsets.left + field.textInsets.right + TextField.caretWidth
        #expect(field.intrinsicContentSize == Size(width: insets.rounded(.up), height: font.lineHeight.rounded(.up)))
        field.placeholder = "Your name"
        #expect(field.intrinsicContentSize.width == (width(of: "Your name", font: font) + insets).rounded(.up))
        field.text = "Ann"
        #expect(field.intrinsicContentSize.width == (width(of: "Your name", font: font) + insets).rounded(.up))
        field.text = "Annabelle Montgomery"
        #expect(field.intrinsicContentSize.width == (width(of: "Annabelle Montgomery", font: font) + insets).rounded(.up))
        field.textInsets = EdgeInsets(top: 7, left: 10, bottom: 7, right: 10)
        let big = Font.system(size: 28)
        field.font = big
        #expect(field.intrinsicContentSize == Size(
            width: (width(of: "Annabelle Montgomery", font: big) + 20 + TextField.caretWidth).rounded(.up),
            height: (big.lineHeight + 14).rounded(.up)))
        // The clear button's room is kept whether or not it shows.
        let before = field.intrinsicContentSize.width
        field.clearButtonMode = .whileEditing
        #expect(field.intrinsicContentSize.width == (before + TextField.clearButtonSize + 4).rounded(.up))
    }

    @Test func constraintsFollowTheTextAsItIsTyped() {
        let h = Harness()
        let field = TextField()
        field.translatesAutoresizingMaskIntoConstraints = false
        h.window.addSubview(field)
        LayoutConstraint.activate([field.leadingAnchor.constraint(equalTo: h.window.leadingAnchor, constant: 20),
                                   field.topAnchor.constraint(equalTo: h.window.topAnchor, constant: 20)])
        field.placeholder = "PIN"
        h.runLayoutTurn()
        let empty = field.frame
        #expect(empty.size == field.intrinsicContentSize && empty.height == field.font.lineHeight.rounded(.up))
        field.text = "a much longer text than the placeholder"
        h.runLayoutTurn()
        #expect(field.frame.width > empty.width && field.frame.size == field.intrinsicContentSize)
        field.font = .system(size: 30)
        h.runLayoutTurn()
        #expect(field.frame.height == Font.system(size: 30).lineHeight.rounded(.up))
    }

    @Test func aStackArrangesAFieldByItsIntrinsicSize() {
        let h = Harness()
        let stack = StackView(frame: Rect(x: 0, y: 0, width: 800, height: 200))
        stack.axis = .vertical
        stack.alignment = .leading
        h.window.addSubview(stack)
        let field = TextField()
        field.placeholder = "Email"
        stack.addArrangedSubview(field)
        h.runLayoutTurn()
        // Across a column, a leading-aligned view takes its intrinsic width (the last one
        // stretches along the column to fill it).
        let narrow = field.frame.width
        #expect(narrow == field.intrinsicContentSize.width)
        field.placeholder = "Email address, for the receipt"
        h.runLayoutTurn()
        #expect(field.frame.width == field.intrinsicContentSize.width && field.frame.width > narrow)
    }
}
