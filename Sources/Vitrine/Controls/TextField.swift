import VitrineGraphics

/// A single line of editable text (UIKit's `UITextField`), a `Control`.
///
/// **Editing** starts when the field becomes first responder (a tap on it, `becomeFirstResponder()`,
/// Tab from another field) and the delegate agrees; it ends with `resignFirstResponder()`, when
/// another field takes focus, or when the field leaves its window. While editing, a caret blinks
/// (on a `LoopTimer` every `caretBlinkInterval`; no timer exists when not editing, so an idle
/// field never wakes the loop), hardware keys type into it (see `TextField+Keys.swift`) and
/// `TextInput` calls from an input method edit it. Events and delegate calls, in order:
/// `textFieldShouldBeginEditing`, `textFieldDidBeginEditing`, `.editingDidBegin`; per change
/// `textField(_:shouldChangeCharactersIn:replacementString:)` then `.editingChanged`;
/// Return: `textFieldShouldReturn`, then `.editingDidEndOnExit` (the field keeps focus, as in
/// UIKit without an action resigning it); `textFieldShouldEndEditing`, `textFieldDidEndEditing`,
/// `.editingDidEnd`.
///
/// **Touch**: a tap places the caret at the nearest character boundary of the shaped line,
/// dragging moves it, a double tap selects a word, a tap on the clear button empties the field.
///
/// **Text** is kept as grapheme clusters (`TextEditingBuffer`): arrows and Backspace move and
/// delete one user-perceived character (👨‍👩‍👧, e + combining acute). Left/Right move visually
/// in bidirectional text. Typed text loses control characters (`TextSanitizer`); the text is
/// capped at `maximumTextLength` characters (a 1 MB paste is cut there, logged, and does not
/// hang: the single line is laid out whole, so a cap is what bounds the work).
///
/// **Right to left** (`effectiveUserInterfaceLayoutDirection`), as UIKit's: the clear button is
/// at the left; `.natural` alignment puts text whose first strong character is right to left,
/// and an empty field's caret and neutral text (digits, punctuation), at the right; Left and
/// Right move the caret the way the text looks.
///
/// Coordinates: everything is in the field's bounds space. Differences from UIKit: offsets are
/// in characters, not UTF-16 units; no attributed text; `placeholder` is plain.
@MainActor
open class TextField: Control, TextInput {
    // MARK: Appearance

    /// The text (never nil here; UIKit's is optional). Setting it moves the caret to the end,
    /// clears undo, and sends no event (as UIKit).
    public var text: String {
        get { buffer.text }
        set {
            buffer.setText(String(TextSanitizer.sanitized(newValue, singleLine: true).prefix(maximumTextLength)))
            textDidChange()
            editDidApply()  // the selection handles and the keyboard's automatic Shift follow
        }
    }
    /// Gray text shown while the field is empty.
    public var placeholder: String? { didSet { textDidChange() } }
    /// The font of the text and the placeholder.
    public var font: Font = .system(size: 17) { didSet { textDidChange() } }
    /// The text's color.
    public var textColor: Color = .black { didSet { setNeedsDisplay() } }
    /// The placeholder's color.
    public var placeholderColor = Color(white: 0.7) { didSet { setNeedsDisplay() } }
    /// How the text sits when it fits (when it does not, it starts at the left and scrolls).
    public var textAlignment: TextAlignment = .natural { didSet { textDidChange() } }
    /// When the clear button shows. Default `.never`.
    public var clearButtonMode: TextFieldViewMode = .never { didSet { textDidChange() } }
    /// Whether editing begins with an empty field (UIKit's `clearsOnBeginEditing`; default
    /// false). As UIKit, the delegate's `textFieldShouldClear` is asked first; the text goes
    /// (with `.editingChanged`) before `textFieldDidBeginEditing` and `.editingDidBegin`.
    public var clearsOnBeginEditing = false
    /// Whether characters are drawn as bullets (•). Copy and cut are refused while on.
    public var isSecureTextEntry = false { didSet { textDidChange() } }
    /// Which keyboard the field wants. `.numberPad`, `.decimalPad` and `.phonePad` also drop
    /// hardware-typed characters their pad has not; the others only choose the on-screen
    /// keyboard's keys.
    public var keyboardType: KeyboardType = .default
    /// The return key's label on the on-screen keyboard.
    public var returnKeyType: ReturnKeyType = .default
    /// Which typed letters become capitals. Default `.sentences`, as UIKit.
    public var autocapitalizationType: TextAutocapitalizationType = .sentences
    /// Space between the bounds and the text, in points.
    public var textInsets = EdgeInsets(top: 0, left: 6, bottom: 0, right: 6) { didSet { textDidChange() } }
    /// The most characters the field holds; longer text (a huge paste) is cut there and the cut
    /// logged. Default 65 536.
    public var maximumTextLength = 65_536
    /// Seconds the caret stays on, and off (UIKit blinks at about this rate).
    public static let caretBlinkInterval = 0.5
    /// The caret's width, in points.
    public static let caretWidth = 2.0
    /// The clear button's diameter, in points.
    public static let clearButtonSize = 16.0

