import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Pictures of every control in every state, light and dark, and at 1×, 1.5× and 2×. Each
/// sheet is a window of the headless display: one row per control, its columns normal,
/// highlighted (pressed by a real scripted finger), disabled and selected (or the control's
/// other value).
@MainActor
struct ControlGoldenTests {
    static let sheetSize = Size(width: 640, height: 392)

    /// A small two-tone icon for the slider's value images.
    static func icon(_ color: Color) -> Image {
        let surface = Surface(width: 16, height: 16, format: .argb8888)
        let context = GraphicsContext(surface: surface)
        context.fillColor = color
        context.fillEllipse(in: Rect(x: 2, y: 2, width: 12, height: 12))
        return Image(surface: surface)
    }

    /// Builds the sheet in `h`'s window, presses the highlighted column, and returns what the
    /// display shows.
    func sheet(_ h: Harness, style: UserInterfaceStyle) -> Surface {
        h.app.userInterfaceStyle = style
        let root = h.window
        root.backgroundColor = SemanticColor.systemBackground.resolved(isDark: style == .dark)
        let column = 160.0, row = 56.0
        func cell(_ c: Int, _ r: Int, width: Double, height: Double) -> Rect {
            Rect(x: 12 + Double(c) * column, y: 12 + Double(r) * row + (40 - height) / 2, width: width, height: height)
        }
        var presses: [Point] = []
        for c in 0..<4 {
            let toggle = Switch(frame: cell(c, 0, width: 51, height: 31))
            toggle.isOn = c != 0
            let slider = Slider(frame: cell(c, 1, width: 140, height: 31))
            slider.value = 0.35
            if c == 3 {
                slider.minimumValueImage = Self.icon(SemanticColor.secondaryLabel.resolved(isDark: style == .dark))
                slider.maximumValueImage = Self.icon(SemanticColor.label.resolved(isDark: style == .dark))
            }
            let stepper = Stepper(frame: cell(c, 2, width: 94, height: 32))
            stepper.value = c == 3 ? 100 : 1
            let segmented = SegmentedControl(items: ["One", "Two", "Three"])
            segmented.frame = cell(c, 3, width: 148, height: 32)
            segmented.selectedSegmentIndex = c == 3 ? 2 : 0
            let pages = PageControl(frame: cell(c, 4, width: 140, height: 26))
            pages.numberOfPages = 5
            pages.currentPage = c == 3 ? 4 : 1
            let progress = ProgressView(frame: cell(c, 5, width: 140, height: 4))
            progress.progress = [0, 0.35, 0.7, 1][c]
            let indicator = ActivityIndicatorView(style: c == 3 ? .large : .medium)
            indicator.hidesWhenStopped = false
            indicator.isHidden = false
            indicator.frame = cell(c, 6, width: 40, height: 40)
            let button = Button(frame: cell(c, 6, width: 90, height: 36).offsetBy(dx: 50, dy: 0))
            button.setTitle("Done", for: .normal)
            button.setBackgroundColor(button.tintColor, for: .normal)
            button.cornerRadius = 8
            let controls: [View] = [toggle, slider, stepper, segmented, pages, progress, indicator, button]
            for control in controls { root.addSubview(control) }
            if c == 2 {
                for control in controls { (control as? Control)?.isEnabled = false }
                indicator.alpha = 0.4
            }
            if c == 3 {
                for control in controls { (control as? Control)?.isSelected = true }
                button.setBackgroundColor(SemanticColor.systemGreen.resolved(isDark: style == .dark), for: .selected)
            }
            if c == 1 {
                presses = [Point(x: toggle.frame.midX, y: toggle.frame.midY),
                           Point(x: slider.frame.minX + 14 + 0.35 * 112, y: slider.frame.midY),
                           Point(x: stepper.frame.minX + 70, y: stepper.frame.midY),
                           Point(x: segmented.frame.minX + 74, y: segmented.frame.midY),
                           Point(x: pages.frame.maxX - 10, y: pages.frame.midY),
                           Point(x: button.frame.midX, y: button.frame.midY)]
            }
        }
        h.settleControls()
        for (slot, point) in presses.enumerated() { h.input.down(slot, at: point) }
        h.frame()
        h.settleControls()
        return h.display.shownBuffer!
    }

    @Test(arguments: [UserInterfaceStyle.light, .dark])
    func everyControlInEveryState(style: UserInterfaceStyle) {
        let h = Harness(width: Int(Self.sheetSize.width), height: Int(Self.sheetSize.height))
        expectGolden(sheet(h, style: style), "controls-\(style == .dark ? "dark" : "light")")
    }

    @Test(arguments: [1.5, 2])
    func everyControlCrispAtScale(scale: Double) {
        let h = Harness(width: Int(Self.sheetSize.width * scale), height: Int(Self.sheetSize.height * scale), scale: scale)
        expectGolden(sheet(h, style: .light), "controls-light-scale-\(scale == 2 ? "2" : "1.5")")
    }
}
