import VitrineGraphics

/// The rounded panel listing a menu's rows: actions, submenu entries and inline groups
/// between separators. A submenu opens in the panel in place of its parent, under a row that
/// goes back.
@MainActor
final class MenuPanel: View {
    /// Width of the panel, points, when the window allows it.
    static let preferredWidth = 270.0
    /// Height of the band between inline groups.
    static let groupGap = 8.0

    /// The menus shown, the root first; the last is on screen.
    private(set) var menus: [Menu]
    /// The rows of the menu on screen, top to bottom.
    private(set) var rows: [MenuItemView] = []
    private var lines: [View] = []
    /// Height of the rows and separators of the menu on screen.
    private(set) var contentHeight = 0.0
    /// Called when an action is chosen.
    private let choose: @MainActor (MenuAction) -> Void
    /// Called when another menu (a submenu, or back) is shown: the panel's height changed.
    var menuDidChange: (@MainActor () -> Void)?

    init(menu: Menu, choose: @escaping @MainActor (MenuAction) -> Void) {
        menus = [menu]
        self.choose = choose
        super.init(frame: .zero)
        backgroundColor = Color(white: 0.97)
        cornerRadius = 13
        clipsToBounds = true
        borderColor = Color(white: 0, alpha: 0.12)
        borderWidth = 1
        rebuild()
    }

    /// One thing of the panel, top to bottom.
    private enum Item {
        case row(MenuItemView)
        case gap
    }

    /// Makes the rows of the menu on screen again (after a submenu opens or closes, or a
    /// chosen action that keeps the menu open changed its state).
    func rebuild() {
        for row in rows { row.removeFromSuperview() }
        for line in lines { line.removeFromSuperview() }
        rows = []
        lines = []
        guard let menu = menus.last else { return }
        var items: [Item] = []
        if menus.count > 1 {
            items.append(.row(MenuItemView(kind: .back(menu))))
        } else if !menu.title.isEmpty {
            items.append(.row(MenuItemView(kind: .header(menu.title))))
        }
        append(menu.children, to: &items)
        // No band at either end, none doubled.
        var tidy: [Item] = []
        for item in items {
            if case .gap = item {
                if tidy.isEmpty { continue }
                if case .gap = tidy[tidy.count - 1] { continue }
            }
            tidy.append(item)
        }
        if let last = tidy.last, case .gap = last { tidy.removeLast() }
        let hasCheckColumn = tidy.contains { item in
            if case let .row(row) = item, case let .action(action) = row.kind { return action.state != .off }
            return false
        }
        var y = 0.0
        var previousWasRow = false
        for item in tidy {
            switch item {
            case let .row(row):
                if previousWasRow { addLine(Rect(x: 0, y: y, width: 0, height: 1), thin: true) }
                y += previousWasRow ? 1 : 0
                row.hasCheckColumn = hasCheckColumn
                row.frame = Rect(x: 0, y: y, width: 0, height: row.preferredHeight)
                row.addAction({ [weak self, weak row] _ in
                    guard let self, let row else { return }
                    self.activate(row)
                }, for: .primaryActionTriggered)
                addSubview(row)
                rows.append(row)
                y += row.preferredHeight
                previousWasRow = true
            case .gap:
                addLine(Rect(x: 0, y: y, width: 0, height: Self.groupGap), thin: false)
                y += Self.groupGap
                previousWasRow = false
            }
        }
        contentHeight = y
        setNeedsLayout()
    }

    /// Adds the rows of `children`: inline menus as groups between bands, other menus as
    /// entries that open them; hidden actions not at all.
    private func append(_ children: [MenuElement], to items: inout [Item]) {
        for child in children {
            if let action = child as? MenuAction {
                guard !action.attributes.contains(.hidden) else { continue }
                items.append(.row(MenuItemView(kind: .action(action))))
            } else if let submenu = child as? Menu {
                guard submenu.options.contains(.displayInline) else {
                    items.append(.row(MenuItemView(kind: .submenu(submenu))))
                    continue
                }
                items.append(.gap)
                if !submenu.title.isEmpty { items.append(.row(MenuItemView(kind: .header(submenu.title)))) }
                append(submenu.children, to: &items)
                items.append(.gap)
            }
        }
    }

    private func addLine(_ frame: Rect, thin: Bool) {
        let line = View(frame: frame)
        line.backgroundColor = thin ? Color(white: 0, alpha: 0.1) : Color(white: 0, alpha: 0.07)
        line.isUserInteractionEnabled = false
        addSubview(line)
        lines.append(line)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        // Rows and lines span the panel; their heights and places were set by `rebuild`.
        for view in rows as [View] + lines {
            view.frame = Rect(x: 0, y: view.frame.minY, width: bounds.width, height: view.frame.height)
        }
    }

    private func activate(_ row: MenuItemView) {
        switch row.kind {
        case let .action(action):
            guard !action.attributes.contains(.disabled) else { return }
            choose(action)
        case let .submenu(menu):
            menus.append(menu)
            rebuild()
            menuDidChange?()
        case .back:
            guard menus.count > 1 else { return }
            menus.removeLast()
            rebuild()
            menuDidChange?()
        case .header:
            break
        }
    }
}
