import Vitrine
import VitrineGraphics

/// The toolkit's components the demo does not show, on one screen the hostile stream pushes
/// onto the demo's navigation controller (as the settings are pushed: the bar's back button and
/// the edge swipe take it away): a picker of two wheels, a date picker, a grid and a stepper.
/// The demo has no picker, and the stream must spin one (issue 35). What the user did with
/// them is counted in `tally`, only from their delegates and actions (never set by the stream).
@MainActor
final class HostileWorkbench: ViewController, PickerViewDataSource, PickerViewDelegate, CollectionViewDataSource,
    CollectionViewDelegate {
    let picker = PickerView(frame: .zero)
    let datePicker = DatePicker(frame: .zero)
    let grid = CollectionView(frame: .zero)
    let stepper = Stepper(frame: .zero)
    let tally: Tally

    /// What users did with the workbenches of one run.
    @MainActor final class Tally {
        /// Rows a finger brought a wheel of the picker to rest on (`didSelectRow`).
        var pickerSelections = 0
        /// Values a finger chose on the date picker (`.valueChanged`).
        var dateChanges = 0
        /// Items a finger selected in the grid.
        var gridSelections = 0
        /// Drags of the grid a finger began.
        var gridDrags = 0
        /// Steps the stepper took.
        var stepperChanges = 0
    }

    init(tally: Tally) {
        self.tally = tally
        super.init()
    }

    override func viewDidLoad() {
        view.backgroundColor = .white
        picker.dataSource = self
        picker.delegate = self
        // A fixed date, so the wheels show the same days on every run.
        datePicker.date = DateTime(secondsSince1970: 1_700_000_000)
        datePicker.addAction({ [tally] _ in tally.dateChanges += 1 }, for: .valueChanged)
        stepper.addAction({ [tally] _ in tally.stepperChanges += 1 }, for: .valueChanged)
        grid.register(CollectionViewCell.self, forCellWithReuseIdentifier: "tile")
        grid.dataSource = self
        grid.delegate = self
        grid.layout.itemSize = Size(width: 64, height: 64)
        grid.backgroundColor = Color(white: 0.95)
        stepper.maximumValue = 10
        for part in [picker, datePicker, grid, stepper] as [View] { view.addSubview(part) }
    }

    /// Two columns on a wide screen (the pickers left, the grid right), one on a narrow one.
    override func viewDidLayoutSubviews() {
        let b = view.bounds
        if b.width >= 600 {
            let half = (b.width - 48) / 2
            picker.frame = Rect(x: 16, y: 16, width: half, height: max(0, b.height / 2 - 24))
            datePicker.frame = Rect(x: 16, y: b.height / 2, width: half, height: max(0, b.height / 2 - 64))
            stepper.frame = Rect(x: 16, y: b.height - 48, width: 94, height: 32)
            grid.frame = Rect(x: half + 32, y: 16, width: half, height: max(0, b.height - 32))
        } else {
            let quarter = max(0, (b.height - 80) / 4)
            picker.frame = Rect(x: 16, y: 16, width: b.width - 32, height: quarter)
            datePicker.frame = Rect(x: 16, y: 24 + quarter, width: b.width - 32, height: quarter)
            grid.frame = Rect(x: 16, y: 32 + 2 * quarter, width: b.width - 32, height: quarter * 2 - 16)
            stepper.frame = Rect(x: 16, y: b.height - 40, width: 94, height: 32)
        }
    }

    // MARK: The picker

    func numberOfComponents(in pickerView: PickerView) -> Int { 2 }
    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { component == 0 ? 100 : 24 }
    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        component == 0 ? "Row \(row)" : "\(row):00"
    }
    func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) { tally.pickerSelections += 1 }

    // MARK: The grid

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 300 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
        cell.contentView.backgroundColor = Color(white: 0.3 + Double(indexPath.item % 7) * 0.08)
        return cell
    }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath) { tally.gridSelections += 1 }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { tally.gridDrags += 1 }
}
