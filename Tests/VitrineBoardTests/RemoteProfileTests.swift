import Testing
import Vitrine
@testable import VitrineBoard

/// `[remote]`: the VNC remote view's fields and their errors, with lines.
@Suite struct RemoteProfileTests {
    @Test func everyRemoteFieldIsRead() throws {
        let remote = try profile("""
            [remote]
            vnc = "control"
            listen = "0.0.0.0:5901"
            password_file = "/etc/vitrine/vnc-password"
            """).remote
        #expect(remote == VNCConfiguration(mode: .control, listen: VNCListenAddress(host: "0.0.0.0", port: 5901),
                                           passwordFile: "/etc/vitrine/vnc-password"))
    }

    @Test func withoutRemoteThereIsNoServer() throws {
        #expect(try profile("").remote == VNCConfiguration(mode: .off, listen: .loopback, passwordFile: nil))
        #expect(try profile("[remote]\nvnc = \"view\"\n").remote.listen == VNCListenAddress(host: "127.0.0.1", port: 5900))
    }

    @Test func listeningBeyondLoopbackWithoutAPasswordIsRefusedOnItsLine() throws {
        let error = try #require(profileError("[remote]\nvnc = \"view\"\n\nlisten = \"0.0.0.0:5900\"\n"))
        #expect(error.line == 4)
        #expect(error.description.contains("must be a loopback address (127.0.0.1) unless password_file is set"))
        // Off, nothing listens: allowed.
        #expect(try profile("[remote]\nlisten = \"0.0.0.0:5900\"\n").remote.mode == .off)
    }

    @Test func badValuesSayWhatIsAllowed() throws {
        let mode = try #require(profileError("[remote]\nvnc = \"on\"\n"))
        #expect(mode.kind == .invalidValue(allowed: "must be one of \"off\", \"view\", \"control\""))
        let listen = try #require(profileError("[remote]\nlisten = \"localhost\"\n"))
        #expect(listen.line == 2)
        #expect(listen.description.hasSuffix("must be \"IPV4:PORT\", e.g. \"127.0.0.1:5900\" (reach it over ssh -L)"))
        #expect(profileError("[remote]\nlisten = \"127.0.0.1:70000\"\n")?.line == 2)
        #expect(profileError("[remote]\npassword_file = \"vnc-password\"\n")?.line == 2)
        #expect(profileError("[remote]\nvcn = \"view\"\n")?.kind == .unknownKey(allowed: ["vnc", "listen", "password_file"], suggestion: "vnc"))
    }
}
