import Testing
import Vitrine
import VitrineGraphics

/// A picture of a list: a pinned section header over subtitle rows with pictures, a selected
/// row and separators, scrolled so that the first header is pinned over its rows.
@MainActor
struct ListGoldenTests {
    final class Rooms: TableViewDataSource, TableViewDelegate {
        let names = [["Atrium", "Boardroom", "Cedar"], ["Library", "Studio", "Terrace", "Vault"]]
        let picture: Image = {
            let surface = Surface(width: 40, height: 40, format: .argb8888)
            let context = GraphicsContext(surface: surface)
            context.drawLinearGradient(Gradient(colors: [Color(rgb: 0x8FB9A8), Color(rgb: 0x2E5E4E)]),
                                       start: Point(x: 0, y: 0), end: Point(x: 0, y: 40))
            return Image(surface: surface)
        }()
        func numberOfSections(in tableView: TableView) -> Int { names.count }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { names[section].count }
        func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
            section == 0 ? "Ground floor" : "First floor"
        }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: ItemPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "room", for: indexPath)
            cell.textLabel.text = names[indexPath.section][indexPath.row]
            cell.detailTextLabel.text = indexPath.row % 2 == 0 ? "Free" : "Busy until 11:00"
            cell.imageView.image = picture
            return cell
        }
    }

    @Test func aListWithSectionsPicturesAndASelection() {
        let rooms = Rooms()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 300, height: 260), style: .plain)
        table.rowHeight = 56
        table.register(TableViewCell.self, forCellReuseIdentifier: "room")
        table.dataSource = rooms
        table.delegate = rooms
        table.layoutIfNeeded()
        table.selectRow(at: ItemPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        table.contentOffset = Point(x: 0, y: 40)  // the first header pinned over the rows
        table.layoutIfNeeded()
        withExtendedLifetime(rooms) {
            expectGolden(table.snapshot(scale: 1), "list-sections")
        }
    }
}
