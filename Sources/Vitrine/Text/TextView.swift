import VitrineGraphics

/// What a text view tells its delegate, and asks it (UIKit's `UITextViewDelegate`, the editing
/// part). It is `TextView.textViewDelegate`: scrolling callbacks still go to
/// `ScrollView.delegate` (UIKit merges the two). Every method has a default.
@MainActor
public protocol TextViewDelegate: AnyObject {
    /// Whether editing may start.
    func textViewShouldBeginEditing(_ textView: TextView) -> Bool
    /// Editing started.
    func textViewDidBeginEditing(_ textView: TextView)
    /// Whether editing may end (a text view leaving its window ends without asking).
    func textViewShouldEndEditing(_ textView: TextView) -> Bool
    /// Editing ended.
    func textViewDidEndEditing(_ textView: TextView)
    /// Whether the characters in `range` (character offsets) may become `text`.
    func textView(_ textView: TextView, shouldChangeTextIn range: Range<Int>, replacementText text: String) -> Bool
    /// The text changed by editing.
    func textViewDidChange(_ textView: TextView)
    /// A finger tapped `link` (a run's `TextAttributes.link`; `range` is its run, in character
    /// offsets) in a text view that is not editable. The kiosk has no browser to open it:
    /// the app decides what a link does.
    func textView(_ textView: TextView, didTapLink link: String, in range: Range<Int>)
}

extension TextViewDelegate {
    /// Allows editing to begin.
    public func textViewShouldBeginEditing(_ textView: TextView) -> Bool { true }
    /// Does nothing.
    public func textViewDidBeginEditing(_ textView: TextView) {}
    /// Allows editing to end.
    public func textViewShouldEndEditing(_ textView: TextView) -> Bool { true }
    /// Does nothing.
    public func textViewDidEndEditing(_ textView: TextView) {}
    /// Allows every change.
    public func textView(_ textView: TextView, shouldChangeTextIn range: Range<Int>, replacementText text: String) -> Bool { true }
    /// Does nothing.
    public func textViewDidChange(_ textView: TextView) {}
    /// Does nothing.
    public func textView(_ textView: TextView, didTapLink link: String, in range: Range<Int>) {}
}

/// Multi-line editable text that wraps at its width and scrolls (UIKit's `UITextView`), a
/// `ScrollView` on the same editing engine as `TextField` (`TextEditingHost`): grapheme steps,
/// marked text, undo, the pasteboard, the caret blinking only while editing.
///
/// Keys: as a field (Tab and Shift-Tab move focus through the window's fields and text views,
/// rather than inserting a tab as UIKit does), plus Return inserts a line feed, ↑ ↓ move a line at the caret's x, Home/End
/// go to the line's ends. A tap places the caret, a double tap selects a word; a drag scrolls.
/// The text is drawn by one content view as tall as the text; it is capped at
/// `maximumTextLength` characters (the whole text is laid out on each change: a cap bounds
/// the work). Offsets are characters; everything geometric is in the content's space (the
/// scroll view's bounds space).
@MainActor
open class TextView: ScrollView, TextInput {
    /// The text. Setting it moves the caret to the end, clears undo, and calls no delegate.
    public var text: String {
        get { buffer.text }
        set {
            attributedStorage = nil
            explicitTypingAttributes = nil
            buffer.setText(String(TextSanitizer.sanitized(newValue, singleLine: false).prefix(maximumTextLength)))
            textDidChange()
            editDidApply()  // the selection handles and the keyboard's automatic Shift follow
        }
    }
    /// The font.
    public var font: Font = .system(size: 17) { didSet { textDidChange() } }
    /// The text's color.
    public var textColor: Color = .black { didSet { content.setNeedsDisplay() } }
    /// How lines align. `.natural`: by each paragraph's first strong character; a paragraph
    /// without one (digits, punctuation) and an empty view's caret follow the view's
    /// `effectiveUserInterfaceLayoutDirection` (the right edge in right to left), as UIKit's.
    public var textAlignment: TextAlignment = .natural { didSet { textDidChange() } }
    /// Space around the text inside the content, in points.
    public var textContainerInset = EdgeInsets(top: 8, left: 5, bottom: 8, right: 5) { didSet { textDidChange() } }
    /// Whether the user may edit (become first responder). Default true.
    public var isEditable = true
    /// Stored for the on-screen keyboard; the pads filter hardware typing as in a field.
    public var keyboardType: KeyboardType = .default
    /// Which typed letters become capitals. Default `.sentences`.
    public var autocapitalizationType: TextAutocapitalizationType = .sentences
    /// The most characters the view holds. Default 65 536.
    public var maximumTextLength = 65_536
    /// The editing delegate, held weakly (scrolling goes to `ScrollView.delegate`).
    public weak var textViewDelegate: (any TextViewDelegate)?

