import VitrineGraphics

/// The on-screen keyboard's keys and their touches (see `SystemKeyboard`). Keys fire when the
/// finger lifts; a second finger coming down commits the first finger's key at once; a touch
/// goes to the nearest key of the row it is in (so keys at the edges take the row's full
/// height); Backspace deletes on touch-down and repeats while held; a long press on a letter
/// offers its alternates. Timers and views are made once and reused: a press allocates nothing.
@MainActor
final class KeyboardView: View {
    unowned let keyboard: SystemKeyboard
    private(set) var rows: [[KeyboardKeyView]] = []
    /// Whether the keys are a number pad's (three wide keys a row).
    private var isPad = false
    /// The key preview shown above the finger.
    let preview = Label()
    /// The alternates shown after a long press.
    let alternatesView = Label()
    private var alternates: [String] = []
    private var alternateIndex = 0
    /// The finger being typed with, and its key.
    private var activeTouch: Touch?
    private var activeKey: KeyboardKeyView?
    private var repeatTimer: LoopTimer?
    private var longPressTimer: LoopTimer?
    private var lastShiftTap = -Double.infinity
    /// The input method's candidate bar when the keyboard hosts it (see `host(_:)`), above the keys.
    var hostedCandidateBar: CandidateBar?
    /// Where the keys start, in this view's space: below the hosted candidate bar.
    var keysTop = 0.0

    /// Seconds a finger rests on a letter before its alternates show.
    static let longPressDelay = 0.5
    /// Seconds before Backspace repeats, then between repeats.
    static let repeatDelay = 0.5, repeatInterval = 0.1
    /// Two taps on Shift within this many seconds lock capitals (caps lock).
    static let capsLockInterval = 0.35

    init(keyboard: SystemKeyboard) {
        self.keyboard = keyboard
        super.init(frame: .zero)
        backgroundColor = Color(white: 0.82)
        isMultipleTouchEnabled = true
        for bubble in [preview, alternatesView] {
            bubble.isHidden = true
            bubble.backgroundColor = .white
            bubble.cornerRadius = 6
            bubble.textAlignment = .center
            bubble.textColor = .black
            bubble.font = .system(size: 30)
            bubble.isUserInteractionEnabled = false
        }
    }

    /// Replaces the keys with `rows` (a new page, layout or pad).
    func setRows(_ rows: [[KeyboardKeyView]], isPad: Bool = false) {
        cancelActiveKey()
        self.isPad = isPad
        for row in self.rows { for key in row { key.removeFromSuperview() } }
        self.rows = rows
        for row in rows { for key in row { addSubview(key) } }
        bringSubviewToFront(preview)
        bringSubviewToFront(alternatesView)
        if preview.superview == nil { addSubview(preview); addSubview(alternatesView) }
        updateLevels()
        setNeedsLayout()
    }

    /// Whether `key` shows and types its level 2: with Shift or Caps Lock, except the top row
    /// (digits) under an automatic Shift, so a sentence may start with a digit.
    func isShifted(_ key: KeyboardKeyView) -> Bool {
        guard keyboard.shiftState != .off else { return false }
        return !(keyboard.isAutomaticShift && rows.first?.contains { $0 === key } == true)
    }

    /// Shows every key at the level Shift and Caps Lock give.
    func updateLevels() {
        let shifted = keyboard.shiftState != .off
        let digitsShifted = shifted && !keyboard.isAutomaticShift
        for (index, row) in rows.enumerated() { for key in row { key.showLevel(shifted: index == 0 ? digitsShifted : shifted) } }
        for row in rows { for key in row where key.kind == .shift {
            key.label.text = keyboard.shiftState == .locked ? "⇪" : "⇧"
            key.backgroundColor = keyboard.shiftState == .off ? KeyboardKeyView.functionColor : KeyboardKeyView.keyColor
        } }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        if let bar = hostedCandidateBar, bar.superview === self {
            bar.frame = Rect(x: 0, y: 0, width: bounds.width, height: keysTop)
        }
        guard !rows.isEmpty else { return }
        let gap = 6.0, rowHeight = (bounds.height - keysTop) / Double(rows.count)
        for (index, row) in rows.enumerated() {
            let units = row.reduce(0) { $0 + $1.units }
            let unit = bounds.width / max(units, isPad ? 3 : 10)
            var x = (bounds.width - unit * units) / 2
            let y = keysTop + Double(index) * rowHeight
            for (keyIndex, key) in row.enumerated() {
                let width = unit * key.units
                key.frame = Rect(x: x + gap / 2, y: y + gap / 2, width: width - gap, height: rowHeight - gap)
                let left = keyIndex == 0 ? 0 : x, right = keyIndex == row.count - 1 ? bounds.width : x + width
                key.touchArea = Rect(x: left, y: y, width: right - left, height: rowHeight)
                x += width
            }
        }
    }

    /// The key under `point` (this view's space): the row by height, then the key of that row
    /// whose touch area holds the point, or else the nearest one.
    func key(at point: Point) -> KeyboardKeyView? {
        let keysHeight = bounds.height - keysTop
        guard !rows.isEmpty, keysHeight > 0, point.x.isFinite, point.y.isFinite else { return nil }
        // Clamped as it converts: a finger that began on a key may be dragged far off the
        // keyboard (thousands of rows away), and `Int(_:)` would trap on such a row.
        let index = Int(clamping: (point.y - keysTop) / (keysHeight / Double(rows.count)), to: 0...(rows.count - 1))
        var best: KeyboardKeyView?, distance = Double.infinity
        for key in rows[index] where key.kind != .blank {
            if key.touchArea.minX <= point.x && point.x < key.touchArea.maxX { return key }
            let d = abs(key.frame.midX - point.x)
            if d < distance { distance = d; best = key }
        }
        return best
    }

