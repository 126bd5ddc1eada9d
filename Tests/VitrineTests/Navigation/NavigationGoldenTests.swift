import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// Pictures of a navigation bar, a tab bar, an alert and an action sheet, compared with
/// references under Tests/VitrineTests/Goldens (`VITRINE_RECORD_GOLDENS=1` records them).
@MainActor
@Suite struct NavigationGoldenTests {
    /// A plain content screen: a paper background with a line of text.
    func content(_ text: String) -> ViewController {
        let controller = ViewController()
        controller.title = text
        let label = Label(frame: Rect(x: 20, y: 20, width: 360, height: 30))
        label.text = "The \(text) screen"
        label.textColor = Color(rgb: 0x1B2A41)
        controller.view.backgroundColor = Color(rgb: 0xF4F1EA)
        controller.view.addSubview(label)
        return controller
    }

    @Test func aNavigationBarWithTitleBackButtonAndRightItem() {
        let h = Harness(width: 480, height: 160)
        let navigation = h.navigation(root: content("Welcome"))
        let detail = content("Room 4")
        detail.navigationItem.rightBarButtonItems = [BarButtonItem(title: "Done", style: .done), BarButtonItem(title: "Edit")]
        navigation.pushViewController(detail, animated: false)
        h.settle()
        expectGolden(h.display.shownBuffer!, "navigation-bar")
    }

    @Test func aTabBarWithTheMiddleItemSelected() {
        let h = Harness(width: 480, height: 160)
        let tabs = TabBarController()
        let icon = Surface(width: 24, height: 24, format: .argb8888)
        let context = GraphicsContext(surface: icon)
        context.fillColor = Color(rgb: 0x5B6B82)
        context.fillEllipse(in: Rect(x: 2, y: 2, width: 20, height: 20))
        let controllers = [content("Rooms"), content("Map"), content("Help")]
        controllers[0].tabBarItem.image = Image(surface: icon)
        tabs.viewControllers = controllers
        tabs.selectedIndex = 1
        h.window.rootViewController = tabs
        h.settle()
        expectGolden(h.display.shownBuffer!, "tab-bar")
    }

    @Test func anAlert() {
        let h = Harness(width: 480, height: 320)
        let root = content("Welcome")
        h.window.rootViewController = root
        let alert = AlertController(title: "Check in?", message: "Room 4, two nights, from today.", preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction(title: "Check in"))
        root.present(alert, animated: false)
        h.settle()
        expectGolden(h.display.shownBuffer!, "alert")
    }

    @Test func anAlertWithTextFields() {
        // With the on-screen keyboard up (its rows follow the screen's height), the box above it.
        let h = Harness(width: 800, height: 600)
        let root = content("Welcome")
        h.window.rootViewController = root
        let alert = AlertController(title: "Check in", message: "Your name and e-mail.", preferredStyle: .alert)
        alert.addTextField { $0.placeholder = "Name" }
        alert.addTextField { $0.placeholder = "E-mail" }
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction(title: "OK"))
        root.present(alert, animated: false)
        h.settle()
        h.advance(by: 1)
        alert.textFields?[0].insertText("Ada")
        h.settle()
        expectGolden(h.display.shownBuffer!, "alert-text-fields")
    }

    @Test func anActionSheet() {
        let h = Harness(width: 480, height: 360)
        let root = content("Welcome")
        h.window.rootViewController = root
        let sheet = AlertController(title: "Language", message: "The kiosk speaks it from now on.", preferredStyle: .actionSheet)
        sheet.addAction(AlertAction(title: "English"))
        sheet.addAction(AlertAction(title: "Forget my booking", style: .destructive))
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
        root.present(sheet, animated: false)
        h.settle()
        expectGolden(h.display.shownBuffer!, "action-sheet")
    }
}
