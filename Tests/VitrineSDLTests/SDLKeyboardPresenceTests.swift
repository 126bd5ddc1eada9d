import Testing
@testable import VitrineSDL

/// The desktop window's keyboard becomes a hardware keyboard at the first key pressed on the
/// desk (no X server needed; the Xvfb key test checks the application sees it).
@Suite struct SDLKeyboardPresenceTests {
    @Test func theFirstRealKeyPressAttachesTheKeyboardOnce() {
        var presence = SDLKeyboardPresence()
        #expect(!presence.isAttached)
        let release = presence.keyEvent(isPressed: false, fromServer: true)
        let madeUp = presence.keyEvent(isPressed: true, fromServer: false)
        #expect(!release, "a release alone attaches nothing")
        #expect(!madeUp, "SDL's made-up keys do not count")
        #expect(!presence.isAttached)
        let first = presence.keyEvent(isPressed: true, fromServer: true)
        #expect(first && presence.isAttached)
        let again = presence.keyEvent(isPressed: true, fromServer: true)
        #expect(!again, "attached once")
    }
}
