import Testing
@testable import VitrineBoard
@testable import VitrineInput
import Vitrine

/// `[input] scanners`, `[input.scanner_keymap]`, `scan_gap`, `scan_max_length`: the barcode
/// scanners, read with their own keymap whatever the panel's.
@MainActor
@Suite struct ScannerProfileTests {
    @Test func scannersAreNamedByDeviceNameOrNodeAndReachLibInputAndTheirSource() throws {
        let board = try profile("""
            [input]
            scanners = ["Honeywell Imaging 1900", "/dev/input/by-id/usb-Zebra-event-kbd"]
            scan_gap = 0.1
            scan_max_length = 256

            [input.keymap]
            layout = "de"

            [input.scanner_keymap]
            layout = "us"
            variant = "intl"
            """)
        let scanner = board.input.scanner
        #expect(scanner.devices == ["Honeywell Imaging 1900", "/dev/input/by-id/usb-Zebra-event-kbd"])
        #expect(scanner.gap == 0.1 && scanner.maximumLength == 256)
        #expect(scanner.keymap == KeymapNames(layout: "us", variant: "intl"))
        #expect(board.input.keymap.layout == "de")
        #expect(BoardPlatform.inputConfiguration(board).scanners == scanner.devices)
        #expect(throws: Never.self) { try scanner.validate() }
    }

    @Test func withoutScannersNothingIsReadAndTheScannerKeymapIsUSWhateverThePanels() throws {
        let board = try profile("[input.keymap]\nlayout = \"fr\"\n")
        #expect(board.input.scanner == ScannerConfiguration())
        #expect(board.input.scanner.devices.isEmpty)
        #expect(board.input.scanner.keymap.layout == "us")
        #expect(board.input.scanner.gap == 0.25 && board.input.scanner.maximumLength == 1024)
        #expect(BoardPlatform.inputConfiguration(board).scanners.isEmpty)
    }

    @Test func aBadScannerEntrySaysWhatToWriteWithItsLine() {
        for bad in ["scanners = \"Honeywell\"", "scanners = [\"\"]", "scanners = [\"/tmp/scanner\"]", "scanners = [3]"] {
            let text = profileError("[input]\n\(bad)\n").map { "\($0)" } ?? ""
            #expect(text.contains("scanners") && text.contains("device names as `vitrine devices` lists them")
                    && text.contains("test.toml:2:"), "\(text)")
        }
    }

    @Test func aGapOrLengthOutOfRangeSaysTheRange() {
        let gap = profileError("[input]\nscan_gap = 10\n").map { "\($0)" } ?? ""
        #expect(gap.contains("scan_gap") && gap.contains("from 0.01 to 5 seconds") && gap.contains("test.toml:2:"), "\(gap)")
        let length = profileError("[input]\n\nscan_max_length = 0\n").map { "\($0)" } ?? ""
        #expect(length.contains("scan_max_length") && length.contains("from 1 to 65536") && length.contains("test.toml:3:"), "\(length)")
        let keymap = profileError("[input.scanner_keymap]\nlayout = \"\"\n").map { "\($0)" } ?? ""
        #expect(keymap.contains("layout") && keymap.contains("xkb layouts such as"), "\(keymap)")
        let unknown = profileError("[input.scanner_keymap]\nlayuot = \"us\"\n").map { "\($0)" } ?? ""
        #expect(unknown.contains("layuot"), "\(unknown)")
    }
}
