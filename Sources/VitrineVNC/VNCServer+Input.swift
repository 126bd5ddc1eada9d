import CVNCServer
import VitrineCore
import VitrineGraphics

// The viewer's pointer and keys in `.control` mode: queued while libvncserver runs, posted to
// the application after it returns (see `process()`): the finger on `VNCServer.remoteDevice`,
// the keys on `VNCServer.remoteKeyboardDevice`.
extension VNCServer {
    /// The remote finger's slot.
    private static let finger = TouchIdentifier(device: remoteDevice, slot: 0)

    private var now: Double { application?.mainLoop.clock.now ?? 0 }

    /// Button 1 is the finger; buttons 4 and 5 (the wheel) scroll. `x`, `y` are panel pixels.
    func pointer(mask: Int32, x: Int, y: Int) {
        guard configuration.mode == .control, let application, let display = application.display else { return }
        let scene = display.sceneSize
        let scenePoint = display.rotation.scenePoint(fromPanel: Point(x: Double(x) + 0.5, y: Double(y) + 0.5),
                                                     sceneWidth: Double(scene.width), sceneHeight: Double(scene.height))
        let scale = application.screen.scale
        let location = Point(x: scenePoint.x / scale, y: scenePoint.y / scale)
        let down = mask & 1 != 0
        let time = now
        if down && !buttonDown {
            pendingInput.append(.touchDown(Self.finger, location: location, majorRadius: 0, timestamp: time))
            pendingInput.append(.touchFrame(timestamp: time))
        } else if down {
            pendingInput.append(.touchMotion(Self.finger, location: location, majorRadius: 0, timestamp: time))
            pendingInput.append(.touchFrame(timestamp: time))
        } else if buttonDown {
            pendingInput.append(.touchMotion(Self.finger, location: location, majorRadius: 0, timestamp: time))
            pendingInput.append(.touchUp(Self.finger, timestamp: time))
            pendingInput.append(.touchFrame(timestamp: time))
        }
        buttonDown = down
        if mask & 8 != 0 { pendingInput.append(.scroll(deltaX: 0, deltaY: -40, location: location, timestamp: time)) }
        if mask & 16 != 0 { pendingInput.append(.scroll(deltaX: 0, deltaY: 40, location: location, timestamp: time)) }
    }

    /// Lifts the remote finger (the viewer left with the button down).
    func endRemoteTouch() {
        buttonDown = false
        application?.post(.touchCancel(Self.finger, timestamp: now))
        application?.post(.touchFrame(timestamp: now))
    }

    /// A key: modifiers are tracked; every other key is a press with the characters its keysym
    /// stands for (on press), and a Linux key code where one is known. A viewer's first key
    /// attaches the remote keyboard device as a hardware keyboard (`InputEvent.keyboardAttached`: the
    /// on-screen keyboard's `.auto` policy then stays down) until its session ends.
    func key(down: Bool, keysym: UInt32, from client: rfbClientPtr? = nil) {
        guard configuration.mode == .control else { return }
        if !typists.contains(where: { $0 == client }) {
            if typists.isEmpty { pendingInput.append(.keyboardAttached(device: Self.remoteKeyboardDevice, timestamp: now)) }
            typists.append(client)
        }
        if let modifier = Self.modifier(keysym) {
            if down { modifiers.insert(modifier) } else { modifiers.remove(modifier) }
            return
        }
        let code = Self.linuxKeyCode(keysym) ?? (Self.keyCodeBase + Int(keysym))
        let characters = down ? Self.characters(keysym) : ""
        pendingInput.append(.key(code: code, state: down ? .pressed : .released, characters: characters,
                                 modifiers: modifiers, device: Self.remoteKeyboardDevice, timestamp: now))
    }

    /// `client`'s session ended: when no viewer that typed is left, the remote keyboard is
    /// detached (`deviceRemoved`, which also releases its keys). All viewers share the remote
    /// keyboard, so the last typist's leaving detaches it; the remote finger is another device,
    /// so a viewer still pointing keeps its touch.
    func typingSessionEnded(_ client: rfbClientPtr?) {
        guard let index = typists.firstIndex(where: { $0 == client }) else { return }
        typists.remove(at: index)
        if typists.isEmpty { pendingInput.append(.deviceRemoved(device: Self.remoteKeyboardDevice, timestamp: now)) }
    }

    static func modifier(_ keysym: UInt32) -> KeyModifiers? {
        switch keysym {
        case 0xffe1, 0xffe2: .shift
        case 0xffe3, 0xffe4: .control
        case 0xffe9, 0xffea: .alternate
        case 0xffeb, 0xffec: .command
        default: nil
        }
    }

    /// The Linux KEY_* code of the keys apps react to by code (editing and navigation).
    static func linuxKeyCode(_ keysym: UInt32) -> Int? {
        switch keysym {
        case 0xff1b: 1      // Escape
        case 0xff08: 14     // BackSpace
        case 0xff09: 15     // Tab
        case 0xff0d, 0xff8d: 28 // Return, KP_Enter
        case 0x20: 57       // space
        case 0xff50: 102    // Home
        case 0xff52: 103    // Up
        case 0xff55: 104    // Page_Up
        case 0xff51: 105    // Left
        case 0xff53: 106    // Right
        case 0xff57: 107    // End
        case 0xff54: 108    // Down
        case 0xff56: 109    // Page_Down
        case 0xffff: 111    // Delete
        default: nil
        }
    }

    /// What a keysym types: Latin-1 and Unicode keysyms their character, the editing keys
    /// their control character, others nothing.
    static func characters(_ keysym: UInt32) -> String {
        let scalar: UInt32? = switch keysym {
        case 0x20...0x7e, 0xa0...0xff: keysym
        case 0x0100_0000...0x0110_ffff: keysym - 0x0100_0000
        case 0xff0d, 0xff8d: 0x0d
        case 0xff09: 0x09
        case 0xff08: 0x08
        case 0xff1b: 0x1b
        case 0xffff: 0x7f
        default: nil
        }
        guard let scalar, let unicode = Unicode.Scalar(scalar) else { return "" }
        return String(Character(unicode))
    }
}
