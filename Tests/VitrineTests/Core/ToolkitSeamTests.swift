import Testing
import VitrineGraphics
import VitrineHeadless
@testable import Vitrine
@testable import VitrineCore

/// The seam between the core and the toolkit (VitrineCore/App/Toolkit.swift): the core finds
/// the toolkit by name, and reaches its services only through the seam's protocols.
@Suite @MainActor struct ToolkitSeamTests {
    @Test func theCoreFindsTheToolkitByItsMangledName() {
        // A rename of `VitrineToolkit` that forgets `toolkitTypeName` fails here, not in a kiosk
        // whose Tab key and keyboard silently stop working.
        #expect(_mangledTypeName(VitrineToolkit.self) == Application.toolkitTypeName)
        #expect(Application.toolkitType == VitrineToolkit.self)
    }

    @Test func servicesAreMadeOnceOnFirstNeedAndAreTheToolkits() {
        let application = Application(mainLoop: ManualMainLoop(), display: nil)
        #expect(application.toolkitIfMade == nil)
        let services = application.toolkit
        #expect(services is ToolkitServices)
        #expect(application.toolkit === services)
        #expect(application.toolkitIfMade === services)
    }

    @Test func aHardwareKeyboardReachesTheOnScreenKeyboardThroughTheSeam() {
        let application = Application(mainLoop: ManualMainLoop(), display: nil)
        let keyboard = application.keyboard
        #expect(!keyboard.isHardwareKeyboardAttached)
        application.hardwareKeyboardAttached(3)
        #expect(keyboard.isHardwareKeyboardAttached)
        application.hardwareKeyboardAttached(4)
        application.hardwareKeyboardDetached(3)
        #expect(keyboard.isHardwareKeyboardAttached, "one keyboard is still attached")
        application.hardwareKeyboardDetached(4)
        #expect(!keyboard.isHardwareKeyboardAttached)
    }

    @Test func theOnScreenKeyboardIsAnOverlayAboveEveryAppWindow() {
        let application = Application(mainLoop: ManualMainLoop(), display: nil)
        let keyboardWindow = application.keyboard.window
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        application.attach(window)
        #expect(application.windows.last === keyboardWindow)
        #expect(application.overlayWindows.count == 1)
    }
}
