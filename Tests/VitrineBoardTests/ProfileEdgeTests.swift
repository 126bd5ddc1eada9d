import Glibc
import Testing
import VitrineTestSupport
@testable import VitrineBoard

/// Hostile profile files: devices, pipes, huge files, NUL bytes, byte-order marks, CRLF line
/// ends, deep unknown tables, huge values and absurd numbers. Each gets a typed error naming the
/// file (and the line) with a remedy; none hangs, traps or fills memory.
@Suite struct ProfileFileEdgeTests {
    @Test func aDeviceIsRefusedBeforeAnythingIsRead() {
        #expect(throws: BoardProfileError(file: "/dev/zero", kind: .notAFile(what: "a character device"))) {
            try BoardProfile.load(path: "/dev/zero")
        }
        let message = BoardProfileError(file: "/dev/zero", kind: .notAFile(what: "a character device")).description
        #expect(message == "/dev/zero: is a character device, not a profile file — give the path of a .toml file, "
                + "or a profile name such as rpi4-dsi7")
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.path + "/board.toml"
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: BoardProfileError(file: fifo, kind: .notAFile(what: "a FIFO (named pipe)"))) {
            try BoardProfile.load(path: fifo)
        }
    }

    @Test func aFileLargerThanAProfileMayBeIsRefusedBeforeItIsRead() throws {
        let directory = try TemporaryDirectory()
        let limit = BoardProfile.maximumFileSize
        #expect(limit == 1 << 20)
        let path = directory.path + "/huge.toml"
        // Sparse: as large as asked, costing no disk.
        for size in [limit + 1, 1 << 33] {
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            #expect(fd >= 0 && ftruncate(fd, off_t(size)) == 0)
            close(fd)
            #expect(throws: BoardProfileError(file: path, kind: .tooLarge(size: size, limit: limit))) {
                try BoardProfile.load(path: path)
            }
        }
        // Exactly the limit is still read (here: a comment and spaces).
        try directory.write("full.toml", "# full\n" + String(repeating: " ", count: limit - 7))
        #expect(try BoardProfile.load(path: directory.path + "/full.toml").name == "full")
    }

    @Test func aTooLargeFileSaysTheLimitAndWhatToDo() {
        let message = BoardProfileError(file: "big.toml", kind: .tooLarge(size: 2_000_000, limit: 1 << 20)).description
        #expect(message.hasPrefix("big.toml: is 2000000 bytes, and a profile is at most 1048576 bytes (1024 KiB) — "))
    }
}

@Suite struct ProfileTextEdgeTests {
    @Test func aNULByteIsAnErrorAtItsLineAndColumn() throws {
        // TOMLKit would stop at the NUL and accept the file, never reading rotation = 45.
        let error = try #require(profileError("[display]\nscale = 1\n\0rotation = 45\n"))
        #expect(error.line == 3)
        #expect(error.kind == .nulByte(column: 1))
        #expect(error.description == "boards/test.toml:3:1: holds a NUL byte — a profile is UTF-8 text: remove it (a binary or damaged file?)")
        let inside = try #require(profileError("[display]\nscale = 1\nmo\0de = 1\n"))
        #expect(inside.kind == .nulByte(column: 3))
    }

    @Test func aByteOrderMarkIsAcceptedAndLinesStillCount() throws {
        let parsed = try profile("\u{FEFF}[display]\nrotation = 90\n")
        #expect(parsed.display.rotation == .clockwise90)
        let error = try #require(profileError("\u{FEFF}[display]\nscale = 1\nrotation = 45\n"))
        #expect(error.description == "boards/test.toml:3: [display] rotation = 45: must be one of 0, 90, 180, 270")
        let first = try #require(profileError("\u{FEFF}name = \"x\"\n"))
        #expect(first.line == 1)
        #expect(first.field == "name")
    }

    @Test func crlfLineEndsAreAcceptedAndEveryErrorKeepsItsLine() throws {
        let lines = ["# a profile saved on Windows", "description = \"crlf\"", "", "[display]", "scale = 1", "rotation = 45", ""]
        let error = try #require(profileError(lines.joined(separator: "\r\n")))
        #expect(error.description == "boards/test.toml:6: [display] rotation = 45: must be one of 0, 90, 180, 270")
        var fixed = lines
        fixed[5] = "rotation = 180"
        let good = try profile(fixed.joined(separator: "\r\n"))
        #expect(good.display.rotation == .upsideDown)
        #expect(good.description == "crlf")
        let unknown = try #require(profileError("[display]\r\nscale = 1\r\n[dispaly]\r\nscale = 2\r\n"))
        #expect(unknown.line == 3)
        let both = try #require(profileError("\u{FEFF}[touch]\r\n\r\ncapacity = 99\r\n"))
        #expect(both.description == "boards/test.toml:3: [touch] capacity = 99: must be a whole number from 1 to 64")
    }

