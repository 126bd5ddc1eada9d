import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

@MainActor
@Suite struct AlertControllerTests {
    func setUp() -> (Harness, ViewController, RecordingView) {
        let h = Harness()
        let root = ViewController()
        h.window.rootViewController = root
        let behind = RecordingView("behind", frame: h.window.bounds)
        root.view.addSubview(behind)
        h.advance(by: 0.1)
        return (h, root, behind)
    }

    @Test func anAlertBlocksTouchesBehindItAndItsActionFiresAfterDismissal() {
        let (h, root, behind) = setUp()
        var log: [String] = []
        let alert = AlertController(title: "Check in?", message: "Room 4, two nights.", preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel) { _ in log.append("cancel") })
        alert.addAction(AlertAction(title: "Check in") { action in
            log.append("\(action.title) presented: \(root.presentedViewController != nil)")
        })
        root.present(alert, animated: true)
        h.advance(by: 0.5)
        #expect(root.isVisible, "the presenter stays on screen under an alert")
        #expect(behind.window === h.window)
        // Far from the box, and right next to it: nothing reaches the view behind.
        h.tap(at: Point(x: 20, y: 20))
        h.tap(at: Point(x: 400, y: 60))
        #expect(behind.log.isEmpty)
        // Two actions side by side, cancel on the left.
        #expect(alert.actionButtons.map { $0.currentTitle } == ["Cancel", "Check in"])
        h.tap(at: h.centre(of: alert.actionButtons[1]))
        #expect(log.isEmpty, "the handler waits for the alert to be gone")
        h.advance(by: ViewController.transitionDuration / 2)
        #expect(log.isEmpty)
        h.advance(by: ViewController.transitionDuration)
        #expect(log == ["Check in presented: false"])
        #expect(alert.view.window == nil && root.presentedViewController == nil)
        // The screen behind takes touches again.
        h.tap(at: Point(x: 20, y: 20))
        #expect(behind.log == ["began 1", "ended 1"])
    }

    @Test func anAlertBlocksTouchesFromTheMomentItIsPresented() {
        let (h, root, behind) = setUp()
        let alert = AlertController(title: "Wait", message: nil, preferredStyle: .alert)
        alert.addAction(AlertAction(title: "OK"))
        root.present(alert, animated: true)
        // Still fading in.
        h.advance(by: 0.05)
        h.tap(at: Point(x: 20, y: 20))
        #expect(behind.log.isEmpty)
    }

    @Test func aFormSheetsDimmingBlocksTouchesWhileItArrives() {
        let h = Harness(width: 1024, height: 768)
        let root = ViewController()
        h.window.rootViewController = root
        let behind = RecordingView("behind", frame: h.window.bounds)
        root.view.addSubview(behind)
        h.advance(by: 0.1)
        let sheet = ViewController()
        sheet.modalPresentationStyle = .formSheet
        root.present(sheet, animated: true)
        h.advance(by: 0.05)
        h.tap(at: Point(x: 20, y: 20))
        #expect(behind.log.isEmpty)
    }

    @Test func aSecondTapDuringTheDismissalDoesNothing() {
        let (h, root, _) = setUp()
        var fired = 0
        let alert = AlertController(title: "Sure?", message: nil, preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Yes") { _ in fired += 1 })
        alert.addAction(AlertAction(title: "No", style: .destructive) { _ in fired += 10 })
        root.present(alert, animated: false)
        h.advance(by: 0.1)
        alert.userDidTap(alert.actions[0])
        alert.userDidTap(alert.actions[1])
        h.advance(by: 1)
        #expect(fired == 1)
    }

    @Test func aDisabledActionDoesNotDismiss() {
        let (h, root, _) = setUp()
        var fired = 0
        let alert = AlertController(title: "Pay", message: "Not yet", preferredStyle: .alert)
        let pay = AlertAction(title: "Pay") { _ in fired += 1 }
        pay.isEnabled = false
        alert.addAction(pay)
        root.present(alert, animated: false)
        h.advance(by: 0.1)
        h.tap(at: h.centre(of: alert.actionButtons[0]))
        h.advance(by: 1)
        #expect(fired == 0 && root.presentedViewController === alert)
    }

    @Test func anActionSheetPutsTheCancelActionApartAtTheBottom() {
        let (h, root, behind) = setUp()
        var chosen = ""
        let sheet = AlertController(title: nil, message: "Language", preferredStyle: .actionSheet)
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel) { _ in chosen = "cancel" })
        sheet.addAction(AlertAction(title: "English") { _ in chosen = "en" })
        sheet.addAction(AlertAction(title: "Русский") { _ in chosen = "ru" })
        sheet.addAction(AlertAction(title: "Leave", style: .cancel))
        #expect(sheet.actions.count == 3, "a second cancel action is dropped")
        root.present(sheet, animated: true)
        h.advance(by: 0.5)
        #expect(sheet.actionButtons.map { $0.currentTitle } == ["English", "Русский", "Cancel"])
        let cancel = sheet.actionButtons[2].convert(sheet.actionButtons[2].bounds, to: nil)
        let russian = sheet.actionButtons[1].convert(sheet.actionButtons[1].bounds, to: nil)
        #expect(cancel.maxY == 480 - 8 && cancel.minY > russian.maxY)
        h.tap(at: Point(x: 400, y: 40))
        #expect(behind.log.isEmpty && root.presentedViewController === sheet)
        h.tap(at: h.centre(of: sheet.actionButtons[1]))
        h.advance(by: 1)
        #expect(chosen == "ru")
    }

    @Test func anAlertsTextFieldsTakeTextAndTheHandlerReadsIt() {
        let (h, root, _) = setUp()
        let alert = AlertController(title: "Check in", message: "Your name and e-mail", preferredStyle: .alert)
        alert.addTextField { $0.placeholder = "Name" }
        alert.addTextField { field in
            field.placeholder = "E-mail"
            field.keyboardType = .emailAddress
        }
        var read: [String] = []
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction(title: "OK") { _ in read = alert.textFields?.map(\.text) ?? [] })
        #expect(alert.textFields?.map(\.placeholder) == ["Name", "E-mail"])
        root.present(alert, animated: true)
        h.advance(by: 0.5)
        let fields = alert.textFields ?? []
        #expect(fields.count == 2)
        #expect(fields.allSatisfy { $0.window === h.window && alert.contentView.bounds.contains($0.frame) })
        // Stacked under the message, above the actions.
        #expect(fields[0].frame.maxY <= fields[1].frame.minY)
        #expect(fields[1].frame.maxY <= alert.actionButtons[0].frame.minY)
        #expect(fields[0].isFirstResponder, "the first field takes the focus once the alert is on screen")
        h.advance(by: 0.5)  // the on-screen keyboard slides up, the box above it
        let keyboardTop = h.app.keyboard.shownFrame.minY
        #expect(alert.actionButtons.allSatisfy { $0.convert($0.bounds, to: nil).maxY <= keyboardTop + 8 },
                "the actions stay above the keyboard")
        fields[0].insertText("Ada Lovelace")
        h.tap(at: h.centre(of: fields[1]))
        #expect(fields[1].isFirstResponder)
        fields[1].insertText("ada@example.org")
        h.tap(at: h.centre(of: alert.actionButtons[1]))
        h.advance(by: 1)
        #expect(read == ["Ada Lovelace", "ada@example.org"])
        #expect(!fields[1].isFirstResponder, "editing ends when the alert goes")
        #expect(root.presentedViewController == nil)
    }

    @Test func anActionSheetHasNoTextFields() {
        let sheet = AlertController(title: "Language", message: nil, preferredStyle: .actionSheet)
        var configured = false
        sheet.addTextField { _ in configured = true }
        #expect(!configured && sheet.textFields == nil)
    }
}
