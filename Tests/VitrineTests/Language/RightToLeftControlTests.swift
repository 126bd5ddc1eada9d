import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Every control mirrored in right to left, as UIKit's: pictures of each (Arabic and Hebrew
/// where there is text) and what a finger or a key does on the mirrored control. Each test
/// sets its own application's direction and puts it back, so a later test that draws a view
/// outside a window (which reads the most recent application's direction) stays left to right.
@MainActor
struct RightToLeftControlTests {
    /// A harness whose application runs right to left.
    static func rightToLeftHarness(width: Int = 800, height: Int = 480) -> Harness {
        let h = Harness(width: width, height: height)
        h.app.userInterfaceLayoutDirection = .rightToLeft
        h.window.backgroundColor = .white
        return h
    }

    /// An arrow pointing right (a "forward" chevron's meaning): red stem, blue head, so a
    /// mirrored one is told apart in pixels.
    static func arrow(size: Int = 24) -> Image {
        let surface = Surface(width: size, height: size, format: .argb8888)
        let context = GraphicsContext(surface: surface)
        let s = Double(size)
        context.fillColor = Color(red: 0.85, green: 0.2, blue: 0.2)
        context.fill(Rect(x: 2, y: s * 0.4, width: s * 0.5, height: s * 0.2))
        context.fillColor = Color(red: 0.15, green: 0.35, blue: 0.9)
        var head = Path()
        head.move(to: Point(x: s * 0.5, y: 2))
        head.addLine(to: Point(x: s - 2, y: s / 2))
        head.addLine(to: Point(x: s * 0.5, y: s - 2))
        head.closeSubpath()
        context.fill(head)
        return Image(surface: surface)
    }

    /// A small dot for the slider's value images.
    static func dot(_ color: Color) -> Image {
        let surface = Surface(width: 16, height: 16, format: .argb8888)
        let context = GraphicsContext(surface: surface)
        context.fillColor = color
        context.fillEllipse(in: Rect(x: 2, y: 2, width: 12, height: 12))
        return Image(surface: surface)
    }

    // MARK: Pictures