    @Test func aDeepUnknownTableIsReportedAsWrittenAtItsLine() throws {
        let error = try #require(profileError("[display]\nrotation = 0\n\n[display.extra.deeper]\nx = 1\n"))
        #expect(error.line == 4)
        #expect(error.field == "[display.extra.deeper]")
        #expect(error.description.hasPrefix("boards/test.toml:4: [display.extra.deeper]: no such section"))
        let top = try #require(profileError("description = \"x\"\n[extra.deeper]\nx = 1\n"))
        #expect(top.line == 2)
        #expect(top.field == "[extra.deeper]")
        let dotted = try #require(profileError("[display]\nscale = 1\nextra.deeper = 1\n"))
        #expect(dotted.line == 3)
        #expect(dotted.field == "[display.extra]")
    }

    @Test func manyTablesMadeByDottedKeysAreReportedAtTheFirst() throws {
        // Each line makes a table implicitly; finding where each one is written is a lookup,
        // so 20,000 of them cost no more than a few (and the first, on line 2, is reported).
        let lines = (1...20_000).map { "t\($0).x = 1" }
        let error = try #require(profileError("description = \"many\"\n" + lines.joined(separator: "\n")))
        #expect(error.line == 2)
        #expect(error.field == "[t1]")
        let deep = try #require(profileError("[display]\n" + (1...2_000).map { "k\($0)" }.joined(separator: ".") + " = 1\n"))
        #expect(deep.line == 2)
        #expect(deep.field == "[display.k1]")
    }

    @Test func aHugeValueIsNeverEchoedWhole() throws {
        let huge = String(repeating: "a b ", count: 1_250_000)
        let error = try #require(profileError("[display]\nconnector = \"\(huge)\"\n"))
        #expect(error.line == 2)
        let value = try #require(error.value)
        #expect(value.count == BoardProfileError.echoLimit)
        #expect(value.hasPrefix("\"a b a b") && value.hasSuffix("…"))
        #expect(error.description.count < 300)
        let key = try #require(profileError("[display]\n\(String(repeating: "k", count: 100_000)) = 1\n"))
        #expect(key.description.count < 400)
        #expect(BoardProfileError.excerpt(String(repeating: "é", count: 60)) == String(repeating: "é", count: 60))
        #expect(BoardProfileError.excerpt(String(repeating: "é", count: 61)) == String(repeating: "é", count: 59) + "…")
    }
}

@Suite struct ProfileNumberEdgeTests {
    @Test(arguments: ["[1e308, 0, 0, 0, 1e308, 0]", "[1, 0, 17, 0, 1, 0]", "[1, 0, 0, 0, 1, -20]",
                      "[nan, 0, 0, 0, 1, 0]", "[inf, 0, 0, 0, 1, 0]", "[1, 0, 0, 0, -inf, 0]"])
    func anAbsurdCalibrationNamesTheRange(calibration: String) throws {
        let error = try #require(profileError("[touch]\ncalibration = \(calibration)\n"))
        #expect(error.line == 2)
        #expect(error.description.contains(": must be 6 numbers [a, b, c, d, e, f] from -16 to 16, identity [1, 0, 0, 0, 1, 0]"),
                "\(error)")
    }

    @Test func aCalibrationThatShrinksThePanelToASpeckIsRefused() throws {
        // 1/32 of the width and of the height: 1/1024 of the screen.
        let error = try #require(profileError("[touch]\ncalibration = [0.03125, 0, 0, 0, 0.03125, 0]\n"))
        #expect(error.description.contains("a·e − b·d is 0.0009765625 here, and must be at least 0.001 in size"), "\(error)")
        let real = try profile("[touch]\ncalibration = [-1, 0, 1, 0, 1.05, -0.02]\n")
        #expect(real.touch.calibration.values == [-1, 0, 1, 0, 1.05, -0.02])
    }

    @Test(arguments: ["[[1e308, 0, 0], [0, 1, 0], [0, 0, 1]]", "[[nan, 0, 0], [0, 1, 0], [0, 0, 1]]",
                      "[[1, 0, 0], [0, 1, 0], [0, 0, 17]]"])
    func anAbsurdMountMatrixNamesTheRange(matrix: String) throws {
        let error = try #require(profileError("[accelerometer]\nmount_matrix = \(matrix)\n"))
        #expect(error.line == 2)
        #expect(error.description.hasSuffix("must be 3 rows of 3 numbers from -16 to 16, e.g. [[1, 0, 0], [0, 1, 0], [0, 0, 1]]"),
                "\(error)")
    }

    @Test func aMountMatrixThatShrinksTheVectorToNothingIsRefused() throws {
        let error = try #require(profileError("[accelerometer]\nmount_matrix = [[1e-3, 0, 0], [0, 1e-3, 0], [0, 0, 1e-3]]\n"))
        #expect(error.description.contains("must not flatten the vector (its determinant is 1e-09, and must be at least 0.001 in size)"),
                "\(error)")
        let tilted = try profile("[accelerometer]\nmount_matrix = [[0.7071, -0.7071, 0], [0.7071, 0.7071, 0], [0, 0, 1]]\n")
        #expect(tilted.accelerometer.mountMatrix?.rows == [[0.7071, -0.7071, 0], [0.7071, 0.7071, 0], [0, 0, 1]])
    }

    @Test(arguments: ["[display]\nscale = nan", "[display]\nscale = inf", "[display]\nscale = 1e308",
                      "[accelerometer]\norientation_hysteresis = nan", "[accelerometer.shake]\nthreshold = inf",
                      "[accelerometer.shake]\nduration = -inf", "[accelerometer.shake]\nquiet_period = 1e300"])
    func aNonFiniteOrHugeNumberNamesTheRange(text: String) throws {
        let error = try #require(profileError(text + "\n"))
        #expect(error.line == 2)
        #expect(error.description.contains("must be a number from "), "\(error)")
    }
}

