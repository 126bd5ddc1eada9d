import Vitrine
import VitrineGraphics

// "Opening hours": a long text in a scroll view — a column of labels, each as tall as its
// wrapped text, whose total height is the scroll view's content size.

/// The opening hours and the building's notes, longer than the screen.
public final class HoursController: ViewController {
    /// The scrolling column.
    public let scrollView = ScrollView(frame: .zero)
    /// The labels, top to bottom.
    public private(set) var labels: [Label] = []
    private let bar = BarView()
    private var shownLanguage = ShownLanguage()

    /// Headings and paragraphs of the page (keys of the catalog: the English text).
    static let page: [(heading: Bool, text: LocalizationValue)] = [
        (true, "This week"),
        (false, "Monday to Thursday  8:00 – 20:00\nFriday  8:00 – 18:00\nSaturday  9:00 – 14:00\nSunday  closed"),
        (true, "Holidays"),
        (false, "On public holidays the building opens from 10:00 to 16:00. Between Christmas and New Year the reception is closed; meeting rooms booked in advance stay available with your badge."),
        (true, "Reception"),
        (false, "The reception desk is staffed from opening until 18:00. After that, use this kiosk to check in: your host is told as soon as you do, and comes down to meet you."),
        (true, "Accessibility"),
        (false, "Every floor is reached by two lifts beside the reception. Accessible toilets are on the ground and second floors. Ask at the desk for a hearing loop; the boardroom and the library have one fitted."),
        (true, "Parking and bicycles"),
        (false, "Visitors park on level −1 (entrance on the side street); tell the kiosk your number plate when you check in. Covered bicycle racks are to the left of the main door, and lockers with chargers beside them."),
        (true, "Deliveries"),
        (false, "Deliveries are accepted Monday to Friday, 8:00 – 16:00, at the goods entrance. Large deliveries must be announced a day ahead."),
        (true, "Lost property"),
        (false, "Things found in the building are kept at the reception for a month. Describe what you lost to the staff, or leave your phone number with the kiosk's Help button."),
        (true, "Wi-Fi"),
        (false, "Guests join the network \"Visitors\" with the code printed on their badge. It works on every floor and in the garden, and ends at midnight."),
        (true, "Fire safety"),
        (false, "When the alarm sounds, leave by the nearest exit marked in green and gather on the square in front of the building. Do not use the lifts. Staff in yellow vests will count everyone out."),
        (true, "Contact"),
        (false, "Reception: extension 100, or the Help button on this kiosk.\nFacilities: extension 120.\nSecurity, day and night: extension 199."),
    ]

    public override func viewDidLoad() {
        view.backgroundColor = Palette.paper
        scrollView.backgroundColor = Palette.paper
        for part in HoursController.page {
            let label = Label(frame: .zero)
            label.numberOfLines = 0
            label.font = part.heading ? .system(size: 24, weight: .bold) : .system(size: 20)
            label.textColor = part.heading ? Palette.ink : Palette.quiet
            label.lineSpacing = part.heading ? 0 : 4
            scrollView.addSubview(label)
            labels.append(label)
        }
        view.addSubview(scrollView)
        view.addSubview(bar)
        bar.backButton.addAction({ [weak self] _ in self?.dismiss(animated: true) }, for: .touchUpInside)
        textsMayBeStale()
    }

    /// The page in the app's language (the layout measures the labels again).
    private func showTexts() {
        bar.showTexts(title: String(localized: "Opening hours"))
        for (label, part) in zip(labels, HoursController.page) { label.text = String(localized: part.text) }
    }

    private func textsMayBeStale() {
        guard shownLanguage.needsTexts(of: view) else { return }
        showTexts()
        view.setNeedsLayout()
    }

    public override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) { textsMayBeStale() }
    public override func viewWillAppear(_ animated: Bool) { textsMayBeStale() }

    /// Stacks the labels in the width and sets the content size to their total height.
    public override func viewDidLayoutSubviews() {
        let b = view.bounds
        bar.frame = Rect(x: 0, y: 0, width: b.width, height: 80)
        scrollView.frame = Rect(x: 0, y: 80, width: b.width, height: max(0, b.height - 80))
        let width = max(0, min(b.width - 80, 900))
        let x = (b.width - width) / 2
        var y = 24.0
        for (label, part) in zip(labels, HoursController.page) {
            if part.heading && y > 24 { y += 20 }
            let size = label.sizeThatFits(Size(width: width, height: .infinity))
            label.frame = Rect(x: x, y: y, width: width, height: size.height)
            y += size.height + 8
        }
        scrollView.contentSize = Size(width: b.width, height: y + 24)
    }
}
