import VitrineGraphics

extension AlertController {
    /// Height of an action's button, points.
    static let actionHeight = 56.0
    /// Width of an alert's box, points (UIKit's is 270; larger for fingers and distance).
    static let alertWidth = 340.0
    /// Widest an action sheet gets, points.
    static let sheetMaximumWidth = 520.0
    /// Height of a text field in an alert, points.
    static let textFieldHeight = 40.0

    /// Lays out the box or the sheet for the view's bounds.
    func layoutAlert() {
        let b = view.bounds
        let width = preferredStyle == .alert ? min(Self.alertWidth, b.width - 40) : min(Self.sheetMaximumWidth, b.width - 16)
        // Title and message.
        var y = 18.0
        for label in [titleLabel, messageLabel] {
            guard let text = label.text, !text.isEmpty else {
                label.frame = .zero
                continue
            }
            label.preferredMaxLayoutWidth = width - 32
            let height = label.intrinsicContentSize.height
            label.frame = Rect(x: 16, y: y, width: width - 32, height: height)
            y += height + 6
        }
        // Text fields, under the message.
        for field in fields {
            y += 6
            field.frame = Rect(x: 16, y: y, width: width - 32, height: Self.textFieldHeight)
            y += Self.textFieldHeight
        }
        let hasText = y > 18
        y = hasText ? y + 12 : 0
        let ordered = orderedActions
        let inMain = ordered.indices.filter { !(preferredStyle == .actionSheet && ordered[$0].style == .cancel) }
        for separator in separators { separator.removeFromSuperview() }
        separators = []
        let sideBySide = preferredStyle == .alert && ordered.count == 2
        if sideBySide {
            if hasText { addSeparator(in: contentView, Rect(x: 0, y: y, width: width, height: 1)) }
            // The first (the cancel action, when there is one) at the leading edge: the right
            // one right to left, as UIKit's row of two.
            let half = width / 2
            let firstX = view.isRightToLeft ? width - half : 0, secondX = view.isRightToLeft ? 0 : half
            actionButtons[0].frame = Rect(x: firstX, y: y + 1, width: half, height: Self.actionHeight)
            actionButtons[1].frame = Rect(x: secondX, y: y + 1, width: width - half, height: Self.actionHeight)
            addSeparator(in: contentView, Rect(x: half, y: y + 1, width: 1, height: Self.actionHeight))
            y += 1 + Self.actionHeight
        } else {
            for (position, index) in inMain.enumerated() {
                if hasText || position > 0 { addSeparator(in: contentView, Rect(x: 0, y: y, width: width, height: 1)) }
                y += (hasText || position > 0) ? 1 : 0
                actionButtons[index].frame = Rect(x: 0, y: y, width: width, height: Self.actionHeight)
                y += Self.actionHeight
            }
        }
        let contentHeight = y
        switch preferredStyle {
        case .alert:
            // Centred in what the on-screen keyboard leaves free, never above the top edge.
            let free = keyboardTop.map { min(b.maxY, view.convert(Point(x: 0, y: $0), from: nil).y) } ?? b.maxY
            let y = max(b.minY + 8, (b.minY + free) / 2 - contentHeight / 2)
            contentView.frame = Rect(x: b.midX - width / 2, y: y, width: width, height: contentHeight)
        case .actionSheet:
            let cancelIndex = ordered.firstIndex { $0.style == .cancel }
            var bottom = b.maxY - 8
            if let cancelIndex {
                cancelPanel.isHidden = false
                cancelPanel.frame = Rect(x: b.midX - width / 2, y: bottom - Self.actionHeight, width: width, height: Self.actionHeight)
                actionButtons[cancelIndex].frame = cancelPanel.bounds
                bottom = cancelPanel.frame.minY - 8
            } else {
                cancelPanel.isHidden = true
            }
            contentView.frame = Rect(x: b.midX - width / 2, y: bottom - contentHeight, width: width, height: contentHeight)
        }
    }
}
