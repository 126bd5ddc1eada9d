import Vitrine
import VitrineGraphics

// One room of "Find a room": the demo's screen laid out by constraints alone, as an iOS
// developer writes one. Nothing here computes a frame. The bar, the picture and a column of
// labels (a layout guide) are tied to the safe area and the layout margins; the labels take the
// size of their text (intrinsic sizes); the picture scales (its hugging and compression
// priorities are the lowest), and fills the height it is given at a priority just under the
// labels' own.
//
// Two sets of constraints are swapped as the screen changes shape, the rest stays:
// - side by side: a square picture on the left as tall as the margins allow (at most half the
//   width), the text beside it (landscape: 800×480, 1920×1080);
// - stacked: a wide picture across the margins, the text under it (compact width, or a screen
//   taller than wide: 480×800, 1080×1920).
// The size classes choose the metrics: regular width and height (1920×1080 at 1×) is roomy,
// anything compact (a 7-inch panel either way round) tight. `traitCollectionDidChange(_:)`
// adapts when the size classes change; `viewWillTransition(to:with:)` adapts in its alongside
// block too, for a turn that keeps them (1920×1080 to 1080×1920 is regular both ways). When the
// screen turns with animation (`Application.setScreenRotation(_:animated:)`), the new
// constraints are laid out inside the turn's animation: the views glide to their new frames.

/// One room: its picture, names, status and seats, laid out by constraints for any screen
/// (side by side in landscape, stacked in portrait; roomy at regular size classes). Back or a
/// swipe back (right, or left right to left) returns to the list.
public final class RoomDetailController: ViewController {
    /// How the picture and the text are arranged.
    public enum Arrangement: Sendable, Equatable {
        /// The picture on the left, the text beside it.
        case sideBySide
        /// The picture across the top, the text under it.
        case stacked
    }

    /// The spacing and type sizes: tight on a small panel, roomy at regular size classes.
    struct Metrics: Equatable {
        var margin: Double
        var spacing: Double
        var nameSize: Double
        var chineseSize: Double
        var statusSize: Double
        var factsSize: Double
        var hintSize: Double

        static let tight = Metrics(margin: 16, spacing: 24, nameSize: 32, chineseSize: 24, statusSize: 26, factsSize: 22, hintSize: 18)
        static let roomy = Metrics(margin: 48, spacing: 48, nameSize: 56, chineseSize: 40, statusSize: 40, factsSize: 32, hintSize: 26)
    }

    /// The room shown.
    public let room: Room
    /// The picture of the room (it scales: any size the constraints give it).
    public let picture = ImageView(frame: .zero)
    /// The room's name, its Chinese name, its status, its floor and seats, and how to go back:
    /// one line each, as wide as their text.
    public let nameLabel = Label(frame: .zero), chineseLabel = Label(frame: .zero), statusLabel = Label(frame: .zero),
               factsLabel = Label(frame: .zero), hintLabel = Label(frame: .zero)
    /// The arrangement in effect (nil until first laid out in a window).
    public private(set) var arrangement: Arrangement?
    /// Whether the roomy metrics are in effect (regular width and height).
    public private(set) var isRoomy = false

    let bar = BarView()
    private let swipe = SwipeGestureRecognizer()
    private var shownLanguage = ShownLanguage()
    /// The column the labels are stacked in.
    private let column = LayoutGuide()
    private var sideBySide: [LayoutConstraint] = []
    private var stacked: [LayoutConstraint] = []
    /// The gaps that follow the metrics' spacing.
    private var spacings: [LayoutConstraint] = []

    /// The labels, top to bottom.
    public var labels: [Label] { [nameLabel, chineseLabel, statusLabel, factsLabel, hintLabel] }

    init(room: Room) {
        self.room = room
        super.init()
    }