    var buffer = TextEditingBuffer()
    /// Whether the view is editing.
    public private(set) var isEditing = false
    var caretLayoutX: Double?
    /// The edit menu shown for this view, if any (see `EditMenu`).
    public internal(set) var editMenu: EditMenu?
    /// The selection handles shown for this view (start, end), if any (see `SelectionHandle`).
    public internal(set) var selectionHandles: [SelectionHandle]?
    var caretOn = true
    private(set) var blinkTimer: LoopTimer?
    /// The laid-out text and one geometry per line, with each line's character range, laid
    /// out again in place when `linesAreStale` (see `lines`): a key allocates nothing for them
    /// once their arrays have grown to the text.
    var textLayout: TextLayout?
    /// The text's attributes, when it has some (`attributedText`, `typingAttributes`): kept in
    /// step with the buffer by `syncAttributes` before each layout.
    var attributedStorage: AttributedText?
    /// Typing attributes the app set since the selection last moved (nil: those of the text
    /// before the caret).
    var explicitTypingAttributes: TextAttributes?
    var lineTable: [(range: Range<Int>, geometry: TextLineGeometry, rect: Rect)] = []
    var linesAreStale = true
    /// The direction neutral text and an empty view's caret were laid out for (the view's).
    var laidOutDirection = WritingDirection.leftToRight
    /// The character offset of each of the text's scalars (working array of `lines`).
    var characterOfScalar: [Int] = []
    /// Where a vertical move keeps its x (layout points).
    var goalX: Double?
    let content = TextViewContent(frame: .zero)

