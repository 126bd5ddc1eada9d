import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// Records what the runtime tells the screen reader.
@MainActor
final class RecordingObserver: AccessibilityObserver {
    var log: [String] = []
    func accessibilityFocusDidChange(to element: View?) { log.append("focus \(element?.accessibilityLabel ?? "nil")") }
    func accessibilityAnnouncement(_ text: String, language: String?) { log.append("say \(text)") }
    func accessibilityScreenDidChange(focusing element: View?) { log.append("screen \(element?.accessibilityLabel ?? "nil")") }
    func accessibilityLayoutDidChange(focusing element: View?) { log.append("layout \(element?.accessibilityLabel ?? "nil")") }
    func accessibilityValueDidChange(of element: View) { log.append("value \(element.accessibilityValue ?? "nil")") }
}

@MainActor
func button(_ title: String, _ frame: Rect) -> Button {
    let b = Button(frame: frame)
    b.setTitle(title, for: .normal)
    return b
}

@MainActor
@Suite struct AccessibilityModelTests {
    @Test func aButtonIsAnElementNamedByItsTitleAndActivatesItsAction() {
        let pay = button("Pay", Rect(x: 0, y: 0, width: 100, height: 44))
        var fired: [String] = []
        pay.addAction({ _ in fired.append("up") }, for: .touchUpInside)
        pay.addAction({ _ in fired.append("primary") }, for: .primaryActionTriggered)
        #expect(pay.isAccessibilityElement)
        #expect(pay.accessibilityLabel == "Pay")
        #expect(pay.accessibilityTraits == .button)
        #expect(pay.canBecomeFocused)
        #expect(pay.accessibilityActivate())
        #expect(fired == ["up", "primary"])
        pay.isEnabled = false
        #expect(pay.accessibilityTraits == [.button, .notEnabled])
        #expect(!pay.canBecomeFocused)
        #expect(!pay.accessibilityActivate())
        #expect(fired.count == 2)
        // What the app sets wins; nil goes back to the title.
        pay.accessibilityLabel = "Pay now"
        #expect(pay.accessibilityLabel == "Pay now")
        pay.accessibilityLabel = nil
        #expect(pay.accessibilityLabel == "Pay")
    }

    @Test func aViewKeepingEveryDefaultHasNoStorage() {
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        _ = view.accessibilityLabel
        _ = view.accessibilityTraits
        _ = view.isAccessibilityElement
        #expect(view.accessibilityStorage == nil)
        #expect(!view.isAccessibilityElement && view.accessibilityLabel == nil)
        view.accessibilityHint = "Opens"
        #expect(view.accessibilityStorage != nil)
    }

