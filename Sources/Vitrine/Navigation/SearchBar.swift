import VitrineGraphics

/// What a search bar tells its delegate, and asks it (UIKit's `UISearchBarDelegate`). Every
/// method has a default: editing may begin and end, every change is allowed, the rest do nothing.
@MainActor
public protocol SearchBarDelegate: AnyObject {
    /// Whether the bar's field may start editing.
    func searchBarShouldBeginEditing(_ searchBar: SearchBar) -> Bool
    /// Editing started (the Cancel button shows now when the bar shows it while editing).
    func searchBarTextDidBeginEditing(_ searchBar: SearchBar)
    /// Whether the bar's field may stop editing.
    func searchBarShouldEndEditing(_ searchBar: SearchBar) -> Bool
    /// Editing ended.
    func searchBarTextDidEndEditing(_ searchBar: SearchBar)
    /// The user changed the text: typed, deleted, pasted, chose an input method's candidate or
    /// tapped the clear button. Setting `text` in code does not call it (as UIKit).
    func searchBar(_ searchBar: SearchBar, textDidChange searchText: String)
    /// Whether the characters in `range` (character offsets) may become `text`.
    func searchBar(_ searchBar: SearchBar, shouldChangeTextIn range: Range<Int>, replacementText text: String) -> Bool
    /// The keyboard's Search key (Return) was pressed.
    func searchBarSearchButtonClicked(_ searchBar: SearchBar)
    /// The Cancel button was tapped.
    func searchBarCancelButtonClicked(_ searchBar: SearchBar)
}

extension SearchBarDelegate {
    /// Allows editing to begin.
    public func searchBarShouldBeginEditing(_ searchBar: SearchBar) -> Bool { true }
    /// Does nothing.
    public func searchBarTextDidBeginEditing(_ searchBar: SearchBar) {}
    /// Allows editing to end.
    public func searchBarShouldEndEditing(_ searchBar: SearchBar) -> Bool { true }
    /// Does nothing.
    public func searchBarTextDidEndEditing(_ searchBar: SearchBar) {}
    /// Does nothing.
    public func searchBar(_ searchBar: SearchBar, textDidChange searchText: String) {}
    /// Allows every change.
    public func searchBar(_ searchBar: SearchBar, shouldChangeTextIn range: Range<Int>, replacementText text: String) -> Bool { true }
    /// Does nothing.
    public func searchBarSearchButtonClicked(_ searchBar: SearchBar) {}
    /// Does nothing.
    public func searchBarCancelButtonClicked(_ searchBar: SearchBar) {}
}

/// A search field with a magnifier glyph, a clear button and a Cancel button (UIKit's
/// `UISearchBar`). The field is a `TextField` (`searchTextField`), so it edits, uses the
/// on-screen keyboard (its return key reads "Search") and the app's input method exactly as a
/// text field does; the bar adds the glyph, the Cancel button and the delegate's search words.
///
/// **Layout** (bounds space): the field fills the bar less 16-point side margins and is
/// `fieldHeight` tall, centred vertically; the magnifier sits at its leading end, the clear
/// button (while editing and not empty) at its trailing end. While `showsCancelButton`, the
/// Cancel button takes the trailing end of the bar. Right to left
/// (`effectiveUserInterfaceLayoutDirection`) everything is mirrored, as UIKit's: the magnifier
/// at the right of the field, the clear button at its left, Cancel at the left of the bar.
///
/// A `SearchController` shows its bar under a navigation bar's title and shows Cancel while it
/// is active; a bar can also be placed by the app anywhere (`SearchBar.height` tall).
open class SearchBar: View {
    /// The height a navigation controller gives the bar, in points (taller than UIKit's, as
    /// the navigation bar is: a kiosk is touched by standing adults).
    public static let height = 60.0
    /// The field's height, in points.
    public static let fieldHeight = 44.0

    /// The field the user types in.
    public let searchTextField = SearchTextField(frame: .zero)
    /// The Cancel button (shown while `showsCancelButton`).
    public let cancelButton = Button(frame: .zero)
    /// Told of editing, changes, Search and Cancel; held weakly.
    public weak var delegate: (any SearchBarDelegate)?
    /// The search controller that owns the bar, told of the same events first.
    weak var searchController: SearchController?
    private let forwarder = SearchFieldForwarder()

