import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// `registerForTraitChanges`: handlers hear only the traits they registered for, on rotation, a
/// new mode, a resized window, a new appearance and a new language; they can be unregistered.
@MainActor
struct TraitChangeRegistrationTests {
    final class Screen: ViewController {
        var heard: [String] = []
        func sizeClassDidChange(_ screen: Screen, _ previous: TraitCollection) {
            heard.append("action \(previous.verticalSizeClass.rawValue)→\(screen.traitCollection.verticalSizeClass.rawValue)")
        }
        func somethingChanged() { heard.append("plain action") }
    }

    @Test func aHandlerHearsOnlyTheTraitsItRegisteredFor() {
        let h = Harness(width: 800, height: 480)
        let view = View()
        h.window.addSubview(view)
        h.runLayoutTurn()
        var heard: [String] = []
        let sizes = view.registerForTraitChanges([.horizontalSizeClass]) { (view: View, previous) in
            heard.append("width \(previous.horizontalSizeClass.rawValue)→\(view.traitCollection.horizontalSizeClass.rawValue)")
        }
        view.registerForTraitChanges([.userInterfaceStyle]) { (_: View, previous) in
            heard.append("style from \(previous.userInterfaceStyle.rawValue)")
        }
        // A resize that keeps the width class: nothing; one that changes it: the size handler.
        h.window.frame = Rect(x: 0, y: 0, width: 800, height: 700)
        h.runLayoutTurn()
        #expect(heard.isEmpty)
        h.window.frame = Rect(x: 0, y: 0, width: 500, height: 700)
        h.runLayoutTurn()
        #expect(heard == ["width 2→1"])
        // Dark appearance: the style handler alone.
        h.app.userInterfaceStyle = .dark
        #expect(heard == ["width 2→1", "style from 1"])
        // Unregistered, the size handler hears nothing more.
        view.unregisterForTraitChanges(sizes)
        h.window.frame = Rect(x: 0, y: 0, width: 800, height: 480)
        h.runLayoutTurn()
        #expect(heard == ["width 2→1", "style from 1"])
    }

    @Test func controllersRegisterWithATargetAndAreToldOnRotationAndLanguage() {
        let h = Harness(width: 800, height: 480)
        let screen = Screen()
        h.window.rootViewController = screen
        h.runLayoutTurn()
        screen.registerForTraitChanges([.verticalSizeClass], target: screen, action: Screen.sizeClassDidChange)
        screen.registerForTraitChanges([.layoutDirection, .language], target: screen, action: Screen.somethingChanged)
        h.app.setScreenRotation(.clockwise90)
        h.runLayoutTurn()
        #expect(screen.heard == ["action 1→2"])
        // A half turn keeps the size classes: nobody hears.
        h.app.setScreenRotation(.clockwise270)
        h.runLayoutTurn()
        #expect(screen.heard == ["action 1→2"])
        h.app.userInterfaceLayoutDirection = .rightToLeft
        #expect(screen.heard == ["action 1→2", "plain action"])
    }

    @Test func aRegistrationDoesNotKeepItsViewOrTargetAlive() {
        weak var released: View?
        weak var releasedTarget: Screen?
        do {
            let view = View()
            let target = Screen()
            view.registerForTraitChanges([.language]) { (_: View, _) in }
            view.registerForTraitChanges([.language], target: target, action: Screen.somethingChanged)
            released = view
            releasedTarget = target
        }
        #expect(released == nil && releasedTarget == nil)
    }

    @Test func changedTraitsNamesWhatDiffers() {
        let light = TraitCollection(userInterfaceStyle: .light, horizontalSizeClass: .regular, verticalSizeClass: .compact)
        var other = light
        other.verticalSizeClass = .regular
        other.language = "de"
        #expect(other.changedTraits(from: light) == [.verticalSizeClass, .language])
        #expect(light.changedTraits(from: light).isEmpty)
    }
}
