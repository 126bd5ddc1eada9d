/// A string to translate, written with interpolations: its key is the literal text with a printf
/// specifier for each interpolated value, as Xcode extracts it from `String(localized:)`
/// (`"\(count) rooms free"` has the key `"%lld rooms free"` and one integer argument), so a
/// String Catalog made by Xcode from the same source code matches.
///
/// Specifiers: `%lld` for signed integers, `%llu` for unsigned ones, `%lf` for `Double`, `%f` for
/// `Float`, `%@` for strings and anything else (its description). A `%` in the literal text
/// of an interpolated value is written `%%` in the key; a value without interpolations is not a
/// format: its key is the text as written.
public struct LocalizationValue: ExpressibleByStringInterpolation, Hashable, Sendable, CustomStringConvertible {
    /// The key: the format with a specifier for each interpolated value.
    public private(set) var key: String
    /// The interpolated values, in order.
    public private(set) var arguments: [LocalizationArgument]

    /// Builds a key and its arguments from the pieces of a string literal.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var key = ""
        var arguments: [LocalizationArgument] = []

        /// Space for `literalCapacity` bytes of text and `interpolationCount` values.
        public init(literalCapacity: Int, interpolationCount: Int) {
            key.reserveCapacity(literalCapacity + 4 * interpolationCount)
            arguments.reserveCapacity(interpolationCount)
        }

        /// Literal text (`%` doubled).
        public mutating func appendLiteral(_ literal: String) {
            key += literal.replacing("%", with: "%%")
        }

        /// A signed integer: `%lld`.
        public mutating func appendInterpolation<Value: BinaryInteger & SignedInteger>(_ value: Value) {
            key += "%lld"
            arguments.append(.integer(Int64(clamping: value)))
        }

        /// An unsigned integer: `%llu`.
        public mutating func appendInterpolation<Value: BinaryInteger & UnsignedInteger>(_ value: Value) {
            key += "%llu"
            arguments.append(.unsigned(UInt64(clamping: value)))
        }

        /// A `Double`: `%lf`.
        public mutating func appendInterpolation(_ value: Double) {
            key += "%lf"
            arguments.append(.number(value))
        }

        /// A `Float`: `%f`.
        public mutating func appendInterpolation(_ value: Float) {
            key += "%f"
            arguments.append(.number(Double(value)))
        }

        /// A string: `%@`.
        public mutating func appendInterpolation(_ value: String) {
            key += "%@"
            arguments.append(.text(value))
        }

        /// Any other value, by its description: `%@`.
        public mutating func appendInterpolation<Value: CustomStringConvertible>(_ value: Value) {
            key += "%@"
            arguments.append(.text(value.description))
        }
    }

    /// A value of literal text only: the key is the text as written.
    public init(stringLiteral value: String) {
        key = value
        arguments = []
    }

    /// A value built by interpolation.
    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.key
        arguments = stringInterpolation.arguments
    }

    /// A value with a key given as it is (a `%` in it is a specifier) and its arguments.
    public init(key: String, arguments: [LocalizationArgument] = []) {
        self.key = key
        self.arguments = arguments
    }

    /// The key.
    public var description: String { key }
}
