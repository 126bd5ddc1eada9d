/// One code read by a barcode scanner: the whole code at once, as the scanner typed it through
/// its own keymap (`[input.scanner_keymap]`, `us` by default), whatever the panel's keyboard
/// layout. A scan never reaches a text field as keys: the scanner's device is taken for the
/// app alone, and its keys are put together into this one value (see `ScannerSource`).
///
/// Delivered to the key window's first responder as `Responder.scannerDidRead(_:with:)`.
public struct Scan: Sendable, Hashable, CustomStringConvertible {
    /// How the scanner ended the code.
    public enum Ending: Sendable, Hashable {
        /// Return or keypad Enter (KEY_ENTER, KEY_KPENTER): the suffix most scanners send.
        case returnKey
        /// No key followed for the scanner's gap (`[input] scan_gap`): a scanner set up to
        /// send no suffix.
        case pause
    }

    /// The characters read, without the Return that ended them. Control characters the
    /// scanner typed with Ctrl (GS, 0x1D, between GS1 fields) are kept.
    public var code: String
    /// The scanner's device name as the kernel reports it (`vitrine devices` lists it), so an
    /// app with two scanners (an entry and an exit) tells them apart.
    public var scanner: String
    /// How the code ended.
    public var ending: Ending
    /// Whether the code was longer than the scanner's limit (`[input] scan_max_length`) and
    /// `code` holds only its first part: check it before trusting the code.
    public var isTruncated: Bool
    /// When the code was complete (its last key), in seconds on the run loop's clock.
    public var timestamp: Double

    /// Creates a scan.
    public init(code: String, scanner: String, ending: Ending = .returnKey, isTruncated: Bool = false,
                timestamp: Double) {
        self.code = code
        self.scanner = scanner
        self.ending = ending
        self.isTruncated = isTruncated
        self.timestamp = timestamp
    }

    /// The code, the scanner and how it ended, for logs.
    public var description: String {
        "scan \"\(code)\" from \"\(scanner)\" (\(ending == .returnKey ? "Return" : "pause")\(isTruncated ? ", truncated" : ""))"
    }
}
