// Trait-change registration (UIKit's, from iOS 17): a view or controller registers a handler
// for the traits it depends on, and hears only of changes to those. Delivered where
// `traitCollectionDidChange(_:)` is (View+Appearance.swift): a new appearance, size classes
// (a turn of the screen, a new display mode, a resized window), language or layout direction.

extension TraitCollection {
    /// A trait a handler can be registered for (UIKit names each by a type, `UITraitVerticalSizeClass.self`).
    public enum Trait: Sendable, Hashable, CaseIterable {
        /// `userInterfaceStyle`: light or dark.
        case userInterfaceStyle
        /// `horizontalSizeClass`.
        case horizontalSizeClass
        /// `verticalSizeClass`.
        case verticalSizeClass
        /// `layoutDirection`: left to right or right to left.
        case layoutDirection
        /// `language`: the app's language.
        case language
    }

    /// Whether `trait` has the same value in `other`.
    public func hasSameValue(for trait: Trait, as other: TraitCollection) -> Bool {
        switch trait {
        case .userInterfaceStyle: userInterfaceStyle == other.userInterfaceStyle
        case .horizontalSizeClass: horizontalSizeClass == other.horizontalSizeClass
        case .verticalSizeClass: verticalSizeClass == other.verticalSizeClass
        case .layoutDirection: layoutDirection == other.layoutDirection
        case .language: language == other.language
        }
    }

    /// The traits whose values differ in `other` (UIKit's `changedTraits(from:)`).
    public func changedTraits(from other: TraitCollection) -> Set<Trait> {
        Set(Trait.allCases.filter { !hasSameValue(for: $0, as: other) })
    }
}

/// A registration made by `registerForTraitChanges`: pass it to `unregisterForTraitChanges(_:)`
/// to stop hearing of the changes (UIKit's `UITraitChangeRegistration`). Holds neither the view
/// nor the target.
@MainActor
public final class TraitChangeRegistration {
    /// The traits whose changes call the handler.
    public let traits: Set<TraitCollection.Trait>
    let handler: @MainActor (AnyObject, TraitCollection) -> Void

    init(traits: [TraitCollection.Trait], handler: @escaping @MainActor (AnyObject, TraitCollection) -> Void) {
        self.traits = Set(traits)
        self.handler = handler
    }
}

/// A view's or controller's registrations (one reference in each, made on the first).
@MainActor
final class TraitChangeRegistrations {
    var registrations: [TraitChangeRegistration] = []

    /// Calls, in the order registered, each handler one of whose traits differs between
    /// `previous` and `current`.
    func deliver(to object: AnyObject, previous: TraitCollection, current: TraitCollection) {
        // A handler may register or unregister: the list as it was is walked.
        let list = registrations
        for registration in list where registration.traits.contains(where: { !current.hasSameValue(for: $0, as: previous) }) {
            guard registrations.contains(where: { $0 === registration }) else { continue }
            registration.handler(object, previous)
        }
    }
}

/// What can register for trait changes: `View` and `ViewController` (UIKit's
/// `UITraitChangeObservable`).
@MainActor
public protocol TraitChangeObservable: AnyObject {
    /// The object's current traits.
    var traitCollection: TraitCollection { get }
}

extension View: TraitChangeObservable {}
extension ViewController: TraitChangeObservable {}

extension TraitChangeObservable {
    /// Calls `handler` with the object and its previous traits whenever one of `traits`
    /// changes (and not for changes of other traits), after `traitCollectionDidChange(_:)`, in
    /// the commit that follows the change, before its layout pass (so constraints changed there
    /// are laid out in the same frame). Handlers run in the order registered. The handler is
    /// given the object rather than capturing it: capture nothing strongly that holds the view.
    @discardableResult
    public func registerForTraitChanges(_ traits: [TraitCollection.Trait],
                                        handler: @escaping @MainActor (Self, TraitCollection) -> Void) -> TraitChangeRegistration {
        let registration = TraitChangeRegistration(traits: traits) { object, previous in
            if let object = object as? Self { handler(object, previous) }
        }
        traitRegistrationStore.registrations.append(registration)
        return registration
    }

    /// Calls `action` on `target` (held weakly) whenever one of `traits` changes, with the
    /// object and its previous traits: `registerForTraitChanges([.verticalSizeClass], target: self,
    /// action: RoomScreen.sizeClassDidChange)` (UIKit's target–action form; Swift has no selector).
    @discardableResult
    public func registerForTraitChanges<Target: AnyObject>(
        _ traits: [TraitCollection.Trait], target: Target,
        action: @escaping @MainActor (Target) -> (Self, TraitCollection) -> Void
    ) -> TraitChangeRegistration {
        registerForTraitChanges(traits) { [weak target] object, previous in
            if let target { action(target)(object, previous) }
        }
    }

    /// Calls `action` on `target` (held weakly) whenever one of `traits` changes.
    @discardableResult
    public func registerForTraitChanges<Target: AnyObject>(
        _ traits: [TraitCollection.Trait], target: Target, action: @escaping @MainActor (Target) -> () -> Void
    ) -> TraitChangeRegistration {
        registerForTraitChanges(traits) { [weak target] (_: Self, _) in
            if let target { action(target)() }
        }
    }

    /// Stops `registration`'s handler; a registration made on another object is ignored.
    public func unregisterForTraitChanges(_ registration: TraitChangeRegistration) {
        traitRegistrationStoreIfMade?.registrations.removeAll { $0 === registration }
    }

    private var traitRegistrationStore: TraitChangeRegistrations {
        if let store = traitRegistrationStoreIfMade { return store }
        let store = TraitChangeRegistrations()
        if let view = self as? View { view.traitChangeRegistrations = store }
        if let controller = self as? ViewController { controller.traitChangeRegistrations = store }
        return store
    }

    private var traitRegistrationStoreIfMade: TraitChangeRegistrations? {
        if let view = self as? View { return view.traitChangeRegistrations }
        if let controller = self as? ViewController { return controller.traitChangeRegistrations }
        return nil
    }
}

extension View {
    /// The view's traits changed from `previous`: its controller hears first (its
    /// `traitCollectionDidChange(_:)`, then its registered handlers), then the view.
    func deliverTraitChange(from previous: TraitCollection) {
        if let controller = owningViewController {
            controller.traitCollectionDidChange(previous)
            controller.traitChangeRegistrations?.deliver(to: controller, previous: previous, current: traitCollection)
            if window != nil { controller.languageLastTold = languageAndDirection }
        }
        traitCollectionDidChange(previous)
        traitChangeRegistrations?.deliver(to: self, previous: previous, current: traitCollection)
    }
}
