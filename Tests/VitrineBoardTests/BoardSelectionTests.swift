import Testing
import VitrineTestSupport
@testable import VitrineBoard

/// A machine made of files: a boards directory, a device-tree model, /dev/dri and sysfs.
final class FakeMachine {
    let root: TemporaryDirectory
    let boards: String
    let dri: String
    let sysfs: String

    init(profiles: [String: String] = [:]) throws {
        root = try TemporaryDirectory()
        boards = try root.makeDirectory("boards")
        dri = try root.makeDirectory("dev/dri")
        sysfs = try root.makeDirectory("sys/class/drm")
        for (name, text) in profiles { try root.write("boards/\(name).toml", text) }
    }

    var modelFile: String { root.path + "/proc/device-tree/model" }

    /// Writes the model as the kernel does: NUL-terminated.
    func setModel(_ model: String) throws { try root.write("proc/device-tree/model", model + "\0") }

    func addCard(_ number: Int) throws { try root.write("dev/dri/card\(number)", "") }

    func addConnector(card: Int, _ name: String, connected: Bool) throws {
        try root.write("sys/class/drm/card\(card)-\(name)/status", connected ? "connected\n" : "disconnected\n")
    }

    func selector(arguments: [String] = ["app"], environment: [String: String] = [:],
                  directories: [String]? = nil) -> BoardSelector {
        BoardSelector(arguments: arguments, environment: environment, directories: directories ?? [boards],
                      modelFile: modelFile, drmDirectory: dri, sysfsDRMDirectory: sysfs)
    }
}

@Suite struct BoardSelectionTests {
    static let pi4 = "match = [\"Raspberry Pi 4\"]\n[display]\nconnector = \"DSI-1\"\n"
    static let pi4HDMI = "match = [\"Raspberry Pi 4\"]\n[display]\nconnector = \"HDMI-A-1\"\n"
    static let pi = "match = [\"Raspberry Pi\"]\n"
    static let plain = "[display]\nscale = 2\n"

    @Test func theBoardArgumentIsReadInBothSpellingsAndTheLastWins() {
        #expect(BoardSelector.boardArgument(in: ["app"]) == nil)
        #expect(BoardSelector.boardArgument(in: ["app", "--board", "vkms"]) == "vkms")
        #expect(BoardSelector.boardArgument(in: ["app", "--board=x86-kiosk", "--frames", "d"]) == "x86-kiosk")
        #expect(BoardSelector.boardArgument(in: ["app", "--board", "a", "--board=b"]) == "b")
        #expect(BoardSelector.boardArgument(in: ["app", "--board"]) == "")
        // The program's own name is never an option.
        #expect(BoardSelector.boardArgument(in: ["--board=x"]) == nil)
    }

    @Test func theArgumentComesFirst() throws {
        let machine = try FakeMachine(profiles: ["mine": Self.plain, "other": Self.plain, "rpi4": Self.pi4])
        try machine.setModel("Raspberry Pi 4 Model B Rev 1.4")
        let selection = try machine.selector(arguments: ["app", "--board", "mine"],
                                             environment: ["VITRINE_BOARD": "other"]).select()
        #expect(selection.profile.name == "mine")
        #expect(selection.reason == .argument("mine"))
    }

    @Test func theArgumentMayBeAPath() throws {
        let machine = try FakeMachine()
        let path = try machine.root.write("elsewhere/custom.toml", Self.plain)
        let selection = try machine.selector(arguments: ["app", "--board=\(path)"]).select()
        #expect(selection.profile.name == "custom")
        #expect(selection.profile.path == path)
        #expect(selection.profile.display.scale == 2)
    }

