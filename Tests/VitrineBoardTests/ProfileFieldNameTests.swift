import Foundation
import Testing
import VitrineInput
@testable import VitrineBoard

/// Messages tell users which profile field to change: every field they name must be one a
/// profile has, spelled as the parser reads it.
@Suite @MainActor struct ProfileFieldNameTests {
    /// The profile's sections, as messages write them: `[touch] capacity`.
    private static let sections = ["display", "input", "input.keymap", "input.scanner_keymap", "touch", "accelerometer", "accelerometer.shake",
                                   "switches", "system", "power", "keyboard", "remote", "accessibility", "audio"]

    /// Every `[section] key` written in the sources (messages and doc comments alike).
    private func namedFields() throws -> [(file: String, field: String)] {
        let sources = checkoutDirectory + "/Sources"
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources).filter { $0.hasSuffix(".swift") }
        let pattern = try Regex<(Substring, Substring, Substring)>("\\[(" + Self.sections.map {
            $0.replacingOccurrences(of: ".", with: "\\.")
        }.joined(separator: "|") + ")\\] ([a-z_]+)")
        var found: [(String, String)] = []
        for file in files {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            for match in text.matches(of: pattern) {
                found.append((file, "\(match.output.1).\(match.output.2)"))
            }
        }
        return found
    }

    /// The fields of the fully spelled-out shipped profile, as `section.key`.
    private func profileFields() throws -> Set<String> {
        let text = try String(contentsOfFile: shippedBoardsDirectory + "/x86-kiosk.toml", encoding: .utf8)
        var fields: Set<String> = []
        var section = ""
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("["), trimmed.dropFirst().first?.isLetter == true {
                section = String(trimmed.dropFirst().prefix { $0 != "]" })
                fields.insert(section)
            } else if trimmed.hasPrefix("[") || trimmed.first?.isNumber == true {
                continue  // a row of a matrix
            } else if let equals = trimmed.firstIndex(of: "="), let first = trimmed.first, first.isLetter {
                fields.insert(section + "." + trimmed[..<equals].trimmingCharacters(in: .whitespaces))
            }
        }
        return fields
    }

    @Test func everyFieldTheSourcesNameIsAFieldOfTheProfile() throws {
        let fields = try profileFields()
        let named = try namedFields()
        #expect(named.count > 20)
        for (file, field) in named {
            #expect(fields.contains(field), "\(file) names [\(field)], which board profiles do not have")
        }
        // Each of them parses, too (x86-kiosk.toml spells every field out).
        _ = try BoardProfile.load(named: "x86-kiosk", directories: [shippedBoardsDirectory])
    }

    @Test func noMessageNamesTheTouchCapacityByAnInventedName() throws {
        let sources = checkoutDirectory + "/Sources"
        for file in try FileManager.default.subpathsOfDirectory(atPath: sources) where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            #expect(!text.contains("touch_capacity"), "\(file) names touch_capacity; the field is [touch] capacity")
        }
    }

    @Test func unitsPerGIsAFieldAndReachesTheAccelerometer() throws {
        let profile = try BoardProfile.parse("[accelerometer]\nunits_per_g = 1024\n", file: "t.toml")
        #expect(profile.accelerometer.unitsPerG == 1024)
        #expect(try BoardPlatform.accelerometerConfiguration(profile.accelerometer)?.unitsPerG == 1024)
        let driver = try BoardProfile.parse("[accelerometer]\nunits_per_g = 0\n", file: "t.toml")
        #expect(driver.accelerometer.unitsPerG == nil)
        #expect(try BoardPlatform.accelerometerConfiguration(driver.accelerometer)?.unitsPerG == nil)
        #expect(throws: BoardProfileError.self) { try BoardProfile.parse("[accelerometer]\nunits_per_g = -1\n", file: "t.toml") }
    }
}
