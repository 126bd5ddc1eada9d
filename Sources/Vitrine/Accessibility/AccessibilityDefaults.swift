import VitrineGraphics

/// The accessibility defaults of each kind of view of Vitrine, read when the app set nothing.
/// Kept here, in one place, rather than as overrides in each control (Swift cannot override
/// members declared in extensions); the most specific class is tested first.
@MainActor
enum AccessibilityDefaults {
    // MARK: Element or container

    static func isElement(_ view: View) -> Bool {
        switch view {
        case is AccessibilityElement: true
        case is TextField, is TextView: true
        case is DatePicker: false          // a container: its wheels are the elements
        case is SegmentedControl: false    // a container: its segments are the elements
        case let refresh as RefreshControl: refresh.isRefreshing   // read while it spins, never focused
        case is Control: true
        case is PickerView: false
        case is PickerWheel: true
        case let label as Label: !(label.text ?? "").isEmpty && !(label.superview is TabBar)
        case let image as ImageView: image.accessibilityStorage?.label != nil
        case is TableViewCell: true
        case is ProgressView, is ActivityIndicatorView: true
        default: false
        }
    }

    // MARK: Label and value

    static func label(_ view: View) -> String? {
        switch view {
        case let item as TabBarItemElement: item.itemTitle
        case let segment as SegmentElement: segment.segmentTitle
        case let button as Button: button.currentTitle ?? button.title(for: .normal)
        case let field as TextField: field.placeholder
        case let label as Label: label.text
        case let cell as TableViewCell: cell.textLabel.text
        case is RefreshControl: "Refreshing"
        case is ActivityIndicatorView: "In progress"
        case is ProgressView: "Progress"
        case let wheel as PickerWheel:
            wheel.picker?.accessibilityStorage?.label
        default: nil
        }
    }

    static func value(_ view: View) -> String? {
        switch view {
        case let segment as SegmentElement: segment.segmentValue
        case let slider as Slider:
            percent(slider.value, in: slider.minimumValue...max(slider.maximumValue, slider.minimumValue))
        case let toggle as Switch: ToolkitStrings.string(toggle.isOn ? "on" : "off")
        case let stepper as Stepper: number(stepper.value)
        case let segments as SegmentedControl:
            segments.selectedSegmentIndex >= 0 ? segments.titleForSegment(at: segments.selectedSegmentIndex) : nil
        case let pages as PageControl:
            pages.numberOfPages > 0 ? "page \(pages.currentPage + 1) of \(pages.numberOfPages)" : nil
        case let field as TextField:
            field.isSecureTextEntry ? (field.text.isEmpty ? nil : "\(field.text.count) characters") : (field.text.isEmpty ? nil : field.text)
        case let textView as TextView: textView.text.isEmpty ? nil : textView.text
        case let progress as ProgressView: percent(progress.progress, in: 0...1)
        case let cell as TableViewCell: cell.detailTextLabel.text
        case let wheel as PickerWheel: title(of: wheel)
        default: nil
        }
    }

    /// "42 %" of `value` within `range` (a degenerate range counts as 0 %).
    static func percent(_ value: Double, in range: ClosedRange<Double>) -> String {
        let span = range.upperBound - range.lowerBound
        let fraction = span > 0 ? (value - range.lowerBound) / span : 0
        return "\(Int((fraction * 100).rounded())) %"
    }

    /// A whole number without ".0", else the number.
    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The title of a wheel's selected row: the delegate's title, else a label row's text.
    static func title(of wheel: PickerWheel) -> String? {
        guard let picker = wheel.picker, wheel.rowCount > 0 else { return nil }
        let row = wheel.selectedRow
        if let title = picker.delegate?.pickerView(picker, titleForRow: row, forComponent: wheel.component) {
            return title
        }
        return (wheel.view(forRow: row) as? Label)?.text
    }

    // MARK: Traits

    static func traits(_ view: View) -> AccessibilityTraits {
        var traits: AccessibilityTraits = []
        switch view {
        case let item as TabBarItemElement: return item.itemTraits
        case let segment as SegmentElement: return segment.segmentTraits
        case let button as Button:
            traits.insert(.button)
            if button.currentImage != nil && (button.currentTitle ?? "").isEmpty { traits.insert(.image) }
        case is Switch: traits.formUnion([.button, .toggleButton])
        case is Slider, is Stepper, is SegmentedControl, is PageControl, is PickerWheel: traits.insert(.adjustable)
        case is SearchTextField: traits.insert(.searchField)
        case is TextField: break
        case let textView as TextView: if !textView.isEditable { traits.insert(.staticText) }
        case let label as Label:
            traits.insert(.staticText)
            if label.superview is NavigationBar { traits.insert(.header) }
        case is ImageView: traits.insert(.image)
        case is TableViewCell: traits.insert(.button)
        case is ProgressView, is ActivityIndicatorView, is RefreshControl: traits.insert(.updatesFrequently)
        case is TabBar: traits.insert(.tabBar)
        case is TableViewHeaderFooterView: traits.insert(.header)
        default: break
        }
        if let control = view as? Control {
            if !control.isEnabled { traits.insert(.notEnabled) }
            if control.isSelected { traits.insert(.selected) }
        }
        if let cell = view as? TableViewCell, cell.isSelected { traits.insert(.selected) }
        return traits
    }

