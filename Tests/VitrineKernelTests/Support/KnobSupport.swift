import CEvdev
import Glibc
import Vitrine
import VitrineGraphics

/// What the rotary-encoder tests share: the two buttons focus moves between, and the knob's
/// press.
extension KernelApp {
    /// Two buttons side by side on the window, "First" and "Second"; `tapped` gets the title
    /// of each one tapped.
    func addTwoButtons(tapped: @escaping @MainActor (String) -> Void) -> [Button] {
        ["First", "Second"].enumerated().map { index, title -> Button in
            let button = Button(frame: Rect(x: 100 + Double(index) * 450, y: 300, width: 350, height: 120))
            button.setTitle(title, for: .normal)
            button.backgroundColor = Color(red: 0.15, green: 0.45, blue: 0.8)
            button.addAction({ _ in tapped(title) }, for: .touchUpInside)
            window.addSubview(button)
            return button
        }
    }
}

extension UInputDevice {
    /// One press of the device's button: BTN_LEFT down and up, each reported.
    func click() {
        write(Int32(EV_KEY), Int32(BTN_LEFT), 1)
        sync()
        write(Int32(EV_KEY), Int32(BTN_LEFT), 0)
        sync()
    }
}
