import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

@MainActor
@Suite struct PresentationStyleTests {
    @Test func aFormSheetIsCentredOverADimmedPresenterOnALargeScreen() {
        let h = Harness(width: 1024, height: 768)
        let root = ViewController()
        h.window.rootViewController = root
        h.advance(by: 0.1)
        let sheet = ViewController()
        sheet.modalPresentationStyle = .formSheet
        root.present(sheet, animated: true)
        h.advance(by: 1)
        #expect(sheet.view.frame == Rect(x: 242, y: 74, width: 540, height: 620))
        #expect(root.isVisible && root.view.window === h.window, "the presenter stays, dimmed")
        let dimming = sheet.presentationDimmingView
        #expect(dimming?.frame == h.window.bounds && dimming?.window === h.window)
        // A tap on the dimmed area reaches neither the sheet nor the presenter's view.
        #expect(h.window.hitTest(Point(x: 10, y: 10), with: nil) === dimming)
        sheet.preferredContentSize = Size(width: 300, height: 200)
        root.dismiss(animated: true)
        h.advance(by: 1)
        #expect(sheet.view.window == nil && dimming?.window == nil && root.isVisible)
        root.present(sheet, animated: false)
        #expect(sheet.view.frame == Rect(x: 362, y: 284, width: 300, height: 200), "preferredContentSize is honoured")
    }

    @Test func dismissingASheetCoveredByAFullScreenPresentationTakesItsDimmingAway() {
        let h = Harness(width: 1024, height: 768)
        let root = ViewController()
        h.window.rootViewController = root
        h.advance(by: 0.1)
        let sheet = ViewController()
        sheet.modalPresentationStyle = .formSheet
        root.present(sheet, animated: false)
        let cover = ViewController()
        sheet.present(cover, animated: false)
        #expect(sheet.view.window == nil && cover.view.window === h.window)
        root.dismiss(animated: true)
        h.advance(by: 1)
        #expect(h.window.subviews.count == 1 && h.window.subviews.first === root.view)
        #expect(h.window.hitTest(Point(x: 10, y: 10), with: nil) === root.view)
    }

    @Test func aFormSheetIsFullScreenOnANarrowScreen() {
        let h = Harness(width: 480, height: 800)
        let root = ViewController()
        h.window.rootViewController = root
        h.advance(by: 0.1)
        let sheet = ViewController()
        sheet.modalPresentationStyle = .formSheet
        root.present(sheet, animated: false)
        h.advance(by: 0.1)
        #expect(sheet.view.frame == h.window.bounds && sheet.presentationDimmingView == nil)
        #expect(!root.isVisible && root.view.window == nil)
    }

    @Test func aFormSheetFitsAShortScreen() {
        #expect(ViewController.formSheetFrame(for: .zero, in: Rect(x: 0, y: 0, width: 800, height: 480))
                == Rect(x: 130, y: 20, width: 540, height: 440))
    }

    @Test func aCrossDissolveFadesInAndOut() {
        let h = Harness()
        let root = ViewController()
        h.window.rootViewController = root
        h.advance(by: 0.1)
        let faded = ViewController()
        faded.modalTransitionStyle = .crossDissolve
        var arrived = false
        root.present(faded, animated: true) { arrived = true }
        #expect(faded.view.frame == h.window.bounds)
        h.advance(by: ViewController.transitionDuration / 2)
        let alpha = faded.view.presentation?.alpha ?? -1
        #expect(alpha > 0 && alpha < 1)
        #expect(faded.view.presentation?.center == nil || faded.view.presentation?.animates(.center) == false,
                "it does not move")
        h.advance(by: ViewController.transitionDuration)
        #expect(arrived && faded.view.alpha == 1 && !root.isVisible)
        root.dismiss(animated: true)
        h.advance(by: ViewController.transitionDuration / 2)
        let leaving = faded.view.presentation?.alpha ?? -1
        #expect(leaving > 0 && leaving < 1)
        h.advance(by: ViewController.transitionDuration)
        #expect(faded.view.window == nil && faded.view.alpha == 1 && root.isVisible)
    }

    @Test func aChildsPresentedControllerIsItsAncestors() {
        let h = Harness()
        let top = ViewController()
        let navigation = h.navigation(root: top)
        let detail = ViewController()
        top.present(detail, animated: false)
        #expect(navigation.presentedViewController === detail && top.presentedViewController === detail)
        #expect(detail.presentingViewController === navigation)
        top.dismiss(animated: false)
        #expect(navigation.presentedViewController == nil && top.isVisible)
    }
}
