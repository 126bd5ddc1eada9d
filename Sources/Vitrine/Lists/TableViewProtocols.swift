import VitrineGraphics

/// What a `TableView` asks for its content (UIKit's `UITableViewDataSource`). Only the row
/// count and the cell are required.
@MainActor
public protocol TableViewDataSource: AnyObject {
    /// Sections in the table (default 1).
    func numberOfSections(in tableView: TableView) -> Int
    /// Rows in `section`.
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// The cell for the row at `indexPath`, usually from
    /// `tableView.dequeueReusableCell(withIdentifier:for:)`. Asked only for rows coming on screen.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: ItemPath) -> TableViewCell
    /// The title of `section`'s header (default nil: no header unless the delegate gives a view).
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
    /// The title of `section`'s footer (default nil).
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String?
    /// The titles of the section index, a column of short titles ("A", "B"…) at the trailing
    /// edge of the table (the left edge right to left), asked at each reload (UIKit's
    /// `sectionIndexTitles(for:)`; default nil: no index).
    func sectionIndexTitles(for tableView: TableView) -> [String]?
    /// The section a touch on the index title `title`, at `index` in the titles, scrolls to
    /// the top (default `index`).
    func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int
}

public extension TableViewDataSource {
    /// Default: what the requirement says when not implemented.
    func numberOfSections(in tableView: TableView) -> Int { 1 }
    /// Default: what the requirement says when not implemented.
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// Default: what the requirement says when not implemented.
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
    /// Default: what the requirement says when not implemented.
    func sectionIndexTitles(for tableView: TableView) -> [String]? { nil }
    /// Default: what the requirement says when not implemented.
    func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int { index }
}

/// What a `TableView` tells and asks its delegate (UIKit's `UITableViewDelegate`): heights,
/// header and footer views, selection and swipe actions. It is also the table's scroll view
/// delegate: set it as `tableView.delegate`. Every method has a default.
@MainActor
public protocol TableViewDelegate: ScrollViewDelegate {
    /// The height of the row at `indexPath` in points (default `TableView.automaticDimension`:
    /// the table's `rowHeight`). Asked for every row at each reload or update; the table keeps
    /// the answers as one prefix sum.
    func tableView(_ tableView: TableView, heightForRowAt indexPath: ItemPath) -> Double
    /// The height of `section`'s header (default `automaticDimension`: `sectionHeaderHeight`
    /// when the section has a header title or view, else 0).
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double
    /// The height of `section`'s footer (default `automaticDimension`, as for headers).
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double
    /// A view for `section`'s header (default nil: a title header, if there is a title).
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View?
    /// A view for `section`'s footer (default nil).
    func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View?
    /// Whether the row highlights when touched (default true).
    func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: ItemPath) -> Bool
    /// The row to select instead of `indexPath`, or nil to select none (default: `indexPath`).
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: ItemPath) -> ItemPath?
    /// The user selected the row (not called for `selectRow(at:animated:)`).
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: ItemPath)
    /// The user's selection of another row deselected this one.
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: ItemPath)
    /// The cell is about to be shown for the row.
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: ItemPath)
    /// The actions a leftward swipe on the row reveals (default nil: the row does not swipe).
    func tableView(_ tableView: TableView,
                   trailingSwipeActionsConfigurationForRowAt indexPath: ItemPath) -> SwipeActionsConfiguration?
}

public extension TableViewDelegate {
    /// Default: what the requirement says when not implemented.
    func tableView(_ tableView: TableView, heightForRowAt indexPath: ItemPath) -> Double { TableView.automaticDimension }
    /// Default: what the requirement says when not implemented.
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double { TableView.automaticDimension }
    /// Default: what the requirement says when not implemented.
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double { TableView.automaticDimension }
    /// Default: what the requirement says when not implemented.
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? { nil }
    /// Default: what the requirement says when not implemented.
    func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View? { nil }
    /// Default: what the requirement says when not implemented.
    func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: ItemPath) -> Bool { true }
    /// Default: what the requirement says when not implemented.
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: ItemPath) -> ItemPath? { indexPath }
    /// Default: what the requirement says when not implemented.
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: ItemPath) {}
    /// Default: what the requirement says when not implemented.
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: ItemPath) {}
    /// Default: what the requirement says when not implemented.
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: ItemPath) {}
    /// Default: what the requirement says when not implemented.
    func tableView(_ tableView: TableView,
                   trailingSwipeActionsConfigurationForRowAt indexPath: ItemPath) -> SwipeActionsConfiguration? { nil }
}

/// An action revealed by swiping a row (UIKit's `UIContextualAction`).
@MainActor
public final class ContextualAction {
    /// How the action looks and behaves.
    public enum Style: Sendable, Hashable {
        /// A grey button.
        case normal
        /// A red button; the action removes the row (the handler deletes it).
        case destructive
    }

    /// The handler: the action, the button that was tapped, and a completion to call with
    /// whether the action was performed (the row closes either way).
    public typealias Handler = @MainActor (ContextualAction, View, @escaping @MainActor (Bool) -> Void) -> Void

    /// The style.
    public let style: Style
    /// The button's title.
    public var title: String?
    /// The button's colour (default: red for `.destructive`, grey for `.normal`).
    public var backgroundColor: Color
    /// Called when the button is tapped (or the row fully swiped, for the first action).
    public let handler: Handler

    /// An action titled `title` that calls `handler`.
    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
        backgroundColor = style == .destructive ? Color(rgb: 0xE5393B) : Color(rgb: 0x8E8E93)
    }
}

/// The actions a swipe on a row reveals (UIKit's `UISwipeActionsConfiguration`).
@MainActor
public final class SwipeActionsConfiguration {
    /// The actions, the first one outermost (at the trailing edge).
    public let actions: [ContextualAction]
    /// Whether swiping the row most of the way across performs the first action (default true).
    public var performsFirstActionWithFullSwipe = true

    /// A configuration of `actions`.
    public init(actions: [ContextualAction]) {
        self.actions = actions
    }
}