    // MARK: Touches

    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        for touch in touches {
            // A second finger down: the first finger's key is typed now (fast typing).
            if activeTouch != nil { commitActiveKey() }
            guard let key = key(at: touch.location(in: self)) else { continue }
            activeTouch = touch
            activeKey = key
            press(key)
        }
    }

    override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        for touch in touches where touch === activeTouch {
            let point = touch.location(in: self)
            if !alternates.isEmpty {
                let width = alternatesView.bounds.width / Double(alternates.count)
                // Clamped as it converts (the finger may be far off, even at a NaN point of a
                // degenerate transform): the nearest alternate, never a trap.
                let index = Int(clamping: (point.x - alternatesView.frame.minX) / max(width, 1), to: 0...(alternates.count - 1))
                if index != alternateIndex { alternateIndex = index; showAlternates() }
                continue
            }
            guard let key = key(at: point), key !== activeKey, activeKey?.kind == .character, key.kind == .character else { continue }
            activeKey?.isHighlighted = false
            activeKey = key
            press(key)
        }
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        for touch in touches where touch === activeTouch { commitActiveKey() }
    }

    override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        for touch in touches where touch === activeTouch { cancelActiveKey() }
    }

    private func press(_ key: KeyboardKeyView) {
        key.isHighlighted = true
        let now = keyboard.clock.now
        switch key.kind {
        case .character:
            preview.text = key.text(shifted: isShifted(key))
            let width = max(key.frame.width * 1.4, 44), height = key.frame.height * 1.3
            preview.frame = Rect(x: min(max(key.frame.midX - width / 2, 0), bounds.width - width),
                                 y: key.frame.minY - height - 4, width: width, height: height)
            preview.isHidden = false
            if !KeyboardAlternates.alternates(for: preview.text ?? "").isEmpty {
                arm(&longPressTimer, at: now + Self.longPressDelay) { [unowned self] in self.showAlternatesForActiveKey() }
            }
        case .backspace:
            keyboard.deleteBackward()
            arm(&repeatTimer, at: now + Self.repeatDelay) { [unowned self] in self.repeatBackspace() }
        default: break
        }
    }

    private func arm(_ timer: inout LoopTimer?, at date: Double, _ body: @escaping @MainActor () -> Void) {
        if let timer { timer.rearm(at: date); return }
        let made = LoopTimer(fireDate: date) { _ in body() }
        if let loop = keyboard.application?.mainLoop { made.schedule(on: loop) }
        timer = made
    }

    private func repeatBackspace() {
        guard activeKey?.kind == .backspace else { return }
        keyboard.deleteBackward()
        repeatTimer?.rearm(at: keyboard.clock.now + Self.repeatInterval)
    }

    private func showAlternatesForActiveKey() {
        guard let key = activeKey, key.kind == .character else { return }
        alternates = KeyboardAlternates.alternates(for: key.text(shifted: isShifted(key)))
        guard !alternates.isEmpty else { return }
        alternateIndex = 0
        preview.isHidden = true
        let cell = max(key.frame.width, 36), width = cell * Double(alternates.count)
        alternatesView.frame = Rect(x: min(max(key.frame.minX, 0), max(bounds.width - width, 0)),
                                    y: key.frame.minY - key.frame.height * 1.3 - 4, width: width, height: key.frame.height * 1.3)
        alternatesView.isHidden = false
        showAlternates()
    }

    private func showAlternates() {
        var text = ""
        for (index, alternate) in alternates.enumerated() {
            text += index == alternateIndex ? "[\(alternate)]" : " \(alternate) "
        }
        alternatesView.text = text
    }

    /// Types the active key (or the chosen alternate) and lets it go.
    private func commitActiveKey() {
        guard let key = activeKey else { activeTouch = nil; return }
        let alternate = alternates.isEmpty ? nil : alternates[alternateIndex]
        cancelActiveKey()
        if let alternate { keyboard.type(alternate); return }
        fire(key)
    }

    /// Lets the active key go without typing.
    private func cancelActiveKey() {
        activeKey?.isHighlighted = false
        activeKey = nil
        activeTouch = nil
        preview.isHidden = true
        alternatesView.isHidden = true
        alternates = []
        repeatTimer?.invalidate()
        longPressTimer?.invalidate()
    }

    private func fire(_ key: KeyboardKeyView) {
        switch key.kind {
        case .character: keyboard.type(key.text(shifted: isShifted(key)))
        case .space: keyboard.type(" ")
        case .returnKey: keyboard.returnKey()
        case .shift:
            let now = keyboard.clock.now
            switch keyboard.shiftState {
            case .off: keyboard.shiftState = .once
            case .once: keyboard.shiftState = now - lastShiftTap <= Self.capsLockInterval ? .locked : .off
            case .locked: keyboard.shiftState = .off
            }
            lastShiftTap = now
        case .layoutSwitch: keyboard.switchToNextLayout()
        case .symbols: keyboard.showPage(.symbols)
        case .letters: keyboard.showPage(.letters)
        case .backspace, .blank: break
        }
    }
}