    /// The delegate, held weakly.
    public weak var delegate: (any TextFieldDelegate)?

    // MARK: State

    /// The editing engine: text, selection, marked text, undo.
    var buffer = TextEditingBuffer()
    /// Whether the field is editing (UIKit's `isEditing`).
    public private(set) var isEditing = false
    /// The intrinsic size last reported and the placeholder's width (TextField+Layout.swift).
    var intrinsicSize = TextFieldIntrinsicSize()
    /// Whether the caret is in its "on" half of a blink.
    var caretOn = true
    /// The blink timer: exists only while editing.
    private(set) var blinkTimer: LoopTimer?
    /// How far the text is scrolled left, in points, to keep the caret visible.
    var scrollX = 0.0
    /// The layout of what is drawn and its geometry, laid out again in place when `lineIsStale`
    /// (so a key costs no allocation once their arrays have grown to the text). They never keep
    /// the buffer's characters themselves: sharing that storage, the next edit would copy it whole.
    private var lineLayout: TextLayout?
    private var lineGeometry = TextLineGeometry(layout: nil, characters: [], emptyX: 0)
    private var lineIsStale = true
    /// The offset where a drag selection started (a double tap's word start).
    var dragAnchor: Range<Int>?
    /// Where a Shift selection started and where its moving end is.
    var selectionAnchor: Int?
    var selectionFocus: Int?
    /// Where a visual caret move left the caret, in layout points, at a direction change
    /// where its offset has two places; nil after any other change.
    var caretLayoutX: Double?
    /// The edit menu shown for this field, if any (see `EditMenu`).
    public internal(set) var editMenu: EditMenu?
    /// The selection handles shown for this field (start, end), if any (see `SelectionHandle`).
    public internal(set) var selectionHandles: [SelectionHandle]?
    /// Whether the touch being tracked shows the edit menu when it lifts.
    var showsMenuOnLift = false

    /// Creates a field with `frame` in its future superview's space.
    public override init(frame: Rect) {
        super.init(frame: frame)
        touchInsideMargin = 0
    }

    /// Whether the field is editing and has the blink timer (what tests check).
    public var isCaretBlinking: Bool { blinkTimer?.isValid ?? false }

    // MARK: Layout of the line

    /// The rectangle the text is drawn in (bounds minus insets and the clear button).
    open func textRect(forBounds bounds: Rect) -> Rect {
        var rect = Rect(x: bounds.minX + textInsets.left, y: bounds.minY + textInsets.top,
                        width: bounds.width - textInsets.left - textInsets.right,
                        height: bounds.height - textInsets.top - textInsets.bottom)
        if showsClearButton {
            rect.size.width -= Self.clearButtonSize + 4
            if isLaidOutRightToLeft { rect.origin.x += Self.clearButtonSize + 4 }
        }
        rect.size.width = max(rect.width, 0)
        return rect
    }

