/// Looks strings up in one language: the language chosen from a `StringsBundle` for the
/// visitor's preferences, its plural rules, and the printf formatting of the arguments.
///
/// A value: making one is cheap (the bundle's tables are shared), so a language change makes a
/// new localizer (`Localization.current`) and the screens look their strings up again.
public struct Localizer: Sendable {
    /// The translations.
    public let bundle: StringsBundle
    /// The language chosen (a tag of the bundle, or the source language).
    public let language: String
    /// Applied to every string looked up (none by default).
    public let pseudoLocalization: PseudoLocalization
    private let chain: [String]

    /// A localizer for the language of `bundle` that best serves `preferredLanguages` (BCP 47
    /// tags, most wanted first; see `StringsBundle.bestLanguage(for:)`).
    public init(bundle: StringsBundle, preferredLanguages: [String], pseudoLocalization: PseudoLocalization = []) {
        self.bundle = bundle
        language = bundle.bestLanguage(for: preferredLanguages)
        self.pseudoLocalization = pseudoLocalization
        chain = bundle.lookupChain(for: language)
    }

    /// A localizer with no translations: every string is its key (or default value), formatted.
    public init(sourceLanguage: String = "en") {
        self.init(bundle: StringsBundle(sourceLanguage: sourceLanguage), preferredLanguages: [sourceLanguage])
    }

    /// Whether the language is written right to left (Arabic, Hebrew, Persian, Urdu and the other
    /// languages in Arabic or Hebrew script): screens mirror for it.
    public var isRightToLeft: Bool { Self.isRightToLeft(language) }

    /// The plural rules of the language.
    public var pluralRules: PluralRules { PluralRules(language: language) }

    /// Whether `language` (a BCP 47 tag) is written right to left: by its script subtag when it
    /// has one (`az-Arab`, `pa-Arab`), else by its language.
    public static func isRightToLeft(_ language: String) -> Bool {
        let subtags = StringsBundle.normalize(language).split(separator: "-").map(String.init)
        if let script = subtags.dropFirst().first(where: { $0.count == 4 }) {
            return ["arab", "hebr", "syrc", "thaa", "nkoo", "adlm", "rohg"].contains(script)
        }
        return ["ar", "he", "iw", "fa", "ur", "ps", "yi", "dv", "ckb", "sd", "ug", "syr"].contains(subtags.first ?? "")
    }

    /// The string for `value` (its key and arguments) in table `table`, with `defaultValue` (else
    /// the key) when no language of the chain has it.
    public func string(_ value: LocalizationValue, table: String? = nil, defaultValue: String? = nil) -> String {
        string(forKey: value.key, table: table, defaultValue: defaultValue, arguments: value.arguments)
    }

    /// The string for `key` in table `table` (`Localizable` when nil), formatted with
    /// `arguments` (in the order of the key's specifiers). Looked up in the language, then its
    /// shorter forms, then the source language; when none has it, `defaultValue` (else the key)
    /// is the format. The plural form is chosen by the rules of the language the string was
    /// found in. With no arguments the string is not a format and shows as it is (as in
    /// Foundation). An argument the format does not use is ignored, and a specifier without an
    /// argument writes nothing: a translation cannot crash the app.
    public func string(forKey key: String, table: String? = nil, defaultValue: String? = nil, arguments: [LocalizationArgument] = []) -> String {
        let found = bundle.translation(key, table: table ?? "Localizable", chain: chain)
        let translation = found?.0 ?? Translation(defaultValue ?? key)
        let rules = PluralRules(language: found?.1 ?? bundle.sourceLanguage)
        var format = Self.expand(translation, arguments: arguments, rules: rules)
        guard !arguments.isEmpty else { return pseudoLocalization.isEmpty ? format : pseudoLocalization.apply(text: format) }
        if !pseudoLocalization.isEmpty { format = pseudoLocalization.apply(to: format) }
        return Self.format(format, arguments)
    }

