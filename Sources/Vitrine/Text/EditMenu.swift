import VitrineGraphics

/// The small bar of editing commands shown above a selection or the caret (UIKit's edit
/// menu): Cut, Copy, Paste, Select All, whichever apply. A text view shows it after a double
/// tap selects a word, or a tap on the caret; any edit, selection change or end of editing
/// hides it. It is a subview of the text view's window, placed above the selection (below it
/// when there is no room), inside the window's bounds. Commands go to `Pasteboard.general`.
@MainActor
public final class EditMenu: View {
    /// A command of the menu.
    public enum Command: String, Sendable, CaseIterable {
        /// Copy the selection and delete it.
        case cut = "Cut"
        /// Copy the selection.
        case copy = "Copy"
        /// Insert the pasteboard's text.
        case paste = "Paste"
        /// Select the whole text.
        case selectAll = "Select All"

        /// The command's title in the app's language (`ToolkitStrings`; the raw value is the
        /// English one and the key).
        @MainActor public var title: String { ToolkitStrings.string(rawValue) }
    }

    /// The commands shown, left to right.
    public private(set) var commands: [Command] = []
    private let perform: @MainActor (Command) -> Void

    init(commands: [Command], perform: @escaping @MainActor (Command) -> Void) {
        self.commands = commands
        self.perform = perform
        super.init(frame: .zero)
        backgroundColor = Color(white: 0.15)
        cornerRadius = 8
        clipsToBounds = true
        var x = 0.0
        let font = Font.system(size: 15)
        for command in commands {
            let title = command.title
            let width = (TextLayout(text: title, font: font).size.width + 24).rounded(.up)
            let button = Button(frame: Rect(x: x, y: 0, width: width, height: 36))
            button.setTitle(title, for: .normal)
            button.setTitleColor(.white, for: .normal)
            button.setBackgroundColor(Color(white: 0.35), for: .highlighted)
            button.addAction({ [weak self] _ in self?.perform(command) }, for: .touchUpInside)
            addSubview(button)
            x += width
        }
        frame.size = Size(width: x, height: 36)
    }

    /// Sends `command` as if its button were tapped (for tests and keyboards).
    public func send(_ command: Command) {
        guard commands.contains(command) else { return }
        perform(command)
    }
}

extension TextEditingHost where Self: View {
    /// Shows the edit menu above `anchor` (in this view's bounds space), replacing any shown.
    func showEditMenu(above anchor: Rect) {
        hideEditMenu()
        guard let window, isEditing else { return }
        var commands: [EditMenu.Command] = []
        if !buffer.selection.isEmpty, allowsCopying { commands += [.cut, .copy] }
        if Pasteboard.general.hasStrings { commands.append(.paste) }
        if buffer.count > 0, buffer.selection.count < buffer.count { commands.append(.selectAll) }
        guard !commands.isEmpty else { return }
        let menu = EditMenu(commands: commands) { [weak self] command in
            guard let self else { return }
            self.hideEditMenu()
            switch command {
            case .cut: self.editCut()
            case .copy: self.editCopy()
            case .paste: self.editPaste()
            case .selectAll:
                self.editSelect(0..<self.buffer.count)
                self.showEditMenu(above: anchor)
            }
        }
        let target = convert(anchor, to: window)
        var origin = Point(x: target.midX - menu.frame.width / 2, y: target.minY - menu.frame.height - 8)
        if origin.y < window.bounds.minY { origin.y = target.maxY + 8 }
        origin.x = min(max(origin.x, window.bounds.minX + 4), window.bounds.maxX - menu.frame.width - 4)
        menu.frame.origin = origin
        window.addSubview(menu)
        editMenu = menu
    }

    /// Removes the edit menu, if shown.
    func hideEditMenu() {
        guard let menu = editMenu else { return }
        editMenu = nil
        menu.removeFromSuperview()
    }
}