    /// The text searched for (never nil here; UIKit's is optional). Setting it tells no one.
    public var text: String {
        get { searchTextField.text }
        set { searchTextField.text = newValue }
    }
    /// Grey text shown while the field is empty; nil shows the toolkit's "Search".
    public var placeholder: String? {
        didSet { updatePlaceholder() }
    }
    /// Whether the Cancel button shows. A search controller sets it while it is active
    /// (`automaticallyShowsCancelButton`).
    public var showsCancelButton = false {
        didSet {
            guard showsCancelButton != oldValue else { return }
            cancelButton.isHidden = !showsCancelButton
            setNeedsLayout()
        }
    }
    /// Sets `showsCancelButton`. Vitrine does not animate it (`animated` is accepted for
    /// UIKit's signature).
    public func setShowsCancelButton(_ showsCancelButton: Bool, animated: Bool) {
        self.showsCancelButton = showsCancelButton
    }

    /// Whether the field is editing.
    public var isEditing: Bool { searchTextField.isEditing }

    /// A bar covering `frame` in its superview's space.
    public override init(frame: Rect) {
        super.init(frame: frame)
        forwarder.bar = self
        searchTextField.delegate = forwarder
        searchTextField.font = .system(size: 19)
        searchTextField.backgroundColor = SemanticColor.tertiarySystemFill.resolved(with: traitCollection)
        searchTextField.cornerRadius = 10
        searchTextField.clearButtonMode = .whileEditing
        searchTextField.returnKeyType = .search
        searchTextField.autocapitalizationType = .none
        searchTextField.addAction({ [weak self] _ in self?.textDidChange() }, for: .editingChanged)
        searchTextField.addAction({ [weak self] _ in self?.searchButtonClicked() }, for: .editingDidEndOnExit)
        addSubview(searchTextField)
        cancelButton.titleFont = .system(size: 19)
        cancelButton.contentInsets = EdgeInsets(top: 0, left: 8, bottom: 0, right: 8)
        cancelButton.isHidden = true
        cancelButton.addAction({ [weak self] _ in self?.cancelButtonClicked() }, for: .touchUpInside)
        addSubview(cancelButton)
        showTexts()
    }

    /// A bar with no frame yet.
    public convenience init() {
        self.init(frame: .zero)
    }

    // MARK: Layout

    /// Places the field and the Cancel button (see the type's documentation).
    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        let rightToLeft = isRightToLeft
        var trailing = 16.0
        if showsCancelButton {
            let width = min(cancelButton.intrinsicContentSize.width, b.width / 3)
            cancelButton.frame = Rect(x: rightToLeft ? 8 : b.width - 8 - width, y: 0, width: width, height: b.height)
            trailing = width + 16
        }
        let height = min(Self.fieldHeight, b.height)
        let width = max(b.width - 16 - trailing, 0)
        searchTextField.frame = Rect(x: rightToLeft ? trailing : 16, y: ((b.height - height) / 2).rounded(),
                                     width: width, height: height)
    }

    /// The Cancel title and the placeholder follow the app's language.
    open override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if previousTraitCollection?.language != traitCollection.language { showTexts() }
        searchTextField.backgroundColor = SemanticColor.tertiarySystemFill.resolved(with: traitCollection)
        cancelButton.setTitleColor(tintColor, for: .normal)
    }

    /// The Cancel button follows the inherited tint.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        cancelButton.setTitleColor(tintColor, for: .normal)
        cancelButton.setTitleColor(tintColor.withAlphaComponent(0.4), for: .highlighted)
    }

    private func showTexts() {
        cancelButton.setTitle(ToolkitStrings.string("Cancel"), for: .normal)
        cancelButton.setTitleColor(tintColor, for: .normal)
        cancelButton.setTitleColor(tintColor.withAlphaComponent(0.4), for: .highlighted)
        updatePlaceholder()
        setNeedsLayout()
    }

    private func updatePlaceholder() {
        searchTextField.placeholder = placeholder ?? ToolkitStrings.string("Search")
    }

    // MARK: Events (from the field)

    func shouldBeginEditing() -> Bool { delegate?.searchBarShouldBeginEditing(self) ?? true }

    func didBeginEditing() {
        searchController?.searchBarDidBeginEditing()
        delegate?.searchBarTextDidBeginEditing(self)
    }

    func shouldEndEditing() -> Bool { delegate?.searchBarShouldEndEditing(self) ?? true }

    func didEndEditing() { delegate?.searchBarTextDidEndEditing(self) }

    func shouldChange(_ range: Range<Int>, to replacement: String) -> Bool {
        delegate?.searchBar(self, shouldChangeTextIn: range, replacementText: replacement) ?? true
    }

    private func textDidChange() {
        delegate?.searchBar(self, textDidChange: text)
        searchController?.searchBarTextDidChange()
    }

    private func searchButtonClicked() {
        delegate?.searchBarSearchButtonClicked(self)
        // As UIKit's: Search puts the keyboard away; a search controller stays active.
        _ = searchTextField.resignFirstResponder()
    }

    private func cancelButtonClicked() {
        delegate?.searchBarCancelButtonClicked(self)
        searchController?.searchBarCancelButtonClicked()
    }
}