    /// The translation's format with its plural form chosen and its substitutions put in (as
    /// text: their forms' specifiers are numbered with the rest, as Foundation does).
    static func expand(_ translation: Translation, arguments: [LocalizationArgument], rules: PluralRules) -> String {
        var format = translation.format
        if let forms = translation.pluralForms {
            // The first numeric argument of the `other` form chooses.
            let pieces = FormatString.parse(forms.form(for: .other))
            var category = PluralCategory.other
            for case .conversion(let conversion) in pieces where conversion.argument < arguments.count {
                let argument = arguments[conversion.argument]
                if case .text = argument { continue }
                category = rules.category(of: argument.pluralOperands(precision: conversion.precision, character: conversion.character))
                break
            }
            format = forms.form(for: category)
        }
        guard !translation.substitutions.isEmpty, format.contains("%#@") else { return format }
        var result = ""
        for piece in FormatString.parse(format) {
            switch piece {
            case .literal(let text):
                result += text.replacing("%", with: "%%")
            case .conversion(let conversion):
                result += Self.specifier(conversion)
            case .substitution(let name, let tokenArgument):
                guard let substitution = translation.substitutions[name] else { continue }
                let argumentIndex = substitution.argument ?? tokenArgument
                let specifier = Self.cleanSpecifier(substitution.formatSpecifier)
                var category = PluralCategory.other
                if argumentIndex >= 0 && argumentIndex < arguments.count {
                    let precision = Self.precision(in: specifier)
                    category = rules.category(of: arguments[argumentIndex].pluralOperands(precision: precision, character: specifier.utf8.last ?? UInt8(ascii: "d")))
                }
                // Xcode writes the argument as `%arg` in a catalog's forms; a `.stringsdict`'s
                // form writes its own specifier, which means the token's argument unless it
                // gives a position (Foundation numbers it with the rest, so that a form without
                // a number shifts the arguments after it).
                let form = substitution.forms.form(for: category).replacing("%arg", with: "%\(argumentIndex + 1)$" + specifier)
                for formPiece in FormatString.parse(form) {
                    switch formPiece {
                    case .literal(let text): result += text.replacing("%", with: "%%")
                    case .conversion(var conversion):
                        if !conversion.isPositional { conversion.argument = argumentIndex }
                        result += Self.specifier(conversion)
                    case .substitution: break
                    }
                }
            }
        }
        return result
    }

    /// `format` with `arguments` put in.
    static func format(_ format: String, _ arguments: [LocalizationArgument]) -> String {
        guard format.utf8.contains(UInt8(ascii: "%")) else { return format }
        var result = ""
        for piece in FormatString.parse(format) {
            switch piece {
            case .literal(let text): result += text
            case .conversion(let conversion):
                FormatString.write(conversion, conversion.argument < arguments.count ? arguments[conversion.argument] : nil, into: &result)
            case .substitution: break
            }
        }
        return result
    }

    /// The specifier of a parsed conversion, written back positionally.
    private static func specifier(_ conversion: FormatString.Conversion) -> String {
        var text = "%\(conversion.argument + 1)$"
        text += String(decoding: conversion.flags, as: UTF8.self)
        if let width = conversion.width { text += String(width) }
        if let precision = conversion.precision { text += "." + String(precision) }
        text.unicodeScalars.append(Unicode.Scalar(conversion.character))
        return text
    }

    /// A catalog's `formatSpecifier` without a leading `%` (`lld`, `.1f`).
    private static func cleanSpecifier(_ specifier: String) -> String {
        let trimmed = specifier.hasPrefix("%") ? String(specifier.dropFirst()) : specifier
        return trimmed.isEmpty ? "lld" : trimmed
    }

    private static func precision(in specifier: String) -> Int? {
        guard let dot = specifier.firstIndex(of: ".") else { return nil }
        return Int(specifier[specifier.index(after: dot)...].prefix(while: \.isNumber))
    }
}
