import VitrineGraphics

/// Where cell registrations get their reuse identifiers: one per registration, never shown.
@MainActor
enum CellRegistrationIdentifiers {
    private static var next = 0

    static func make() -> String {
        next += 1
        return "vitrine.registration.\(next)"
    }
}

extension TableView {
    /// A cell class and the code that configures it for an item, registered with the table on
    /// first use (UIKit's `UICollectionView.CellRegistration`, here for tables too): make it
    /// once (a property of the controller, not inside the cell provider, or every call
    /// registers anew) and dequeue with `dequeueConfiguredReusableCell(using:for:item:)`.
    /// Cells are made with the `.subtitle` style, which `defaultContentConfiguration()`
    /// follows.
    public struct CellRegistration<Cell: TableViewCell, Item> {
        /// Configures `cell` for the item at `indexPath`.
        public typealias Handler = @MainActor (Cell, ItemPath, Item) -> Void

        /// The identifier the cells are reused under (made for this registration).
        let reuseIdentifier: String
        let handler: Handler

        /// A registration of `Cell` cells configured by `handler`.
        @MainActor public init(handler: @escaping Handler) {
            reuseIdentifier = CellRegistrationIdentifiers.make()
            self.handler = handler
        }
    }

    /// A cell of `registration`'s class (reused or new) configured for `item` by its handler.
    /// A nil `item` is an app bug (UIKit traps): logged, and the cell is returned as it is.
    public func dequeueConfiguredReusableCell<Cell, Item>(using registration: CellRegistration<Cell, Item>,
                                                          for indexPath: ItemPath, item: Item?) -> Cell {
        let identifier = registration.reuseIdentifier
        if !cellPool.isRegistered(identifier) {
            cellPool.register(identifier) { Cell(style: .subtitle, reuseIdentifier: $0) }
        }
        let cell = dequeueReusableCell(withIdentifier: identifier) as? Cell ?? Cell(style: .subtitle, reuseIdentifier: nil)
        guard let item else {
            logHierarchyMisuse("TableView.dequeueConfiguredReusableCell: no item for \(indexPath); the cell is not configured")
            return cell
        }
        registration.handler(cell, indexPath, item)
        return cell
    }
}

extension CollectionView {
    /// A cell class and the code that configures it for an item (UIKit's
    /// `UICollectionView.CellRegistration`); see `TableView.CellRegistration`.
    public struct CellRegistration<Cell: CollectionViewCell, Item> {
        /// Configures `cell` for the item at `indexPath`.
        public typealias Handler = @MainActor (Cell, ItemPath, Item) -> Void

        let reuseIdentifier: String
        let handler: Handler

        /// A registration of `Cell` cells configured by `handler`.
        @MainActor public init(handler: @escaping Handler) {
            reuseIdentifier = CellRegistrationIdentifiers.make()
            self.handler = handler
        }
    }

    /// A cell of `registration`'s class (reused or new) configured for `item` by its handler;
    /// a nil `item` is logged and the cell returned unconfigured.
    public func dequeueConfiguredReusableCell<Cell, Item>(using registration: CellRegistration<Cell, Item>,
                                                          for indexPath: ItemPath, item: Item?) -> Cell {
        let identifier = registration.reuseIdentifier
        if !isCellRegistered(identifier) { register(Cell.self, forCellWithReuseIdentifier: identifier) }
        let cell = dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath) as? Cell ?? Cell(reuseIdentifier: nil)
        guard let item else {
            logHierarchyMisuse("CollectionView.dequeueConfiguredReusableCell: no item for \(indexPath); the cell is not configured")
            return cell
        }
        registration.handler(cell, indexPath, item)
        return cell
    }
}