    /// Switch, slider (with value images), stepper, segmented control, page control, progress
    /// view, activity indicator, buttons and image views, each in two or three states.
    @Test func theControlsMirrored() {
        let h = Self.rightToLeftHarness(width: 640, height: 420)
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let root = h.window
        func at(_ x: Double, _ row: Int, _ width: Double, _ height: Double) -> Rect {
            Rect(x: x, y: 12 + Double(row) * 56 + (40 - height) / 2, width: width, height: height)
        }
        let off = Switch(frame: at(12, 0, 51, 31))
        let on = Switch(frame: at(92, 0, 51, 31))
        on.isOn = true
        let disabledOn = Switch(frame: at(172, 0, 51, 31))
        disabledOn.isOn = true
        disabledOn.isEnabled = false
        let spinner = ActivityIndicatorView(style: .medium)
        spinner.hidesWhenStopped = false
        spinner.isHidden = false
        spinner.frame = at(252, 0, 40, 40)
        let bigSpinner = ActivityIndicatorView(style: .large)
        bigSpinner.hidesWhenStopped = false
        bigSpinner.isHidden = false
        bigSpinner.frame = at(312, 0, 40, 40)

        let plain = Slider(frame: at(12, 1, 180, 31))
        plain.value = 0.25
        let imaged = Slider(frame: at(212, 1, 200, 31))
        imaged.value = 0.25
        imaged.minimumValueImage = Self.dot(Color(white: 0.7))
        imaged.maximumValueImage = Self.arrow(size: 16).imageFlippedForRightToLeftLayoutDirection()
        let disabledSlider = Slider(frame: at(432, 1, 180, 31))
        disabledSlider.value = 0.8
        disabledSlider.isEnabled = false

        let stepper = Stepper(frame: at(12, 2, 94, 32))
        stepper.value = 1
        let atMaximum = Stepper(frame: at(132, 2, 94, 32))
        atMaximum.value = 100
        let atMinimum = Stepper(frame: at(252, 2, 94, 32))
        atMinimum.value = 0

        let segments = SegmentedControl(items: ["واحد", "اثنان", "ثلاثة"])
        segments.frame = at(12, 3, 240, 32)
        segments.selectedSegmentIndex = 0
        let lastSelected = SegmentedControl(items: ["אחת", "שתיים", "שלוש"])
        lastSelected.frame = at(272, 3, 240, 32)
        lastSelected.selectedSegmentIndex = 2

        let pages = PageControl(frame: at(12, 4, 140, 26))
        pages.numberOfPages = 5
        pages.currentPage = 0
        let lastPage = PageControl(frame: at(172, 4, 140, 26))
        lastPage.numberOfPages = 5
        lastPage.currentPage = 3

        let progress = ProgressView(frame: at(12, 5, 180, 4))
        progress.progress = 0.35
        let moreProgress = ProgressView(frame: at(212, 5, 180, 4))
        moreProgress.progress = 0.7

        let next = Button(frame: at(12, 6, 150, 40))
        next.setTitle("التالي", for: .normal)
        next.setImage(Self.arrow().imageFlippedForRightToLeftLayoutDirection(), for: .normal)
        next.setBackgroundColor(Color(white: 0.9), for: .normal)
        next.setTitleColor(.black, for: .normal)
        next.cornerRadius = 8
        let leading = Button(frame: at(182, 6, 180, 40))
        leading.setTitle("تم", for: .normal)
        leading.setBackgroundColor(next.tintColor, for: .normal)
        leading.contentHorizontalAlignment = .leading
        leading.cornerRadius = 8
        let flipped = ImageView(image: Self.arrow().imageFlippedForRightToLeftLayoutDirection())
        flipped.frame = at(392, 6, 24, 24)
        let unflagged = ImageView(image: Self.arrow())
        unflagged.frame = at(432, 6, 24, 24)

        let views: [View] = [off, on, disabledOn, spinner, bigSpinner, plain, imaged, disabledSlider, stepper, atMaximum,
                             atMinimum, segments, lastSelected, pages, lastPage, progress, moreProgress, next, leading,
                             flipped, unflagged]
        for view in views { root.addSubview(view) }
        h.settleControls()
        expectGolden(h.display.shownBuffer!, "rtl-controls")
    }

    /// Labels (Arabic, English and digits under `.natural`), text fields (text and the clear
    /// button, a placeholder, digits) and a text view in Hebrew.
    @Test func textMirrored() {
        let h = Self.rightToLeftHarness(width: 640, height: 300)
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let root = h.window
        func framed(_ view: View, _ frame: Rect) {
            view.frame = frame
            view.borderColor = Color(white: 0.8)
            view.borderWidth = 1
            root.addSubview(view)
        }
        let arabic = Label()
        arabic.text = "مرحباً بكم في المطار"
        framed(arabic, Rect(x: 12, y: 12, width: 300, height: 30))
        let english = Label()
        english.text = "Gate 12"
        framed(english, Rect(x: 12, y: 52, width: 300, height: 30))
        let digits = Label()
        digits.text = "42 %"
        framed(digits, Rect(x: 12, y: 92, width: 300, height: 30))

        let field = TextField()
        field.text = "رحلة ٣٤٥"
        field.clearButtonMode = .always
        framed(field, Rect(x: 328, y: 12, width: 300, height: 36))
        let placeholder = TextField()
        placeholder.placeholder = "ابحث عن رحلة"
        framed(placeholder, Rect(x: 328, y: 58, width: 300, height: 36))
        let number = TextField()
        number.text = "12:30"
        framed(number, Rect(x: 328, y: 104, width: 300, height: 36))

        let textView = TextView()
        textView.text = "שלום! ברוכים הבאים לתחנה המרכזית.\nהרכבת הבאה יוצאת בעוד 5 דקות."
        framed(textView, Rect(x: 12, y: 150, width: 616, height: 130))
        h.settleControls()
        expectGolden(h.display.shownBuffer!, "rtl-controls-text")
    }