    /// The clear button's rectangle, in bounds space (zero when it does not show): at the right
    /// end, at the left one in right to left.
    open func clearButtonRect(forBounds bounds: Rect) -> Rect {
        guard showsClearButton else { return .zero }
        let d = Self.clearButtonSize
        let x = isLaidOutRightToLeft ? bounds.minX + textInsets.left : bounds.maxX - textInsets.right - d
        return Rect(x: x, y: bounds.midY - d / 2, width: d, height: d)
    }

    var showsClearButton: Bool {
        guard buffer.count > 0 else { return false }
        switch clearButtonMode {
        case .never: return false
        case .always: return true
        case .whileEditing: return isEditing
        case .unlessEditing: return !isEditing
        }
    }

    /// The current line's layout (nil when nothing is shown) and geometry (x in layout points;
    /// see `textOrigin`).
    var line: (layout: TextLayout?, geometry: TextLineGeometry) {
        if lineIsStale { layOutLine() }
        return (buffer.count == 0 ? nil : lineLayout, lineGeometry)
    }

    /// Lays out what is drawn — the text, or a bullet per character for secure entry — in
    /// place of the last layout.
    private func layOutLine() {
        lineIsStale = false
        // Text without a strong character runs in the field's direction.
        let direction = neutralWritingDirection
        if lineLayout?.font != font || lineLayout?.neutralDirection != direction {
            lineLayout = TextLayout(text: "", font: font, neutralDirection: direction)
        }
        let count = buffer.count
        var emptyX = 0.0
        let emptyAlignment = resolvedAlignment(rightToLeft: direction == .rightToLeft)
        if count == 0, emptyAlignment != .left {
            emptyX = emptyAlignment == .center ? textRect(forBounds: bounds).width / 2 : textRect(forBounds: bounds).width
        }
        if isSecureTextEntry {
            lineLayout?.replaceText { text in for _ in 0..<count { text.append("•") } }
            lineGeometry.rebuild(layout: count == 0 ? nil : lineLayout, characters: repeatElement("•" as Character, count: count),
                                 emptyX: emptyX)
        } else {
            let characters = buffer.characters
            lineLayout?.replaceText { text in for character in characters { text.append(character) } }
            lineGeometry.rebuild(layout: count == 0 ? nil : lineLayout, characters: buffer.characters, emptyX: emptyX)
        }
    }

    private func resolvedAlignment(rightToLeft: Bool) -> TextAlignment {
        switch textAlignment {
        case .natural, .justified: rightToLeft ? .right : .left
        default: textAlignment
        }
    }

    /// Where the layout's origin is drawn, in bounds space: aligned when the text fits,
    /// scrolled by `scrollX` when it does not.
    var textOrigin: Point {
        let rect = textRect(forBounds: bounds)
        let (layout, geometry) = line
        let width = layout?.size.width ?? 0
        let height = layout?.size.height ?? font.lineHeightEstimate
        var x = rect.minX
        if width <= rect.width {
            switch resolvedAlignment(rightToLeft: geometry.isRightToLeft) {
            case .center: x += (rect.width - width) / 2
            case .right: x += rect.width - width
            default: break
            }
            if layout == nil { x = rect.minX }
        } else {
            x -= scrollX
        }
        return Point(x: x, y: rect.minY + (rect.height - height) / 2)
    }

    /// Keeps the caret within the text rectangle by scrolling the line.
    func scrollCaretToVisible() {
        let rect = textRect(forBounds: bounds)
        let width = line.layout?.size.width ?? 0
        guard width > rect.width else { scrollX = 0; return }
        let caret = caretLayoutPosition(buffer.selection.upperBound)
        if caret - scrollX > rect.width - Self.caretWidth { scrollX = caret - rect.width + Self.caretWidth }
        if caret - scrollX < 0 { scrollX = caret }
        scrollX = min(max(scrollX, 0), width - rect.width + Self.caretWidth)
    }

