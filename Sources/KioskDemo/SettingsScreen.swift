import Vitrine
import VitrineGraphics

// The settings screen: the kiosk's controls in use. A switch for the sound, a slider wired to
// the screen's brightness, and a segmented choice of language (the welcome screen's picker's
// twin: both set the app's language). It is reached through the navigation (wired by the app),
// and lays itself out for any screen from 800×480 to 1920×1080, mirrored right to left.

/// The settings screen (not yet reached from the welcome screen: the app wires it into its
/// navigation): "Sound" (a `Switch`), "Brightness" (a `Slider` that sets
/// `Screen.brightness` as it moves) and "Language" (a `SegmentedControl` that sets the app's
/// language, `KioskTranslations.choose(_:in:)`: every screen shows the one chosen).
public final class SettingsViewController: ViewController {
    /// Whether the kiosk plays sounds.
    public private(set) var isSoundOn = true
    /// The language chosen: the app's.
    public var language: KioskLanguage { KioskTranslations.current }
    /// Called after any setting changed (the app saves them, say).
    public var settingsDidChange: (@MainActor (SettingsViewController) -> Void)?

    /// The "Sound" switch.
    public let soundSwitch = Switch(frame: .zero)
    /// The "Brightness" slider, 0.1…1, wired to `Screen.brightness`.
    public let brightnessSlider = Slider(frame: .zero)
    /// The "Language" choice, one segment per `KioskLanguage`.
    public let languageControl = SegmentedControl(items: KioskLanguage.allCases.map(\.name))

    private let heading = Label(frame: .zero)
    private let rows: [(label: Label, separator: View)] = (0..<3).map { _ in (Label(frame: .zero), View(frame: .zero)) }
    private var shownLanguage = ShownLanguage()

    /// A settings screen with the sound on, English, and the slider at the screen's brightness
    /// once shown.
    public override init() {
        super.init()
    }

    /// Builds the rows and wires the controls.
    public override func viewDidLoad() {
        view.backgroundColor = Palette.paper
        view.tintColor = Palette.accent
        heading.textColor = Palette.ink
        view.addSubview(heading)
        for (label, separator) in rows {
            label.textColor = Palette.ink
            separator.backgroundColor = Color(rgb: 0x1B2A41, alpha: 0.12)
            view.addSubview(label)
            view.addSubview(separator)
        }
        soundSwitch.isOn = isSoundOn
        soundSwitch.addAction({ [weak self] control in
            guard let self, let toggle = control as? Switch else { return }
            isSoundOn = toggle.isOn
            settingsDidChange?(self)
        }, for: .valueChanged)
        brightnessSlider.minimumValue = 0.1  // never all the way to black: the kiosk must stay usable
        brightnessSlider.maximumValue = 1
        brightnessSlider.minimumValueImage = SettingsViewController.sun(rays: 0.55)
        brightnessSlider.maximumValueImage = SettingsViewController.sun(rays: 1)
        brightnessSlider.addAction({ [weak self] control in
            guard let slider = control as? Slider else { return }
            self?.view.window?.application?.screen.brightness = slider.value
        }, for: .valueChanged)
        languageControl.addAction({ [weak self] control in
            guard let self, let segmented = control as? SegmentedControl,
                  let chosen = KioskLanguage(rawValue: segmented.selectedSegmentIndex),
                  let application = view.window?.application else { return }
            KioskTranslations.choose(chosen, in: application)
            settingsDidChange?(self)
        }, for: .valueChanged)
        view.addSubview(soundSwitch)
        view.addSubview(brightnessSlider)
        view.addSubview(languageControl)
        textsMayBeStale()
    }

    /// The texts in the app's language, and the language control showing it.
    private func showTexts() {
        heading.text = String(localized: "Settings")
        title = heading.text
        for (row, title) in zip(rows, [String(localized: "Sound"), String(localized: "Brightness"), String(localized: "Language")]) {
            row.label.text = title
        }
        languageControl.selectedSegmentIndex = language.rawValue
    }