    public override func viewDidLoad() {
        view.backgroundColor = .white
        view.accessibilityIdentifier = "room"
        picture.image = RoomPictures.large(floor: room.floor)
        picture.contentMode = .scaleAspectFill
        picture.cornerRadius = 16
        picture.clipsToBounds = true
        picture.accessibilityIdentifier = "picture"
        // The picture takes whatever size the constraints give it: its image's size pulls at no
        // priority worth the name.
        for axis in [LayoutConstraint.Axis.horizontal, .vertical] {
            picture.setContentHuggingPriority(.fittingSizeLevel, for: axis)
            picture.setContentCompressionResistancePriority(.fittingSizeLevel, for: axis)
        }
        nameLabel.text = room.name
        chineseLabel.text = room.chineseName
        nameLabel.textColor = Palette.ink
        chineseLabel.textColor = Palette.quiet
        statusLabel.textColor = room.isFree ? Color(rgb: 0x2E7D4F) : Color(rgb: 0xB3412E)
        factsLabel.textColor = Palette.ink
        hintLabel.textColor = Palette.quiet
        for (label, name) in zip(labels, ["name", "chinese", "status", "facts", "hint"]) {
            label.accessibilityIdentifier = name
        }
        bar.accessibilityIdentifier = "bar"
        for subview in [picture, bar] + labels {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        column.identifier = "column"
        view.addLayoutGuide(column)
        makeConstraints()
        bar.backButton.addAction({ [weak self] _ in self?.dismiss(animated: true) }, for: .touchUpInside)
        swipe.addAction { [weak self] _ in self?.dismiss(animated: true) }
        view.addGestureRecognizer(swipe)
        textsMayBeStale()
    }

    /// The texts in the app's language (the room's names are names: they stay), and the swipe
    /// back towards the leading edge: right, or left right to left.
    private func showTexts() {
        bar.showTexts(title: String(localized: "About this room"))
        statusLabel.text = room.status
        factsLabel.text = RoomDirectory.floors[room.floor] + " · " + room.seats
        hintLabel.text = String(localized: "Swipe right to go back.")
        swipe.direction = view.effectiveUserInterfaceLayoutDirection == .rightToLeft ? .left : .right
    }

    private func textsMayBeStale() {
        guard shownLanguage.needsTexts(of: view) else { return }
        showTexts()
        view.setNeedsLayout()
    }

    private func makeConstraints() {
        let safe = view.safeAreaLayoutGuide, margins = view.layoutMarginsGuide
        let pictureTop = picture.topAnchor.constraint(equalTo: bar.bottomAnchor)
        let statusGap = statusLabel.topAnchor.constraint(equalTo: chineseLabel.bottomAnchor)
        let hintGap = hintLabel.topAnchor.constraint(equalTo: factsLabel.bottomAnchor)
        var always = [
            bar.topAnchor.constraint(equalTo: safe.topAnchor),
            bar.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
            bar.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
            bar.heightAnchor.constraint(equalToConstant: 80),
            pictureTop,
            picture.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            nameLabel.topAnchor.constraint(equalTo: column.topAnchor),
            chineseLabel.topAnchor.constraint(equalTo: nameLabel.bottomAnchor, constant: 2),
            statusGap,
            factsLabel.topAnchor.constraint(equalTo: statusLabel.bottomAnchor, constant: 6),
            hintGap,
            column.bottomAnchor.constraint(equalTo: hintLabel.bottomAnchor),
        ]
        // Each label starts at the column's edge and may not cross its other one.
        for label in labels {
            always.append(label.leadingAnchor.constraint(equalTo: column.leadingAnchor))
            always.append(label.trailingAnchor.constraint(lessThanOrEqualTo: column.trailingAnchor))
        }
        // The text stays above the bottom margin; just below required, so that a screen too
        // small for it overflows rather than breaking the arrangement.
        let textFits = column.bottomAnchor.constraint(lessThanOrEqualTo: margins.bottomAnchor)
        textFits.priority = .required - 1
        always.append(textFits)

        let besidePicture = column.leadingAnchor.constraint(equalTo: picture.trailingAnchor)
        let fillsHeight = picture.bottomAnchor.constraint(equalTo: margins.bottomAnchor)
        fillsHeight.priority = .defaultHigh - 1
        sideBySide = [
            picture.widthAnchor.constraint(equalTo: picture.heightAnchor, multiplier: 1),
            picture.bottomAnchor.constraint(lessThanOrEqualTo: margins.bottomAnchor),
            fillsHeight,
            picture.widthAnchor.constraint(lessThanOrEqualTo: margins.widthAnchor, multiplier: 0.5),
            besidePicture,
            column.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            column.topAnchor.constraint(equalTo: picture.topAnchor),
        ]
        let underPicture = column.topAnchor.constraint(equalTo: picture.bottomAnchor)
        stacked = [
            picture.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            picture.heightAnchor.constraint(equalTo: picture.widthAnchor, multiplier: 0.6),
            underPicture,
            column.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            column.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
        ]
        for (constraint, name) in zip(sideBySide, ["square", "above bottom", "fills height", "half width", "beside", "column right", "column top"]) {
            constraint.identifier = "side by side: " + name
        }
        for (constraint, name) in zip(stacked, ["right", "wide", "under", "column left", "column right"]) {
            constraint.identifier = "stacked: " + name
        }
        spacings = [pictureTop, statusGap, hintGap, besidePicture, underPicture]
        LayoutConstraint.activate(always)
    }

    // MARK: Adapting

    /// The arrangement for a view of `size` (points) with `traits`: stacked when the width is
    /// compact or the view is taller than wide, else side by side.
    public static func arrangement(for size: Size, traits: TraitCollection) -> Arrangement {
        traits.horizontalSizeClass == .compact || size.height > size.width ? .stacked : .sideBySide
    }

    /// Swaps in the constraints and metrics for `size` and `traits` (nothing when they are in
    /// effect already). Only constraints and fonts change: the frames follow in the layout pass.
    private func adapt(to size: Size, traits: TraitCollection) {
        guard traits.horizontalSizeClass != .unspecified else { return }
        let wanted = RoomDetailController.arrangement(for: size, traits: traits)
        let roomy = traits.horizontalSizeClass == .regular && traits.verticalSizeClass == .regular
        guard wanted != arrangement || roomy != isRoomy else { return }
        // Deactivate first: the two sets contradict each other.
        LayoutConstraint.deactivate(wanted == .stacked ? sideBySide : stacked)
        LayoutConstraint.activate(wanted == .stacked ? stacked : sideBySide)
        arrangement = wanted
        isRoomy = roomy
        let metrics = roomy ? Metrics.roomy : .tight
        view.directionalLayoutMargins = DirectionalEdgeInsets(top: 0, leading: metrics.margin, bottom: metrics.margin,
                                                              trailing: metrics.margin)
        for constraint in spacings { constraint.constant = metrics.spacing }
        nameLabel.font = .system(size: metrics.nameSize, weight: .bold)
        chineseLabel.font = .system(size: metrics.chineseSize)
        statusLabel.font = .system(size: metrics.statusSize, weight: .semibold)
        factsLabel.font = .system(size: metrics.factsSize)
        hintLabel.font = .system(size: metrics.hintSize)
    }

    /// The first layout in a window: no trait change announces the size classes a view finds
    /// there, so they are read here.
    public override func viewWillLayoutSubviews() {
        adapt(to: view.bounds.size, traits: view.traitCollection)
    }

    /// The size classes changed (a turn, a new display mode): the other constraints; the
    /// language changed: the texts (the constraints follow their new sizes).
    public override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        adapt(to: view.bounds.size, traits: view.traitCollection)
        textsMayBeStale()
    }

    /// A turn may keep the size classes (regular both ways) but change the shape: adapts in the
    /// alongside block, where the view has its new size and changes are animated with the turn.
    public override func viewWillTransition(to size: Size, with coordinator: ViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        coordinator.animate(alongsideTransition: { [weak self] _ in
            guard let self else { return }
            adapt(to: size, traits: view.traitCollection)
        })
    }
}