    /// The text, its shape or the bounds changed: lay out again, keep the caret visible, redraw.
    func textDidChange() {
        lineIsStale = true
        scrollCaretToVisible()
        setNeedsDisplay()
        intrinsicContentSizeMayHaveChanged()
    }

    /// As wide as the text or the placeholder and one line high, plus the insets (see
    /// `measuredIntrinsicSize`, TextField+Layout.swift).
    open override var intrinsicContentSize: Size {
        let size = measuredIntrinsicSize
        intrinsicSize.reported = size
        return size
    }

    /// Layout follows the bounds (a rotation resizes the field mid-edit).
    open override func layoutSubviews() {
        super.layoutSubviews()
        textDidChange()
    }

    // MARK: Drawing

    /// Draws the selection, the text (or placeholder), marked text's underline, the caret and
    /// the clear button.
    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        let textRect = textRect(forBounds: bounds)
        let (layout, geometry) = line
        let origin = textOrigin
        let height = layout?.size.height ?? font.lineHeightEstimate
        context.withSavedGState {
            context.clip(to: textRect.insetBy(dx: -Self.caretWidth, dy: 0))
            let selection = buffer.selection
            if isEditing, !selection.isEmpty {
                context.fillColor = tintColor.withAlphaComponent(0.25)
                for piece in geometry.selectionSpans(selection) {
                    context.fill(Rect(x: origin.x + piece.minX, y: origin.y, width: piece.maxX - piece.minX, height: height))
                }
            }
            if let layout {
                context.draw(layout, at: origin, color: textColor)
            } else if let placeholder, !placeholder.isEmpty {
                let p = TextLayout(text: placeholder, font: font, neutralDirection: neutralWritingDirection)
                var x = textRect.minX
                switch resolvedAlignment(rightToLeft: p.lines.first?.isRightToLeft ?? false) {
                case .center: x += (textRect.width - p.size.width) / 2
                case .right: x += textRect.width - p.size.width
                default: break
                }
                context.draw(p, at: Point(x: x, y: textRect.minY + (textRect.height - p.size.height) / 2),
                             color: placeholderColor)
            }
            if let marked = buffer.markedRange {
                context.fillColor = textColor
                for piece in geometry.selectionSpans(marked) {
                    context.fill(Rect(x: origin.x + piece.minX, y: origin.y + height - 1, width: piece.maxX - piece.minX, height: 1))
                }
            }
            if isEditing, caretOn, selection.isEmpty {
                context.fillColor = tintColor
                context.fill(caretRect(for: selection.lowerBound))
            }
        }
        if showsClearButton {
            let button = clearButtonRect(forBounds: bounds)
            context.fillColor = Color(white: 0.75)
            context.fillEllipse(in: button)
            context.strokeColor = .white
            context.lineWidth = 1.5
            let inset = button.insetBy(dx: 5, dy: 5)
            context.strokeLine(from: Point(x: inset.minX, y: inset.minY), to: Point(x: inset.maxX, y: inset.maxY))
            context.strokeLine(from: Point(x: inset.minX, y: inset.maxY), to: Point(x: inset.maxX, y: inset.minY))
        }
    }

    /// The caret's rectangle before character `offset`, in bounds space.
    public func caretRect(for offset: Int) -> Rect {
        let origin = textOrigin
        let x = origin.x + caretLayoutPosition(min(max(offset, 0), buffer.count))
        let height = line.layout?.size.height ?? font.lineHeightEstimate
        return Rect(x: (x - Self.caretWidth / 2).rounded(), y: origin.y, width: Self.caretWidth, height: height)
    }

    /// The caret's x for `offset` in layout points: the place a visual move reached when it is
    /// still the caret's, else the geometry's choice.
    func caretLayoutPosition(_ offset: Int) -> Double {
        if let x = caretLayoutX, offset == buffer.selection.upperBound, line.geometry.caret(offset, canBeAt: x) {
            return x
        }
        return line.geometry.caretX(offset)
    }

    // MARK: First responder

    /// A field can always become first responder (the delegate may still refuse).
    open override var canBecomeFirstResponder: Bool { isEnabled }

    /// Asks the delegate, takes focus and starts editing (blink timer, events).
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard window != nil, isEnabled, delegate?.textFieldShouldBeginEditing(self) ?? true else { return false }
        guard super.becomeFirstResponder() else { return false }
        beginEditing()
        return true
    }

    /// Asks the delegate, gives up focus and ends editing.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        if isEditing, !(delegate?.textFieldShouldEndEditing(self) ?? true) { return false }
        guard super.resignFirstResponder() else { return false }
        endEditing()
        return true
    }

    /// A field leaving its window while editing stops editing (without asking the delegate).
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window == nil || !isFirstResponder { endEditing() }
    }

    // MARK: Overrides (Swift allows them only here; the work is in the extensions)

    /// A touch on the field: takes focus, then places the caret (a double tap selects a word,
    /// the clear button clears).
    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool { trackingBegan(touch) }

    /// Dragging moves the caret (after a double tap, extends the word selection).
    open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool { trackingContinued(touch) }

    /// The finger lifted: after a double tap or a tap on the caret, the edit menu shows.
    open override func endTracking(_ touch: Touch?, with event: Event?) { trackingEnded() }

    /// Handles the editing keys (see `TextField+Keys.swift`); others go up the responder chain.
    open override func pressesBegan(_ presses: PressSet, with event: PressesEvent?) {
        let rest = presses.subset { !(isEditing && handleKey($0)) }
        if !rest.isEmpty { super.pressesBegan(rest, with: event) }
    }

    /// Auto-repeat: held arrows, Backspace, Delete and characters repeat.
    open override func pressesChanged(_ presses: PressSet, with event: PressesEvent?) {
        let rest = presses.subset { !(isEditing && isRepeatable($0) && handleKey($0)) }
        if !rest.isEmpty { super.pressesChanged(rest, with: event) }
    }

    /// Releases of keys the field handles stop here.
    open override func pressesEnded(_ presses: PressSet, with event: PressesEvent?) {
        let rest = presses.subset { !(isEditing && handlesKey($0)) }
        if !rest.isEmpty { super.pressesEnded(rest, with: event) }
    }

    /// A shake undoes the last edit when the app allows it (`applicationSupportsShakeToEdit`).
    open override func motionEnded(_ motion: Event.Subtype, with event: Event?) {
        if motion == .motionShake, isEditing, window?.application?.applicationSupportsShakeToEdit ?? false, undo() {
            return
        }
        super.motionEnded(motion, with: event)
    }

    private func beginEditing() {
        guard !isEditing else { return }
        isEditing = true
        caretOn = true
        if let loop = window?.application?.mainLoop {
            blinkTimer = LoopTimer.scheduled(on: loop, after: Self.caretBlinkInterval, repeats: true) { [weak self] _ in
                self?.blink()
            }
        }
        textDidChange()
        if clearsOnBeginEditing, buffer.count > 0, delegate?.textFieldShouldClear(self) ?? true {
            text = ""
            sendActions(for: .editingChanged, with: nil)
        }
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin, with: nil)
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
        textDidChange()
        delegate?.textFieldDidEndEditing(self)
        sendActions(for: .editingDidEnd, with: nil)
    }

    private func blink() {
        caretOn.toggle()
        setNeedsDisplay(caretRect(for: buffer.selection.lowerBound).insetBy(dx: -1, dy: 0))
    }

    /// Shows the caret solid and restarts the blink (after every edit or move, as UIKit).
    func restartBlink() {
        caretOn = true
        if let blinkTimer, let loop = blinkTimer.mainLoop {
            blinkTimer.rearm(at: loop.clock.now + Self.caretBlinkInterval)
        }
    }
}

extension Font {
    /// A line's height when there is no layout to ask (an empty field): about 1.2 × the size.
    var lineHeightEstimate: Double { (pointSize * 1.2).rounded() }
}