    private func textsMayBeStale() {
        guard shownLanguage.needsTexts(of: view) else { return }
        showTexts()
        view.setNeedsLayout()
    }

    /// The language changed (here, or on another screen): the texts again.
    public override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        textsMayBeStale()
    }

    /// Shows the screen's brightness as it is now. (Pushed, the view is not in the window yet
    /// when it is about to appear, as in UIKit: the screen is found through the parent.)
    public override func viewWillAppear(_ animated: Bool) {
        let window = view.window ?? parent?.view.window
        if let screen = window?.application?.screen { brightnessSlider.value = screen.brightness }
    }

    /// Label column at the leading edge, controls after it, rows sized from the screen's
    /// height; mirrored right to left.
    public override func viewDidLayoutSubviews() {
        let b = view.bounds
        let direction = view.effectiveUserInterfaceLayoutDirection
        defer {
            for subview in [heading, soundSwitch, brightnessSlider, languageControl] + rows.map(\.label) {
                subview.frame = subview.frame.mirrored(in: b.width, for: direction)
            }
        }
        let isLarge = b.width >= 1280 && b.height >= 720
        let margin = isLarge ? 96.0 : 32.0
        let headingHeight = isLarge ? 120.0 : 72.0
        let rowHeight = isLarge ? 120.0 : min(88, max(56, (b.height - headingHeight - margin) / 3))
        heading.font = .system(size: isLarge ? 40 : 26, weight: .bold)
        heading.frame = Rect(x: margin, y: isLarge ? 48 : 16, width: max(b.width - 2 * margin, 0), height: headingHeight - (isLarge ? 48 : 16))
        let labelWidth = isLarge ? 320.0 : 180.0
        let controlX = margin + labelWidth
        let controlWidth = max(b.width - controlX - margin, 0)
        for (index, row) in rows.enumerated() {
            let y = headingHeight + Double(index) * rowHeight
            row.label.font = .system(size: isLarge ? 32 : 22)
            row.label.frame = Rect(x: margin, y: y, width: labelWidth, height: rowHeight)
            row.separator.frame = Rect(x: margin, y: y + rowHeight - 1, width: max(b.width - 2 * margin, 0), height: 1)
            let midY = y + rowHeight / 2
            switch index {
            case 0:
                soundSwitch.frame = Rect(x: controlX, y: (midY - Switch.size.height / 2).rounded(),
                                         width: Switch.size.width, height: Switch.size.height)
            case 1:
                brightnessSlider.frame = Rect(x: controlX, y: (midY - 22).rounded(), width: min(controlWidth, isLarge ? 900 : 520), height: 44)
            default:
                languageControl.titleFont = .system(size: isLarge ? 24 : 16, weight: .medium)
                let height = isLarge ? 56.0 : 40.0
                languageControl.frame = Rect(x: controlX, y: (midY - height / 2).rounded(),
                                             width: min(controlWidth, isLarge ? 900 : 540), height: height)
            }
        }
    }

    /// A small sun drawn in code, its rays `rays` long (0…1): the slider's end images.
    static func sun(rays: Double) -> Image {
        // Drawn at 2 pixels per point, so that it stays sharp on 1.5× and 2× screens.
        let surface = Surface(width: 48, height: 48, format: .argb8888)
        let context = GraphicsContext(surface: surface, transform: AffineTransform(scaleX: 2, y: 2))
        context.fillColor = Palette.sun
        let disc = 8.0
        context.fillEllipse(in: Rect(x: 12 - disc / 2, y: 12 - disc / 2, width: disc, height: disc))
        context.strokeColor = Palette.sun
        context.lineWidth = 2
        context.lineCap = .round
        for index in 0..<8 {
            context.saveGState()
            context.translateBy(x: 12, y: 12)
            context.rotate(by: Double(index) * Double.pi / 4)
            context.strokeLine(from: Point(x: 0, y: -7), to: Point(x: 0, y: -7 - 4 * rays))
            context.restoreGState()
        }
        return Image(surface: surface, scale: 2)
    }
}
