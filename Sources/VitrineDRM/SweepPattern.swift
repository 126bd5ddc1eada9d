import VitrineSeams
import VitrineGraphics

/// A test picture for a `DRMDisplay` driven without an application (`vitrine flip-test`, the
/// kernel ring): a white bar 16 pixels wide sweeping 8 pixels a frame across a dark scene. Each
/// frame's damage is the bar's old and new places (the whole scene the first time), and what is
/// copied is what the back buffer lacks by its age, from a `DamageRing` as the compositor does.
@MainActor
package final class SweepPattern {
    /// The display it presents to.
    package let display: DRMDisplay
    /// The scene it draws into (scene pixels, the display's `sceneSize`).
    package let scene: Surface
    /// Frames presented so far.
    package private(set) var presented = 0
    private var damageRing: DamageRing
    private var bar = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// A sweep on `display`, its scene filled dark.
    package init(display: DRMDisplay) {
        self.display = display
        let size = display.sceneSize
        scene = Surface(width: size.width, height: size.height, format: .xrgb8888)
        scene.fill(scene.bounds, with: Color(white: 0.15))
        damageRing = DamageRing(bounds: scene.bounds)
    }

    /// Moves the bar on and presents the frame. Call only while no flip is pending.
    package func presentNext() {
        var damage = Region(bar)
        scene.fill(bar, with: Color(white: 0.15))
        bar = PixelRect(x: (presented * 8) % max(scene.width - 16, 1), y: 0, width: 16, height: scene.height)
        scene.fill(bar, with: .white)
        damage.formUnion(bar)
        if presented == 0 { damage = Region(scene.bounds) }
        let copying = damageRing.damage(forBufferAge: display.bufferAge, current: damage)
        display.present(scene: scene, copying: copying, damage: damage)
        damageRing.add(damage)
        presented += 1
    }
}