/// The search bar's field: a `TextField` that draws a magnifier glyph at its leading end and
/// keeps its text clear of it (UIKit's `UISearchTextField`).
open class SearchTextField: TextField {
    /// The glyph's size, in points.
    static let glyphSize = 18.0

    /// A field with `frame` in its superview's space.
    public override init(frame: Rect) {
        super.init(frame: frame)
        updateInsets()
    }

    /// The glyph's rectangle in bounds space: 10 points in from the leading edge, centred.
    public var glyphRect: Rect {
        let d = Self.glyphSize
        let x = isLaidOutRightToLeft ? bounds.maxX - 10 - d : bounds.minX + 10
        return Rect(x: x, y: (bounds.midY - d / 2).rounded(), width: d, height: d)
    }

    /// The insets follow the direction: the glyph's side gets room for it.
    open override func layoutSubviews() {
        updateInsets()
        super.layoutSubviews()
    }

    private func updateInsets() {
        let room = 10 + Self.glyphSize + 6
        let insets = isLaidOutRightToLeft ? EdgeInsets(top: 0, left: 8, bottom: 0, right: room)
                                          : EdgeInsets(top: 0, left: room, bottom: 0, right: 8)
        if textInsets != insets { textInsets = insets }
    }

    /// The field, then the magnifier: a ring and a handle toward the trailing bottom corner
    /// (mirrored right to left, as UIKit's glyph).
    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        super.draw(rect, in: context)
        let glyph = glyphRect
        let ring = Rect(x: glyph.minX + 1, y: glyph.minY + 1, width: 12, height: 12)
        let mirrored = isLaidOutRightToLeft
        let ringRect = mirrored ? Rect(x: glyph.maxX - 13, y: ring.minY, width: 12, height: 12) : ring
        context.strokeColor = SemanticColor.secondaryLabel.resolved(with: traitCollection)
        context.lineWidth = 2
        context.strokeEllipse(in: ringRect)
        let start = Point(x: mirrored ? ringRect.minX + 1.8 : ringRect.maxX - 1.8, y: ringRect.maxY - 1.8)
        let end = Point(x: mirrored ? glyph.minX + 1 : glyph.maxX - 1, y: glyph.maxY - 1)
        context.strokeLine(from: start, to: end)
    }
}

/// The field's delegate, forwarding to the bar (the bar is not a `TextFieldDelegate` itself, so
/// an app's `SearchBar` subclass does not inherit those methods).
@MainActor
private final class SearchFieldForwarder: TextFieldDelegate {
    weak var bar: SearchBar?

    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { bar?.shouldBeginEditing() ?? true }
    func textFieldDidBeginEditing(_ textField: TextField) { bar?.didBeginEditing() }
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool { bar?.shouldEndEditing() ?? true }
    func textFieldDidEndEditing(_ textField: TextField) { bar?.didEndEditing() }
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>,
                   replacementString string: String) -> Bool {
        bar?.shouldChange(range, to: string) ?? true
    }
}