    // MARK: Frames, containers, modality

    /// The view's bounds on screen; an `AccessibilityElement`'s frame in its container, on screen.
    static func frame(_ view: View) -> Rect {
        if let element = view as? AccessibilityElement {
            guard let container = element.accessibilityContainer else { return .zero }
            let local = (element as? TabBarItemElement)?.frameInBar ?? (element as? SegmentElement)?.frameInControl
                ?? element.accessibilityFrameInContainerSpace
            return local.applying(container.transformToRoot)
        }
        return view.bounds.applying(view.transformToRoot)
    }

    /// The elements a view of Vitrine lists itself (a tab bar's items), else nil.
    static func elements(_ view: View) -> [View]? {
        if let bar = view as? TabBar { return TabBarItemElement.elements(of: bar) }
        if let control = view as? SegmentedControl { return SegmentElement.elements(of: control) }
        return nil
    }

    static func viewIsModal(_ view: View) -> Bool {
        view.owningViewController is AlertController
    }

    // MARK: Actions

    /// A control's primary action (see `View.defaultAccessibilityActivate`).
    static func activate(_ view: View) -> Bool {
        switch view {
        case let control as Control where !control.isEnabled:
            return false
        case let toggle as Switch:
            toggle.setOn(!toggle.isOn, animated: true)
            toggle.sendActions(for: .valueChanged)
            return true
        case let field as TextField:
            return field.becomeFirstResponder()
        case let textView as TextView:
            return textView.isEditable && textView.becomeFirstResponder()
        case is Slider, is Stepper, is SegmentedControl, is PageControl:
            return false
        case let control as Control:
            control.sendActions(for: control.triggersPrimaryActionOnTouchUpInside
                                ? [.touchUpInside, .primaryActionTriggered] : .touchUpInside)
            return true
        case let cell as TableViewCell:
            guard let table = cell.enclosingTableView, let path = table.indexPath(for: cell),
                  table.allowsSelection else { return false }
            table.userSelectRow(at: path)
            return true
        default:
            return false
        }
    }

    /// One step of an adjustable control, up (`direction` 1) or down (-1).
    static func adjust(_ view: View, by direction: Int) {
        let up = direction > 0
        switch view {
        case let control as Control where !control.isEnabled:
            return
        case let slider as Slider:
            let step = (slider.maximumValue - slider.minimumValue) / 10
            let old = slider.value
            slider.setValue(old + (up ? step : -step), animated: false)
            if slider.value != old { slider.sendActions(for: .valueChanged) }
        case let stepper as Stepper:
            guard stepper.canStep(up ? .increment : .decrement) else { return }
            var next = stepper.value + (up ? stepper.stepValue : -stepper.stepValue)
            if stepper.wraps {
                if next > stepper.maximumValue { next = stepper.minimumValue } else if next < stepper.minimumValue { next = stepper.maximumValue }
            }
            let old = stepper.value
            stepper.value = next
            if stepper.value != old { stepper.sendActions(for: .valueChanged) }
        case let segments as SegmentedControl:
            var index = segments.selectedSegmentIndex
            repeat { index += up ? 1 : -1 } while index >= 0 && index < segments.numberOfSegments
                && !segments.isEnabledForSegment(at: index)
            guard index >= 0, index < segments.numberOfSegments else { return }
            segments.selectedSegmentIndex = index
            segments.sendActions(for: .valueChanged)
        case let pages as PageControl:
            let next = pages.currentPage + (up ? 1 : -1)
            guard next >= 0, next < pages.numberOfPages else { return }
            pages.currentPage = next
            pages.sendActions(for: .valueChanged)
        case let wheel as PickerWheel:
            let next = wheel.selectedRow + (up ? 1 : -1)
            guard next >= 0, next < wheel.rowCount else { return }
            wheel.selectedRow = next
            wheel.scroll(toRow: next, animated: false)
            wheel.picker?.wheelDidSelect(row: next, component: wheel.component)
        default:
            return
        }
    }
}

extension TableViewCell {
    /// The table this cell is a row of, when it is in one.
    var enclosingTableView: TableView? {
        var view = superview
        while let current = view {
            if let table = current as? TableView { return table }
            view = current.superview
        }
        return nil
    }
}