    /// The caret and the selection are drawn in the inherited `tintColor`: redrawn when it
    /// changes.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        content.setNeedsDisplay()
    }

    /// Creates a text view with `frame` in its future superview's space.
    public override init(frame: Rect) {
        super.init(frame: frame)
        content.textView = self
        addSubview(content)
        alwaysBounceVertical = true
        textDidChange()
    }

    /// Whether the caret's blink timer exists (only while editing).
    public var isCaretBlinking: Bool { blinkTimer?.isValid ?? false }

    // MARK: Overrides (Swift allows them only in the class body)

    /// A text view can become first responder when editable.
    open override var canBecomeFirstResponder: Bool { isEditable }

    /// Asks the delegate, takes focus, starts editing.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard window != nil, isEditable, textViewDelegate?.textViewShouldBeginEditing(self) ?? true,
              super.becomeFirstResponder() else { return false }
        isEditing = true
        caretOn = true
        if let loop = window?.application?.mainLoop {
            blinkTimer = LoopTimer.scheduled(on: loop, after: TextField.caretBlinkInterval, repeats: true) { [weak self] _ in
                guard let self else { return }
                self.caretOn.toggle()
                self.content.setNeedsDisplay(self.caretRect(for: self.buffer.selection.upperBound).insetBy(dx: -1, dy: 0))
            }
        }
        content.setNeedsDisplay()
        textViewDelegate?.textViewDidBeginEditing(self)
        return true
    }

    /// Asks the delegate, gives up focus, ends editing.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        if isEditing, !(textViewDelegate?.textViewShouldEndEditing(self) ?? true) { return false }
        guard super.resignFirstResponder() else { return false }
        endEditing()
        return true
    }

    /// Leaving the window ends editing without asking.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window == nil || !isFirstResponder { endEditing() }
    }

    /// Lays the text out again for a new width or layout direction.
    open override func layoutSubviews() {
        if !linesAreStale, (textLayout.map { $0.width != textWidth } ?? false) || laidOutDirection != neutralWritingDirection {
            textDidChange()
        }
        super.layoutSubviews()
    }

    /// The selection handles follow the text as it scrolls (and hide while their end is
    /// scrolled out of view).
    open override func contentOffsetDidChange() {
        super.contentOffsetDidChange()
        if selectionHandles != nil { updateSelectionHandles() }
    }

    /// Editing keys; the rest (Page Up/Down) scroll as a scroll view.
    open override func pressesBegan(_ presses: PressSet, with event: PressesEvent?) {
        let rest = presses.subset { !(isEditing && handleKey($0)) }
        if !rest.isEmpty { super.pressesBegan(rest, with: event) }
    }

    /// Auto-repeat of arrows, Backspace, Delete and characters.
    open override func pressesChanged(_ presses: PressSet, with event: PressesEvent?) {
        let rest = presses.subset { !(isEditing && repeatsKey($0) && handleKey($0)) }
        if !rest.isEmpty { super.pressesChanged(rest, with: event) }
    }

    /// Releases of keys the view handles stop here.
    open override func pressesEnded(_ presses: PressSet, with event: PressesEvent?) {
        let rest = presses.subset { !(isEditing && handlesKeyCode($0)) }
        if !rest.isEmpty { super.pressesEnded(rest, with: event) }
    }

    /// A shake undoes the last edit when the app allows it.
    open override func motionEnded(_ motion: Event.Subtype, with event: Event?) {
        if motion == .motionShake, isEditing, window?.application?.applicationSupportsShakeToEdit ?? false, editUndo() {
            return
        }
        super.motionEnded(motion, with: event)
    }

    func endEditing() {
        guard isEditing else { return }
        InputMethodController.viewDidEndEditing(self)
        hideEditMenu()
        removeSelectionHandles()
        isEditing = false
        blinkTimer?.invalidate()
        blinkTimer = nil
        if let marked = buffer.markedRange { buffer.selection = marked.upperBound..<marked.upperBound; buffer.markedRange = nil }
        buffer.breakUndoCoalescing()
        content.setNeedsDisplay()
        textViewDelegate?.textViewDidEndEditing(self)
    }

    func restartBlink() {
        caretOn = true
        if let blinkTimer, let loop = blinkTimer.mainLoop {
            blinkTimer.rearm(at: loop.clock.now + TextField.caretBlinkInterval)
        }
    }
}

/// The view that draws a text view's text, selection and caret, as tall as the text, and
/// takes its taps.
@MainActor
final class TextViewContent: View {
    weak var textView: TextView?

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        textView?.drawContent(rect, in: context)
    }

    /// Whether the edit menu shows when the finger lifts.
    private var showsMenuOnLift = false
    /// The link under the finger that went down on a text view that is not editable, reported
    /// when the finger lifts (not when a drag scrolls instead: that cancels the touch).
    private var pressedLink: (link: String, range: Range<Int>)?

    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        guard let textView, let touch = touches.first else { return }
        pressedLink = nil
        if !textView.isEditable, touch.tapCount == 1, let link = textView.link(at: touch.location(in: self)) {
            pressedLink = link
            return
        }
        showsMenuOnLift = textView.tapped(at: touch.location(in: self), tapCount: touch.tapCount)
    }

    // A drag is the scroll view's (the selection handles extend a selection).
    override func touchesMoved(_ touches: TouchSet, with event: Event?) {}

    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        if let pressedLink, let textView {
            self.pressedLink = nil
            textView.textViewDelegate?.textView(textView, didTapLink: pressedLink.link, in: pressedLink.range)
            return
        }
        guard showsMenuOnLift else { return }
        showsMenuOnLift = false
        textView?.showEditMenuForSelection()
    }

    override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        pressedLink = nil
        showsMenuOnLift = false
    }
}
