import VitrineGraphics

/// Swipe to reveal trailing actions: a leftward horizontal pan on a row whose delegate gives a
/// `SwipeActionsConfiguration` slides the row's content left over its action buttons. Released
/// past half the buttons' width (or flicked left) it stays open; otherwise it closes. Right to
/// left (the table's `effectiveUserInterfaceLayoutDirection`) everything is mirrored, as in
/// UIKit: the trailing actions are at the left and a rightward pan reveals them. Pulled
/// past 60 % of the row's width it performs the first action (when
/// `performsFirstActionWithFullSwipe`). A tap on a button calls its handler; a touch elsewhere
/// on the table closes the open row.
///
/// The pan (`swipeActionsRecognizer`) begins only when the drag is more horizontal than
/// vertical, so a vertical drag is left to the scroll view's own pan.
extension TableView {
    /// The swipe in progress, or the open row.
    struct SwipeState {
        /// The row's cell being swiped or open (nil: none).
        weak var cell: TableViewCell?
        var path: ItemPath?
        /// The offset when the pan began.
        var startOffset = 0.0
        /// Whether the pan is moving the row now.
        var isPanning = false
    }

    /// The width of one action button, in points.
    static let swipeActionWidth = 80.0

    func setUpSwipeRecognizer() {
        swipeActionsRecognizer.delegate = swipeArbiter
        swipeActionsRecognizer.maximumNumberOfTouches = 1
        swipeActionsRecognizer.addTarget(self, action: TableView.handleSwipe)
        addGestureRecognizer(swipeActionsRecognizer)
    }

    /// The row at the pan's starting point, if its delegate gives it actions.
    func swipeCandidate(for recognizer: GestureRecognizer) -> (path: ItemPath, cell: TableViewCell, SwipeActionsConfiguration)? {
        guard let pan = recognizer as? PanGestureRecognizer else { return nil }
        let translation = pan.translation(in: self)
        guard abs(translation.x) > abs(translation.y) else { return nil }
        let location = pan.location(in: self)
        let start = Point(x: location.x - translation.x, y: location.y - translation.y)
        guard let path = indexPathForRow(at: start), let cell = visibleRows.item(at: path)?.view else { return nil }
        // An open row may be closed by a pan toward the trailing edge; others open only toward
        // the leading one (leftward; rightward right to left).
        if swipe.cell === cell, let configuration = cell.swipeConfiguration { return (path, cell, configuration) }
        guard translation.x * swipeSign < 0,
              let configuration = tableDelegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: path),
              !configuration.actions.isEmpty else { return nil }
        return (path, cell, configuration)
    }

    func handleSwipe(_ recognizer: GestureRecognizer) {
        guard let pan = recognizer as? PanGestureRecognizer else { return }
        switch pan.state {
        case .began:
            guard let (path, cell, configuration) = swipeCandidate(for: pan) ?? currentSwipe() else { return }
            if swipe.cell !== cell { closeSwipe(animated: true) }
            if cell.swipeConfiguration !== configuration { showActions(configuration, in: cell) }
            swipe.cell = cell
            swipe.path = path
            swipe.startOffset = cell.swipeOffset
            swipe.isPanning = true
            // The pan's translation includes its hysteresis; start from the offset as it is.
            pan.setTranslation(.zero, in: self)
        case .changed:
            guard let cell = swipe.cell else { return }
            let raw = swipe.startOffset - pan.translation(in: self).x * swipeSign
            cell.swipeOffset = min(max(raw, 0), cell.bounds.width)
        case .ended, .cancelled:
            swipe.isPanning = false
            guard let cell = swipe.cell, let configuration = cell.swipeConfiguration else { return }
            let open = Double(configuration.actions.count) * TableView.swipeActionWidth
            let velocity = pan.velocity(in: self).x * swipeSign
            if pan.state == .ended, configuration.performsFirstActionWithFullSwipe,
               cell.swipeOffset > cell.bounds.width * 0.6, let first = configuration.actions.first {
                perform(first, button: cell.swipeActionViews.first ?? cell)
            } else if pan.state == .ended && (velocity < -300 || (velocity <= 300 && cell.swipeOffset > open / 2)) {
                setSwipeOffset(open, of: cell, animated: true)
            } else {
                closeSwipe(animated: true)
            }
        default:
            break
        }
    }

    /// 1 left to right, −1 right to left: a swipe's x motions are read mirrored.
    private var swipeSign: Double { isRightToLeft ? -1 : 1 }

    private func currentSwipe() -> (ItemPath, TableViewCell, SwipeActionsConfiguration)? {
        guard let cell = swipe.cell, let path = swipe.path, let configuration = cell.swipeConfiguration else { return nil }
        return (path, cell, configuration)
    }

    /// Makes the action buttons behind the cell's content.
    private func showActions(_ configuration: SwipeActionsConfiguration, in cell: TableViewCell) {
        cell.removeSwipeActionViews()
        cell.swipeConfiguration = configuration
        for action in configuration.actions {
            let button = Button(frame: .zero)
            button.setTitle(action.title, for: .normal)
            button.setTitleColor(.white, for: .normal)
            button.setBackgroundColor(action.backgroundColor, for: .normal)
            button.addAction({ [weak self, weak button] _ in
                guard let self, let button else { return }
                self.perform(action, button: button)
            }, for: .touchUpInside)
            cell.insertSubview(button, belowSubview: cell.contentView)
            cell.swipeActionViews.append(button)
        }
    }

    /// Calls the action's handler; the row closes when it calls back (unless it was deleted).
    private func perform(_ action: ContextualAction, button: View) {
        action.handler(action, button) { [weak self] _ in
            self?.closeSwipe(animated: true)
        }
    }

    private func setSwipeOffset(_ offset: Double, of cell: TableViewCell, animated: Bool) {
        cell.swipeOffset = offset
        if animated {
            View.animate(withDuration: 0.25) { cell.layoutIfNeeded() }
        }
    }

    /// Closes the open row (animated: its content slides back).
    func closeSwipe(animated: Bool) {
        guard let cell = swipe.cell else { return }
        swipe = SwipeState()
        if animated {
            cell.swipeOffset = 0
            View.animate(withDuration: 0.25, animations: { cell.layoutIfNeeded() }, completion: { [weak cell] _ in
                guard let cell, cell.swipeOffset == 0 else { return }
                cell.removeSwipeActionViews()
            })
        } else {
            cell.resetSwipe()
        }
    }

    /// Whether a swiped row is open (its actions showing).
    public var hasOpenSwipeActions: Bool { swipe.cell != nil }
}

extension TableViewCell {
    /// Closes the swipe at once and drops the action buttons.
    func resetSwipe() {
        swipeOffset = 0
        removeSwipeActionViews()
        layoutIfNeeded()
    }

    func removeSwipeActionViews() {
        for button in swipeActionViews { button.removeFromSuperview() }
        swipeActionViews.removeAll()
        swipeConfiguration = nil
    }
}

/// Lets the swipe pan begin only for a horizontal drag on a row with actions (or on the open
/// row). A separate object so that the table itself stays free to be any recognizer's delegate.
@MainActor
final class SwipeArbiter: GestureRecognizerDelegate {
    weak var table: TableView?

    init(table: TableView) {
        self.table = table
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        table?.swipeCandidate(for: gestureRecognizer) != nil
    }
}