    @Test func aSliderIsAdjustableAndSaysItsValueAsAPercentage() {
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 200, height: 30))
        slider.value = 0.5
        var changes = 0
        slider.addAction({ _ in changes += 1 }, for: .valueChanged)
        #expect(slider.accessibilityTraits == .adjustable)
        #expect(slider.accessibilityValue == "50 %")
        slider.accessibilityIncrement()
        #expect(slider.accessibilityValue == "60 %")
        slider.accessibilityDecrement()
        slider.accessibilityDecrement()
        #expect(slider.accessibilityValue == "40 %")
        #expect(changes == 3)
        #expect(!slider.accessibilityActivate(), "a slider has no action of its own")
    }

    @Test func aSwitchSaysOnOrOffAndActivatingTogglesIt() {
        let toggle = Switch(frame: .zero)
        var changes = 0
        toggle.addAction({ _ in changes += 1 }, for: .valueChanged)
        #expect(toggle.accessibilityValue == "off")
        #expect(toggle.accessibilityTraits.contains(.toggleButton))
        #expect(toggle.accessibilityActivate())
        #expect(toggle.isOn && toggle.accessibilityValue == "on" && changes == 1)
    }

    @Test func aStepperSegmentsAndPageControlStepWithinTheirRange() {
        let stepper = Stepper(frame: .zero)
        stepper.maximumValue = 2
        stepper.accessibilityIncrement()
        stepper.accessibilityIncrement()
        stepper.accessibilityIncrement()
        #expect(stepper.accessibilityValue == "2")
        let segments = SegmentedControl(frame: Rect(x: 0, y: 0, width: 300, height: 32))
        for (i, title) in ["Small", "Medium", "Large"].enumerated() { segments.insertSegment(withTitle: title, at: i) }
        segments.selectedSegmentIndex = 0
        segments.setEnabled(false, forSegmentAt: 1)
        segments.accessibilityIncrement()
        #expect(segments.accessibilityValue == "Large", "a disabled segment is skipped")
        segments.accessibilityIncrement()
        #expect(segments.selectedSegmentIndex == 2)
        let pages = PageControl(frame: .zero)
        pages.numberOfPages = 3
        pages.accessibilityIncrement()
        #expect(pages.accessibilityValue == "page 2 of 3")
    }

    @Test func labelsAreStaticTextAndANavigationTitleIsAHeader() {
        let h = Harness()
        let root = ViewController()
        root.title = "Rooms"
        let navigation = h.navigation(root: root)
        let title = navigation.navigationBar.titleLabel
        #expect(title.accessibilityLabel == "Rooms")
        #expect(title.accessibilityTraits == [.staticText, .header])
        #expect(!title.canBecomeFocused)
        let empty = Label(frame: .zero)
        #expect(!empty.isAccessibilityElement, "a label without text is not read")
    }

    @Test func theReadingOrderRunsByLinesTopToBottomAndLeadingToTrailing() {
        let h = Harness()
        // A line whose second view starts a little lower is still one line.
        let a = button("A", Rect(x: 10, y: 10, width: 100, height: 40))
        let b = button("B", Rect(x: 200, y: 14, width: 100, height: 40))
        let c = button("C", Rect(x: 10, y: 100, width: 100, height: 40))
        let box = View(frame: Rect(x: 200, y: 90, width: 300, height: 200))
        let d = button("D", Rect(x: 0, y: 60, width: 100, height: 40))
        let e = button("E", Rect(x: 0, y: 0, width: 100, height: 40))
        box.addSubview(d)
        box.addSubview(e)
        for v in [c, box, b, a] { h.window.addSubview(v) }
        let hidden = button("hidden", Rect(x: 0, y: 0, width: 10, height: 10))
        hidden.isHidden = true
        h.window.addSubview(hidden)
        let labels = { h.window.accessibilityElementsInReadingOrder().compactMap(\.accessibilityLabel) }
        #expect(labels() == ["A", "B", "C", "E", "D"])
        h.app.userInterfaceLayoutDirection = .rightToLeft
        #expect(labels() == ["B", "A", "E", "D", "C"])
        box.semanticContentAttribute = .forceLeftToRight
        h.app.userInterfaceLayoutDirection = .leftToRight
        box.accessibilityElements = [d, e]
        #expect(labels() == ["A", "B", "C", "D", "E"], "a container's own list keeps its order")
        box.accessibilityElementsHidden = true
        #expect(labels() == ["A", "B", "C"])
    }

    @Test func anElementAtAPointIsTheSmallestContainingIt() {
        let h = Harness()
        let cellLike = View(frame: Rect(x: 100, y: 100, width: 300, height: 100))
        cellLike.isAccessibilityElement = true
        cellLike.accessibilityLabel = "row"
        h.window.addSubview(cellLike)
        let inner = button("inner", Rect(x: 120, y: 120, width: 40, height: 40))
        h.window.addSubview(inner)
        #expect(h.window.accessibilityElement(atScreenPoint: Point(x: 130, y: 130))?.accessibilityLabel == "inner")
        #expect(h.window.accessibilityElement(atScreenPoint: Point(x: 300, y: 130))?.accessibilityLabel == "row")
        #expect(h.window.accessibilityElement(atScreenPoint: Point(x: 700, y: 400)) == nil)
        // Frames are in screen points: a moved window moves them.
        #expect(inner.accessibilityFrame == Rect(x: 120, y: 120, width: 40, height: 40))
    }

    @Test func anAlertIsModalItsButtonsAreTheOnlyElements() {
        let h = Harness()
        let root = ViewController()
        h.window.rootViewController = root
        root.view.addSubview(button("Behind", Rect(x: 10, y: 10, width: 100, height: 40)))
        h.advance(by: 0.1)
        let alert = AlertController(title: "Check in?", message: "Room 4", preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction(title: "OK"))
        root.present(alert, animated: false)
        h.advance(by: 0.5)
        #expect(alert.view.accessibilityViewIsModal)
        let labels = h.window.accessibilityElementsInReadingOrder().compactMap(\.accessibilityLabel)
        #expect(labels == ["Check in?", "Room 4", "Cancel", "OK"])
    }

    @Test func tabBarItemsAreButtonsAndActivatingOneSelectsIt() {
        let h = Harness()
        let first = ViewController(), second = ViewController()
        first.title = "Home"
        second.title = "Basket"
        let tabs = TabBarController()
        tabs.viewControllers = [first, second]
        h.window.rootViewController = tabs
        h.advance(by: 0.1)
        let items = h.window.accessibilityElementsInReadingOrder().filter { $0 is TabBarItemElement }
        #expect(items.map(\.accessibilityLabel) == ["Home", "Basket"])
        #expect(items[0].accessibilityTraits == [.button, .selected])
        #expect(items[1].accessibilityFrame.minX == 400 && items[1].accessibilityFrame.maxY == 480)
        #expect(items[1].accessibilityActivate())
        #expect(tabs.selectedIndex == 1)
        #expect(items[1].accessibilityTraits == [.button, .selected])
        #expect(h.window.accessibilityElementsInReadingOrder().filter { $0 is TabBarItemElement }.count == 2)
    }

    @Test func aCellIsReadAsItsTextAndActivatingItSelectsTheRow() {
        let h = Harness()
        let rows = Rows([5])
        let table = makeTable(rows)
        h.window.addSubview(table)
        h.advance(by: 0.1)
        let elements = h.window.accessibilityElementsInReadingOrder()
        #expect(elements.count == 5 && elements.allSatisfy { $0 is TableViewCell })
        let third = elements[2]
        #expect(third.accessibilityTraits == .button)
        #expect(third.accessibilityActivate())
        #expect(rows.selected == [ItemPath(row: 2, section: 0)])
        #expect(third.accessibilityTraits == [.button, .selected])
    }

    @Test func aPickerWheelIsAdjustableAndSaysItsRow() {
        let h = Harness()
        let source = WheelSource()
        let picker = PickerView(frame: Rect(x: 0, y: 0, width: 300, height: 216))
        picker.dataSource = source
        picker.delegate = source
        h.window.addSubview(picker)
        h.advance(by: 0.1)
        let wheels = h.window.accessibilityElementsInReadingOrder()
        #expect(wheels.count == 2)
        #expect(wheels[0].accessibilityValue == "c0 r0")
        wheels[1].accessibilityIncrement()
        #expect(picker.selectedRow(inComponent: 1) == 1)
        #expect(source.selected == ["1:1"])
        #expect(wheels[1].accessibilityValue == "c1 r1")
    }

    @Test func announcementsReachTheObserverAndCostNothingWithout() {
        let h = Harness()
        Accessibility.post(notification: .announcement, argument: "Card accepted")
        #expect(h.app.accessibilityCenter == nil, "no observer: nothing is made")
        let observer = RecordingObserver()
        h.app.accessibilityObserver = observer
        Accessibility.post(notification: .announcement, argument: "Card accepted")
        Accessibility.post(notification: .announcement, argument: 42)
        Accessibility.post(notification: .screenChanged, argument: nil)
        #expect(observer.log == ["say Card accepted", "screen nil"])
    }

    @Test func languageAndLayoutDirectionAreInheritedFromContainers() {
        let outer = View(frame: .zero)
        outer.accessibilityLanguage = "fr"
        outer.semanticContentAttribute = .forceRightToLeft
        let inner = Label(frame: .zero)
        outer.addSubview(inner)
        #expect(inner.resolvedAccessibilityLanguage == "fr")
        #expect(inner.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        inner.accessibilityLanguage = "zh-Hans"
        #expect(inner.resolvedAccessibilityLanguage == "zh-Hans")
    }
}

@MainActor
final class WheelSource: PickerViewDataSource, PickerViewDelegate {
    var selected: [String] = []
    func numberOfComponents(in pickerView: PickerView) -> Int { 2 }
    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { 5 }
    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        "c\(component) r\(row)"
    }
    func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
        selected.append("\(component):\(row)")
    }
}