@Suite struct ProfileChoiceEdgeTests {
    static let broken = "[display]\nrotation = 45\n"

    @Test func aProfileChosenByTheEnvironmentSaysSoWhenItFails() throws {
        let machine = try FakeMachine(profiles: ["broken": Self.broken])
        do {
            _ = try machine.selector(environment: ["VITRINE_BOARD": "broken"]).select()
            Issue.record("a broken profile was selected")
        } catch {
            #expect(error.notes == ["chosen by VITRINE_BOARD"])
            #expect(error.description == "\(machine.boards)/broken.toml:2: [display] rotation = 45: must be one of 0, 90, 180, 270 "
                    + "(chosen by VITRINE_BOARD)")
        }
        do {
            _ = try machine.selector(environment: ["VITRINE_BOARD": "rpi9"]).select()
            Issue.record("a missing profile was selected")
        } catch {
            #expect(error.description.hasSuffix("(chosen by VITRINE_BOARD)"))
        }
        // The same profile through --board says nothing of the environment.
        do {
            _ = try machine.selector(arguments: ["app", "--board", "broken"], environment: ["VITRINE_BOARD": "broken"]).select()
            Issue.record("a broken profile was selected")
        } catch {
            #expect(error.notes.isEmpty)
        }
    }

    @Test func aRelativePathInTheEnvironmentIsRefusedAndAnAbsoluteOneIsRead() throws {
        let machine = try FakeMachine()
        for relative in ["mine.toml", "boards/mine.toml", "./mine.toml"] {
            #expect(throws: BoardProfileError(file: relative, kind: .relativePathInEnvironment)) {
                try machine.selector(environment: ["VITRINE_BOARD": relative]).select()
            }
        }
        let path = try machine.root.write("etc/mine.toml", "[display]\nscale = 2\n")
        let selection = try machine.selector(environment: ["VITRINE_BOARD": path]).select()
        #expect(selection.profile.display.scale == 2)
        let message = BoardProfileError(file: "mine.toml", kind: .relativePathInEnvironment).description
        #expect(message.hasPrefix("mine.toml: VITRINE_BOARD is a relative path, which would depend on the working directory"))
        #expect(message.contains("give a profile name such as rpi4-dsi7 or an absolute path"))
    }

    @Test func aBareNameIsAlwaysTheBoardsProfile() throws {
        let machine = try FakeMachine(profiles: ["mine": "[display]\nscale = 3\n"])
        let fromArgument = try machine.selector(arguments: ["app", "--board", "mine"]).select()
        let fromEnvironment = try machine.selector(environment: ["VITRINE_BOARD": "mine"]).select()
        #expect(fromArgument.profile.path == machine.boards + "/mine.toml")
        #expect(fromEnvironment.profile.path == machine.boards + "/mine.toml")
    }

    @Test func aRelativeBoardPathThatCannotBeReadNamesTheWorkingDirectory() throws {
        let machine = try FakeMachine()
        let cwd = try #require(FileSystem.workingDirectory())
        do {
            _ = try machine.selector(arguments: ["app", "--board", "no-such-dir/mine.toml"]).select()
            Issue.record("a missing file was selected")
        } catch {
            #expect(error.description == "no-such-dir/mine.toml: cannot be read: No such file or directory "
                    + "(a path relative to the working directory \(cwd))")
        }
        do {
            _ = try machine.selector(arguments: ["app", "--board=rpi4-dsi7.toml"]).select()
            Issue.record("a missing file was selected")
        } catch {
            #expect(error.description.hasSuffix("(a path relative to the working directory \(cwd); "
                    + "without .toml, rpi4-dsi7 names a profile in the boards directories)"))
        }
    }
}
