/// One value put into a translated string: what `%lld`, `%lf` or `%@` in its format stands for.
///
/// `LocalizationValue`'s interpolations make these; an app calling `Localizer.string(_:arguments:)`
/// itself passes them in the order of the key's specifiers.
public enum LocalizationArgument: Hashable, Sendable {
    /// A signed integer (`%d`, `%i`, `%ld`, `%lld`); also chooses a plural form.
    case integer(Int64)
    /// An unsigned integer (`%u`, `%lu`, `%llu`, `%x`); also chooses a plural form.
    case unsigned(UInt64)
    /// A floating-point number (`%f`, `%lf`, `%.1f`, `%g`, `%e`); chooses a plural form as written.
    case number(Double)
    /// Text (`%@`), put in as it is.
    case text(String)
}

extension LocalizationArgument: CustomStringConvertible {
    /// The value as `%@` writes it.
    public var description: String {
        switch self {
        case .integer(let value): String(value)
        case .unsigned(let value): String(value)
        case .number(let value): FormatString.formatNumber(value, conversion: UInt8(ascii: "g"), flags: [], width: nil, precision: nil)
        case .text(let text): text
        }
    }
}
