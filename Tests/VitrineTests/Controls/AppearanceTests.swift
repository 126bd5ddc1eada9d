import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// A view that counts its appearance callbacks.
@MainActor
final class AppearanceRecordingView: View {
    var tintChanges = 0
    var traitChanges: [UserInterfaceStyle?] = []
    override func tintColorDidChange() { tintChanges += 1 }
    override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        traitChanges.append(previousTraitCollection?.userInterfaceStyle)
    }
}

@MainActor
final class AppearanceRecordingController: ViewController {
    var traitChanges = 0
    override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) { traitChanges += 1 }
}

/// `tintColor` and the light/dark appearance, inherited down the tree as in UIKit.
@MainActor
struct AppearanceTests {
    let h = Harness()
    let parent = AppearanceRecordingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let child = AppearanceRecordingView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    let grandchild = AppearanceRecordingView(frame: Rect(x: 0, y: 0, width: 20, height: 20))

    init() {
        h.window.addSubview(parent)
        parent.addSubview(child)
        child.addSubview(grandchild)
    }

    @Test func theTintIsInheritedAndDefaultsToSystemBlue() {
        #expect(grandchild.tintColor == SemanticColor.systemBlue.resolved(isDark: false))
        parent.tintColor = .red
        #expect(grandchild.tintColor == .red)
        child.tintColor = .green
        #expect(grandchild.tintColor == .green && parent.tintColor == .red)
        child.tintColor = nil
        #expect(grandchild.tintColor == .red)
    }

    @Test func tintColorDidChangeReachesTheViewsThatInheritIt() {
        grandchild.tintColor = .green
        #expect(grandchild.tintChanges == 1 && child.tintChanges == 0)
        parent.tintColor = .red
        #expect(parent.tintChanges == 1 && child.tintChanges == 1)
        // The grandchild keeps its own colour: nothing changed for it.
        #expect(grandchild.tintChanges == 1)
        parent.tintColor = .red
        #expect(parent.tintChanges == 1)
    }

    @Test func movingUnderAnotherTintCallsTintColorDidChange() {
        let other = View(frame: .zero)
        other.tintColor = .red
        h.window.addSubview(other)
        other.addSubview(child)
        #expect(child.tintChanges == 1 && grandchild.tintChanges == 1)
        // Same tint again: no call.
        let another = View(frame: .zero)
        another.tintColor = .red
        other.addSubview(another)
        another.addSubview(child)
        #expect(child.tintChanges == 1)
    }

    @Test func theStyleIsInheritedFromTheWindowAndTheApplication() {
        #expect(grandchild.traitCollection.userInterfaceStyle == .light)
        h.app.userInterfaceStyle = .dark
        #expect(grandchild.traitCollection.userInterfaceStyle == .dark)
        #expect(grandchild.traitChanges == [.light])
        h.window.overrideUserInterfaceStyle = .light
        #expect(grandchild.traitCollection.userInterfaceStyle == .light)
        child.overrideUserInterfaceStyle = .dark
        #expect(grandchild.traitCollection.userInterfaceStyle == .dark && parent.traitCollection.userInterfaceStyle == .light)
        #expect(parent.traitChanges == [.light, .dark])
        #expect(grandchild.traitChanges == [.light, .dark, .light])
        // The child's override shields its subtree from a change above it.
        h.window.overrideUserInterfaceStyle = .dark
        #expect(grandchild.traitChanges.count == 3 && parent.traitChanges.count == 3)
    }

    @Test func aControllersOverrideAppliesToItsView() {
        let controller = AppearanceRecordingController()
        let root = AppearanceRecordingView(frame: .zero)
        controller.view = root
        let inner = AppearanceRecordingView(frame: .zero)
        root.addSubview(inner)
        h.window.addSubview(root)
        controller.overrideUserInterfaceStyle = .dark
        #expect(inner.traitCollection.userInterfaceStyle == .dark)
        #expect(controller.traitCollection.userInterfaceStyle == .dark)
        #expect(controller.traitChanges == 1 && inner.traitChanges == [.light])
    }

    @Test func movingIntoADarkSubtreeCallsTraitCollectionDidChange() {
        let dark = View(frame: .zero)
        dark.overrideUserInterfaceStyle = .dark
        h.window.addSubview(dark)
        dark.addSubview(child)
        #expect(child.traitChanges == [.light] && grandchild.traitChanges == [.light])
        #expect(grandchild.tintColor == SemanticColor.systemBlue.resolved(isDark: true))
    }

    @Test func controlsRedrawWhenTheAppearanceOrTintChanges() {
        let toggle = Switch(frame: Rect(x: 0, y: 0, width: 51, height: 31))
        let slider = Slider(frame: Rect(x: 0, y: 40, width: 100, height: 31))
        parent.addSubview(toggle)
        parent.addSubview(slider)
        h.settleControls()
        #expect(toggle.dirtyRect.isNull && slider.dirtyRect.isNull)
        h.app.userInterfaceStyle = .dark
        #expect(!toggle.dirtyRect.isNull)
        h.settleControls()
        parent.tintColor = .red
        #expect(!slider.dirtyRect.isNull)
    }

    @Test func controlsDrawWithTheTintTheyInherit() {
        let container = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 200, height: 31))
        slider.value = 1
        let progress = ProgressView(frame: Rect(x: 0, y: 60, width: 200, height: 4))
        progress.progress = 1
        container.addSubview(slider)
        container.addSubview(progress)
        container.tintColor = Color(rgb: 0xD32F2F)
        let picture = container.snapshot(scale: 1)
        for point in [(20, 15), (100, 61)] {
            let color = picture.color(x: point.0, y: point.1)
            #expect(abs(color.red - 0xD3 / 255.0) < 0.02 && abs(color.blue - 0x2F / 255.0) < 0.02, "\(point): \(color)")
        }
    }

    @Test func aViewOutOfAnyWindowIsLightUnlessOverridden() {
        h.app.userInterfaceStyle = .dark
        let loose = View(frame: .zero)
        #expect(loose.traitCollection.userInterfaceStyle == .light)
        loose.overrideUserInterfaceStyle = .dark
        #expect(loose.traitCollection.userInterfaceStyle == .dark)
    }
}