    @Test func anEmptyBoardArgumentIsAnError() throws {
        let machine = try FakeMachine()
        #expect(throws: BoardProfileError(file: "--board", kind: .missingName)) {
            try machine.selector(arguments: ["app", "--board"]).select()
        }
    }

    @Test func theEnvironmentComesSecond() throws {
        let machine = try FakeMachine(profiles: ["other": Self.plain, "rpi4": Self.pi4])
        try machine.setModel("Raspberry Pi 4 Model B Rev 1.4")
        let selection = try machine.selector(environment: ["VITRINE_BOARD": "other"]).select()
        #expect(selection.profile.name == "other")
        #expect(selection.reason == .environment("other"))
    }

    @Test func aNamedProfileThatDoesNotExistIsAnErrorNotAFallback() throws {
        let machine = try FakeMachine(profiles: ["rpi4": Self.pi4])
        do {
            _ = try machine.selector(environment: ["VITRINE_BOARD": "rpi3"]).select()
            Issue.record("a missing profile was selected")
        } catch {
            #expect(error.kind == .notFound(name: "rpi3", searched: [machine.boards], available: ["rpi4"]))
        }
    }

    @Test func theDeviceTreeModelComesThird() throws {
        let machine = try FakeMachine(profiles: ["rpi4-dsi7": Self.pi4, "plain": Self.plain])
        try machine.setModel("Raspberry Pi 4 Model B Rev 1.4")
        try machine.addCard(1)
        let selection = try machine.selector().select()
        #expect(selection.profile.name == "rpi4-dsi7")
        #expect(selection.reason == .deviceTreeModel(model: "Raspberry Pi 4 Model B Rev 1.4", pattern: "Raspberry Pi 4"))
        #expect(machine.selector().deviceTreeModel() == "Raspberry Pi 4 Model B Rev 1.4")
    }

    @Test func amongMatchingProfilesTheOneWithAConnectedDisplayWins() throws {
        let machine = try FakeMachine(profiles: ["rpi4-dsi7": Self.pi4, "rpi4-hdmi-touch": Self.pi4HDMI])
        try machine.setModel("Raspberry Pi 4 Model B Rev 1.4")
        try machine.addConnector(card: 1, "DSI-1", connected: false)
        try machine.addConnector(card: 1, "HDMI-A-1", connected: true)
        #expect(try machine.selector().select().profile.name == "rpi4-hdmi-touch")

        try machine.addConnector(card: 1, "HDMI-A-1", connected: false)
        try machine.addConnector(card: 1, "DSI-1", connected: true)
        #expect(try machine.selector().select().profile.name == "rpi4-dsi7")
    }

    @Test func thenTheLongerPatternThenTheFirstName() throws {
        let machine = try FakeMachine(profiles: ["any-pi": Self.pi, "b-pi4": Self.pi4, "a-pi4": Self.pi4HDMI])
        try machine.setModel("Raspberry Pi 4 Model B Rev 1.4")
        #expect(try machine.selector().select().profile.name == "a-pi4")
        try machine.setModel("Raspberry Pi 3 Model B Plus Rev 1.3")
        #expect(try machine.selector().select().profile.name == "any-pi")
    }

    @Test func aMalformedProfileIsReportedEvenWhenMatching() throws {
        let machine = try FakeMachine(profiles: ["broken": "[display]\nrotation = 45\n"])
        try machine.setModel("Raspberry Pi 4 Model B Rev 1.4")
        #expect(throws: BoardProfileError.self) { try machine.selector().select() }
    }

    @Test func withoutAnyDRMDeviceTheVirtualProfileRuns() throws {
        let machine = try FakeMachine(profiles: ["rpi4": Self.pi4])
        let selection = try machine.selector().select()
        #expect(selection.profile == .virtual)
        #expect(selection.reason == .noDRMDevice(directory: machine.dri))

        // With a virtual.toml in the boards directory, that one.
        try machine.root.write("boards/virtual.toml", "[display]\nbackend = \"virtual\"\nmode = \"1024x600\"\n")
        let fromFile = try machine.selector().select()
        #expect(fromFile.profile.path == machine.boards + "/virtual.toml")
        #expect(fromFile.profile.display.virtualMode.width == 1024)
    }

    @Test func withADRMDeviceAndNoMatchTheGenericDRMProfileRuns() throws {
        let machine = try FakeMachine(profiles: ["rpi4": Self.pi4])
        try machine.setModel("Some Other Board")
        try machine.addCard(0)
        let selection = try machine.selector().select()
        #expect(selection.profile == .genericDRM)
        #expect(selection.reason == .genericDRM)
    }

    @Test func theFirstDirectoryHavingANameWins() throws {
        let machine = try FakeMachine(profiles: ["vkms": "[display]\nscale = 3\n"])
        let selection = try machine.selector(arguments: ["app", "--board", "vkms"],
                                             directories: [machine.boards, shippedBoardsDirectory]).select()
        #expect(selection.profile.display.scale == 3)
        let shipped = try machine.selector(arguments: ["app", "--board", "vkms"],
                                           directories: [shippedBoardsDirectory, machine.boards]).select()
        #expect(shipped.profile.display.connector == "Virtual-1")
    }

    @Test func theStandardDirectoriesAreEnvironmentInstalledSystemThenSourceTree() {
        let directories = BoardDirectories.standard(environment: ["VITRINE_BOARDS_DIR": "/srv/boards"],
                                                    executablePath: "/opt/vitrine/bin/kiosk",
                                                    sourceFile: "/src/vitrine/Sources/VitrineBoard/BoardSelection.swift")
        #expect(directories == ["/srv/boards", "/opt/vitrine/share/vitrine/boards", "/usr/share/vitrine/boards",
                                "/src/vitrine/boards"])
        // Run from a build folder inside this checkout, the checkout's boards/ is found.
        let fromBuild = BoardDirectories.standard(environment: [:], executablePath: checkoutDirectory + "/.build/release/kiosk",
                                                  sourceFile: "/elsewhere/Sources/VitrineBoard/BoardSelection.swift")
        #expect(fromBuild.contains(shippedBoardsDirectory))
        // And the default (this module's own source tree) holds the shipped profiles.
        #expect(BoardDirectories.standard(environment: [:]).contains(shippedBoardsDirectory))
    }

    @Test func connectorsAreFoundOnTheirCards() throws {
        let machine = try FakeMachine()
        try machine.addConnector(card: 1, "HDMI-A-1", connected: true)
        try machine.addConnector(card: 2, "DSI-1", connected: true)
        try machine.addConnector(card: 3, "DSI-1", connected: false)
        let connectors = BoardConnectors(sysfsDirectory: machine.sysfs)
        #expect(connectors.devicePath(forConnector: "DSI-1", drmDirectory: "/dev/dri") == "/dev/dri/card2")
        #expect(connectors.devicePath(forConnector: "HDMI-A-1") == "/dev/dri/card1")
        #expect(connectors.devicePath(forConnector: "DP-1") == nil)
        #expect(connectors.status(of: "DSI-1") == true)
        #expect(connectors.status(of: "DP-1") == nil)
    }
}

@Suite struct BoardModelSearchTests {
    /// The model search agrees with the standard library's `contains` on random texts over a
    /// small alphabet, so that patterns often occur (device-tree models are ASCII).
    @Test func findsAPatternExactlyWhereContainsDoes() {
        var random = SeededRandom(seed: 7)
        let alphabet: [String] = ["a", "b", " ", "4"]
        func text(_ length: Int) -> String {
            (0 ..< length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined()
        }
        var found = 0
        for _ in 0 ..< 2_000 {
            let haystack = text(Int(random.next() % 12)), needle = text(Int(random.next() % 4))
            let expected = needle.isEmpty || haystack.contains(needle)
            #expect(BoardSelector.text(haystack, contains: needle) == expected, "\(haystack) / \(needle)")
            if expected { found += 1 }
        }
        #expect(found > 200)
        #expect(BoardSelector.text("Raspberry Pi 4 Model B Rev 1.4", contains: "Raspberry Pi 4"))
        #expect(!BoardSelector.text("Raspberry Pi 3 Model B", contains: "Raspberry Pi 4"))
    }
}
