import Vitrine
import VitrineInput

extension BoardProfile {
    /// `[keyboard]`: when the on-screen keyboard shows and which XKB layouts its layout key
    /// cycles through.
    ///
    /// ```toml
    /// [keyboard]
    /// on_screen = "auto"            # "auto" (no hardware keyboard), "always" or "never"
    /// layouts = ["us", "fr", "de", "ru"]
    /// ```
    public struct Keyboard: Sendable, Hashable {
        /// `on_screen`: `Application.onScreenKeyboard` (default `.auto`).
        public var onScreen: OnScreenKeyboardPolicy
        /// `layouts`: XKB layout names (default ["us"]); the first is shown first.
        public var layouts: [String]

        /// A keyboard section; the defaults are UIKit's behaviour with the US layout.
        public init(onScreen: OnScreenKeyboardPolicy = .auto, layouts: [String] = ["us"]) {
            self.onScreen = onScreen
            self.layouts = layouts
        }

        /// Sets the application's keyboard policy and layouts, read through xkbcommon.
        @MainActor
        func apply(to application: Application) {
            guard self != Keyboard() else { return }
            application.onScreenKeyboard = onScreen
            application.keyboard.layoutSource = XKBKeyboardLayoutSource()
            application.keyboard.layouts = layouts
        }
    }
}

extension ProfileReader {
    func readKeyboard(_ s: Section) throws(BoardProfileError) -> BoardProfile.Keyboard {
        var keyboard = BoardProfile.Keyboard()
        keyboard.onScreen = try s.choice("on_screen", default: .auto, OnScreenKeyboardPolicy.allCases.map { ($0.rawValue, $0) })
        let allowed = "must be a list of XKB layout names such as [\"us\", \"fr\", \"ru\"] (see /usr/share/X11/xkb/rules/evdev.lst)"
        keyboard.layouts = try s.stringArray("layouts", default: ["us"], allowed: allowed) { name in
            !name.isEmpty && name.count <= 32 && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-()".contains($0)) }
        }
        if keyboard.layouts.isEmpty { throw s.invalidValue("layouts", allowed + ", not an empty list") }
        return keyboard
    }
}
