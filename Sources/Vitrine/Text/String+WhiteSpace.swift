extension StringProtocol {
    /// The text without white space (spaces, tabs, line ends, Unicode's other spaces) at either
    /// end: Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)`, which the core does
    /// not import.
    package func trimmingWhiteSpace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