    /// A three-component picker (component 0 at the right) and an Arabic date picker (day,
    /// month, year from the right).
    @Test func pickersMirrored() {
        let h = Self.rightToLeftHarness(width: 700, height: 236)
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let source = Wheels()
        let picker = PickerView(frame: Rect(x: 10, y: 10, width: 300, height: 216))
        picker.dataSource = source
        picker.delegate = source
        h.window.addSubview(picker)
        picker.selectRow(2, inComponent: 0, animated: false)
        picker.selectRow(4, inComponent: 1, animated: false)
        let date = DatePicker(frame: Rect(x: 330, y: 10, width: 360, height: 216))
        date.timeZone = .utc
        date.locale = DateLocale(identifier: "ar")!
        date.datePickerMode = .date
        date.date = DateTime(year: 2024, month: 2, day: 29, hour: 0, minute: 0, second: 0, in: .utc)
        h.window.addSubview(date)
        h.settleControls()
        expectGolden(h.display.shownBuffer!, "rtl-controls-pickers")
    }

    /// Component 0: Arabic words; 1: numbers; 2: Latin letters.
    final class Wheels: PickerViewDataSource, PickerViewDelegate {
        static let words = ["صفر", "واحد", "اثنان", "ثلاثة", "أربعة", "خمسة", "ستة", "سبعة"]
        func numberOfComponents(in pickerView: PickerView) -> Int { 3 }
        func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { 8 }
        func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
            switch component {
            case 0: Self.words[row]
            case 1: "\(row * 10)"
            default: String(UnicodeScalar(UInt8(65 + row)))
            }
        }
    }

    // MARK: Behaviour

    @Test func aDragToTheLeftRaisesASlider() {
        let h = Self.rightToLeftHarness()
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let slider = Slider(frame: Rect(x: 100, y: 100, width: 200, height: 31))
        slider.value = 0.25
        h.window.addSubview(slider)
        let events = ControlEventLog(observing: slider)
        // The thumb sits a quarter of the way from the right end: 172 points of travel.
        let thumb = slider.thumbRect(forBounds: slider.bounds, trackRect: slider.trackRect(forBounds: slider.bounds), value: 0.25)
        #expect(thumb.maxX == 200 - 43)
        h.down(0, at: Point(x: 100 + thumb.midX, y: 115))
        h.move(0, to: Point(x: 100 + thumb.midX - 43, y: 115))
        #expect(abs(slider.value - 0.5) < 1e-9)
        h.move(0, to: Point(x: 0, y: 115))
        #expect(slider.value == 1)
        h.move(0, to: Point(x: 400, y: 115))
        #expect(slider.value == 0)
        h.up(0)
        #expect(events.names.contains("valueChanged"))
    }

    @Test func aSliderMirrorsWhenTheDirectionChangesWhileShown() {
        let h = Harness()
        let slider = Slider(frame: Rect(x: 100, y: 100, width: 200, height: 31))
        slider.value = 0
        h.window.addSubview(slider)
        h.settleControls()
        let track = slider.trackRect(forBounds: slider.bounds)
        #expect(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 0).minX == 0)
        h.app.userInterfaceLayoutDirection = .rightToLeft
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        #expect(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 0).maxX == 200)
        // The change asks for a redraw: the next frame shows the thumb at the right.
        #expect(h.app.hasPendingCommit)
    }

    @Test func theRightHalfOfAStepperDecrements() {
        let h = Self.rightToLeftHarness()
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let stepper = Stepper(frame: Rect(x: 100, y: 100, width: 94, height: 32))
        stepper.value = 5
        h.window.addSubview(stepper)
        h.tap(at: Point(x: 180, y: 116))
        #expect(stepper.value == 4)
        h.tap(at: Point(x: 110, y: 116))
        h.tap(at: Point(x: 110, y: 116))
        #expect(stepper.value == 6)
    }

    @Test func segmentZeroIsAtTheRight() {
        let h = Self.rightToLeftHarness()
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let segments = SegmentedControl(items: ["א", "ב", "ג"])
        segments.frame = Rect(x: 100, y: 100, width: 300, height: 32)
        h.window.addSubview(segments)
        #expect(segments.segmentIndex(atX: 290) == 0 && segments.segmentIndex(atX: 10) == 2)
        #expect(segments.rectForSegment(at: 0) == Rect(x: 200, y: 0, width: 100, height: 32))
        h.tap(at: Point(x: 390, y: 116))
        #expect(segments.selectedSegmentIndex == 0)
        h.tap(at: Point(x: 110, y: 116))
        #expect(segments.selectedSegmentIndex == 2)
    }

    @Test func theLeftArrowRaisesAnEngagedSlider() {
        let h = Self.rightToLeftHarness()
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let slider = Slider(frame: Rect(x: 100, y: 200, width: 300, height: 31))
        slider.value = 0.5
        h.window.addSubview(slider)
        h.advance(by: 0.1)
        h.press(FKey.tab)
        #expect(h.app.focusedView === slider)
        h.press(FKey.enter)
        h.press(FKey.left)
        #expect(slider.accessibilityValue == "60 %")
        h.press(FKey.right)
        h.press(FKey.right)
        #expect(slider.accessibilityValue == "40 %")
    }

    @Test func aSwitchTogglesAndADragLeftTurnsItOn() {
        let h = Self.rightToLeftHarness()
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let toggle = Switch(frame: Rect(x: 100, y: 100, width: 51, height: 31))
        h.window.addSubview(toggle)
        h.tap(at: Point(x: 125, y: 115))
        #expect(toggle.isOn)
        h.tap(at: Point(x: 125, y: 115))
        #expect(!toggle.isOn)
        h.down(0, at: Point(x: 140, y: 115))
        h.move(0, to: Point(x: 120, y: 115))
        h.move(0, to: Point(x: 100, y: 115))
        h.up(0)
        #expect(toggle.isOn)
        h.down(0, at: Point(x: 110, y: 115))
        h.move(0, to: Point(x: 130, y: 115))
        h.move(0, to: Point(x: 150, y: 115))
        h.up(0)
        #expect(!toggle.isOn)
    }

    @Test func aTapOnTheLeftOfAPageControlGoesForward() {
        let h = Self.rightToLeftHarness()
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let pages = PageControl(frame: Rect(x: 100, y: 100, width: 200, height: 26))
        pages.numberOfPages = 5
        pages.currentPage = 1
        h.window.addSubview(pages)
        h.tap(at: Point(x: 120, y: 113))
        #expect(pages.currentPage == 2)
        h.tap(at: Point(x: 280, y: 113))
        h.tap(at: Point(x: 280, y: 113))
        #expect(pages.currentPage == 0)
    }

    @Test func arrowKeysMoveTheCaretTheWayTheTextLooks() {
        let h = Self.rightToLeftHarness()
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let field = h.addField()
        // Empty, the caret waits at the right, where Hebrew starts.
        #expect(field.becomeFirstResponder())
        let empty = field.caretRect(for: 0)
        #expect(empty.maxX > field.textRect(forBounds: field.bounds).maxX - 4)
        field.text = "שלום"
        field.selectedRange = 0..<0
        let start = field.caretRect(for: 0).minX
        h.press(Key.left)
        #expect(field.selectedRange == 1..<1)
        #expect(field.caretRect(for: 1).minX < start)
        h.press(Key.right)
        h.press(Key.right)
        #expect(field.selectedRange == 0..<0)
    }

    @Test func theClearButtonIsOnTheLeft() {
        let h = Self.rightToLeftHarness()
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let field = h.addField()
        field.text = "שלום"
        field.clearButtonMode = .always
        let button = field.clearButtonRect(forBounds: field.bounds)
        #expect(button.minX == field.textInsets.left)
        #expect(field.textRect(forBounds: field.bounds).minX > button.maxX)
        h.tap(at: Point(x: 20 + button.midX, y: 20 + button.midY))
        #expect(field.text.isEmpty)
    }

    /// UILabel's `.natural`: the leading edge of the label's direction, whatever the script.
    @Test func naturalTextAlignsWithTheView() {
        let h = Self.rightToLeftHarness()
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let digits = Label(frame: Rect(x: 0, y: 0, width: 300, height: 30))
        digits.text = "42"
        let english = Label(frame: Rect(x: 0, y: 40, width: 300, height: 30))
        english.text = "Gate"
        let arabic = Label(frame: Rect(x: 0, y: 80, width: 300, height: 30))
        arabic.text = "بوابة"
        for label in [digits, english, arabic] { h.window.addSubview(label) }
        #expect(abs(digits.textLayout!.lines[0].rect.maxX - 300) < 0.01)
        #expect(abs(english.textLayout!.lines[0].rect.maxX - 300) < 0.01, "English at the right in a right-to-left screen")
        #expect(abs(arabic.textLayout!.lines[0].rect.maxX - 300) < 0.01)
        for label in [digits, english, arabic] { label.semanticContentAttribute = .forceLeftToRight }
        #expect(digits.textLayout!.lines[0].rect.minX == 0)
        #expect(english.textLayout!.lines[0].rect.minX == 0)
        #expect(arabic.textLayout!.lines[0].rect.minX == 0, "Arabic at the left in a left-to-right label")
        #expect(arabic.textLayout!.lines[0].isRightToLeft, "it still runs right to left")
        // An explicit alignment holds either way.
        english.textAlignment = .right
        #expect(abs(english.textLayout!.lines[0].rect.maxX - 300) < 0.01)
    }

    @Test func onlyAFlaggedImageIsMirrored() {
        let h = Self.rightToLeftHarness()
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        #expect(!Self.arrow().flipsForRightToLeftLayoutDirection)
        #expect(Self.arrow().imageFlippedForRightToLeftLayoutDirection().flipsForRightToLeftLayoutDirection)
        /// The colour at the image's left end, middle row: red stem unmirrored, blue head mirrored.
        func leftIsHead(_ image: Image, forced: SemanticContentAttribute = .unspecified) -> Bool {
            let view = ImageView(image: image)
            view.semanticContentAttribute = forced
            h.window.addSubview(view)
            defer { view.removeFromSuperview() }
            let pixel = view.snapshot(scale: 1).color(x: 4, y: 12)
            return pixel.blue > pixel.red
        }
        #expect(leftIsHead(Self.arrow().imageFlippedForRightToLeftLayoutDirection()))
        #expect(!leftIsHead(Self.arrow()))
        #expect(!leftIsHead(Self.arrow().imageFlippedForRightToLeftLayoutDirection(), forced: .forceLeftToRight))
    }

    @Test func aButtonLeadsWithItsImageOnTheRight() {
        let h = Self.rightToLeftHarness()
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let button = Button(frame: Rect(x: 0, y: 0, width: 200, height: 40))
        button.setTitle("תם", for: .normal)
        button.setImage(Self.dot(.black), for: .normal)
        button.setTitleColor(.white, for: .normal)
        h.window.addSubview(button)
        #expect(button.effectiveContentHorizontalAlignment == .center)
        button.contentHorizontalAlignment = .leading
        #expect(button.effectiveContentHorizontalAlignment == .right)
        button.contentHorizontalAlignment = .trailing
        #expect(button.effectiveContentHorizontalAlignment == .left)
        button.contentHorizontalAlignment = .center
        // The black dot is right of the middle, the white title left of it: the image leads.
        let picture = button.snapshot(scale: 1)
        let dot = (0..<200).filter { x in
            let pixel = picture.color(x: x, y: 20)
            return pixel.alpha > 0.9 && pixel.red < 0.2
        }
        #expect(!dot.isEmpty && dot.allSatisfy { $0 > 100 })
    }

    @Test func aPickerPutsComponentZeroAtTheRight() {
        let h = Self.rightToLeftHarness()
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let source = Wheels()
        let picker = PickerView(frame: Rect(x: 0, y: 0, width: 304, height: 216))
        picker.dataSource = source
        picker.delegate = source
        h.window.addSubview(picker)
        h.settleControls()
        let first = picker.view(forRow: 0, forComponent: 0)!.convert(Point(x: 0, y: 0), to: picker)
        let last = picker.view(forRow: 0, forComponent: 2)!.convert(Point(x: 0, y: 0), to: picker)
        #expect(first.x > 200 && last.x < 100)
    }
}
