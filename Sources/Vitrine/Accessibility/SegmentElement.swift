import VitrineGraphics

/// One segment of a `SegmentedControl` as an accessibility element, as VoiceOver presents
/// UIKit's: a button labelled with the segment's title, valued "2 of 3", selected when it is
/// the control's selected segment, dimmed when it or the control is disabled. Focus reaches
/// each segment by Tab, arrows and the encoder; activating one (Enter, Space, the encoder's
/// press, a double-tap while speech is on) selects it as a tap does, sending `.valueChanged`
/// when the selection changed (always when momentary).
///
/// The control itself stays adjustable (`accessibilityIncrement()` steps the selection) for
/// an app that makes it one element again (`isAccessibilityElement = true`).
@MainActor
final class SegmentElement: AccessibilityElement {
    let index: Int

    init(control: SegmentedControl, index: Int) {
        self.index = index
        super.init(accessibilityContainer: control)
    }

    /// The control's elements, one per segment, made again only when the number of segments
    /// changed.
    static func elements(of control: SegmentedControl) -> [View] {
        control.accessibilityStore.itemElements(count: control.numberOfSegments) { SegmentElement(control: control, index: $0) }
    }

    private var control: SegmentedControl? {
        guard let control = accessibilityContainer as? SegmentedControl, index < control.numberOfSegments else { return nil }
        return control
    }

    override var debugDescription: String { "SegmentElement(\(segmentTitle ?? "?"))" }

    /// Selects the segment, as a tap on it does.
    override func accessibilityActivate() -> Bool {
        if let block = accessibilityActivateBlock { return block() }
        guard let control, control.isEnabled, control.isEnabledForSegment(at: index) else { return false }
        let changed = control.selectedSegmentIndex != index
        control.selectedSegmentIndex = index
        if changed || control.isMomentary { control.sendActions(for: .valueChanged) }
        // As a tap: a momentary control keeps no selection after its actions.
        if control.isMomentary { control.selectedSegmentIndex = SegmentedControl.noSegment }
        return true
    }

    /// The segment's title.
    var segmentTitle: String? { control?.titleForSegment(at: index) }

    /// "2 of 3": where the segment is among the control's.
    var segmentValue: String? {
        guard let control else { return nil }
        return "\(index + 1) of \(control.numberOfSegments)"
    }

    /// A button; selected for the selected segment; not enabled when it or the control is not.
    var segmentTraits: AccessibilityTraits {
        guard let control else { return [.button, .notEnabled] }
        var traits: AccessibilityTraits = [.button]
        if control.selectedSegmentIndex == index { traits.insert(.selected) }
        if !control.isEnabled || !control.isEnabledForSegment(at: index) { traits.insert(.notEnabled) }
        return traits
    }

    /// The segment's rectangle, in the control's bounds space.
    var frameInControl: Rect { control?.rectForSegment(at: index) ?? .zero }
}
