/// Reads a String Catalog (`.xcstrings`, the JSON file Xcode 15 and later writes) into one
/// `StringTable` per language it holds.
///
/// What it reads of each string's localization: a `stringUnit`'s `value`; `variations` by
/// `plural` (zero, one, two, few, many, other) and by `device` (a kiosk takes the `other`
/// device's variation); `substitutions` (`%#@name@` with `argNum`, `formatSpecifier` and plural
/// variations, where `%arg` stands for the argument). A unit in state `new` or with an empty
/// value is not a translation yet and is skipped, as Xcode's build does: the string shows in the
/// source language. Strings marked `"shouldTranslate": false` are kept only in the source
/// language. Unknown members are ignored, so catalogs from newer Xcodes still read.
public enum StringCatalogReader {
    /// The tables of the catalog in `bytes` (UTF-8 JSON), named `table`; the source language's
    /// table holds only the strings whose source localization differs from the key.
    public static func read(_ bytes: [UInt8], table: String, limits: StringsReaderLimits = .standard) throws(LocalizationError) -> (sourceLanguage: String, tables: [StringTable]) {
        let root = try JSONReader.parse(bytes, limits: limits)
        guard root.members != nil else { throw LocalizationError(.structure, "a string catalog is a JSON object; this file holds another value") }
        guard let sourceLanguage = root["sourceLanguage"]?.string, !sourceLanguage.isEmpty else {
            throw LocalizationError(.structure, "the catalog has no \"sourceLanguage\" (Xcode writes it, e.g. \"en\")")
        }
        guard let strings = root["strings"]?.members else {
            throw LocalizationError(.structure, "the catalog has no \"strings\" object")
        }
        var tables: [String: StringTable] = [:]
        for (key, entry) in strings {
            guard let localizations = entry["localizations"]?.members else { continue }
            let translatable = entry["shouldTranslate"] != .bool(false)
            for (language, localization) in localizations {
                guard translatable || language == sourceLanguage else { continue }
                guard let translation = try self.translation(localization, key: key, language: language) else { continue }
                tables[language, default: StringTable(name: table, language: language)].entries[key] = translation
            }
        }
        return (sourceLanguage, tables.keys.sorted().compactMap { tables[$0] })
    }

    private static func translation(_ localization: JSONValue, key: String, language: String) throws(LocalizationError) -> Translation? {
        var substitutions: [String: Translation.Substitution] = [:]
        if let named = localization["substitutions"]?.members {
            for (name, substitution) in named {
                let argument = substitution["argNum"]?.number.flatMap { Int(exactly: $0) }.map { $0 - 1 }
                let specifier = substitution["formatSpecifier"]?.string ?? "lld"
                guard let variations = substitution["variations"],
                      let forms = try pluralForms(variations, key: key, language: language) else { continue }
                substitutions[name] = Translation.Substitution(argument: argument, formatSpecifier: specifier, forms: forms)
            }
        }
        if let variations = localization["variations"] {
            guard let forms = try pluralForms(variations, key: key, language: language) else {
                // Varies by device only: the `other` device's unit.
                if let device = deviceVariation(variations), let value = unitValue(device) {
                    return Translation(format: value, pluralForms: nil, substitutions: substitutions)
                }
                return nil
            }
            return Translation(format: forms.form(for: .other), pluralForms: forms, substitutions: substitutions)
        }
        guard let value = unitValue(localization) else { return nil }
        return Translation(format: value, pluralForms: nil, substitutions: substitutions)
    }

    /// The plural forms under `variations` (directly, or under the `other` device); nil when it
    /// does not vary by plural.
    private static func pluralForms(_ variations: JSONValue, key: String, language: String) throws(LocalizationError) -> Translation.PluralForms? {
        var source = variations
        if variations["plural"] == nil, let device = deviceVariation(variations), let nested = device["variations"] {
            source = nested
        }
        guard let plural = source["plural"]?.members else { return nil }
        var forms: [PluralCategory: String] = [:]
        for (name, form) in plural {
            guard let category = PluralCategory(rawValue: name) else {
                throw LocalizationError(.structure, "\"\(key)\" in \(language): unknown plural category \"\(name)\" (zero, one, two, few, many, other)")
            }
            if let value = unitValue(form) { forms[category] = value }
        }
        if forms.isEmpty { return nil }
        guard let result = Translation.PluralForms(forms) else {
            throw LocalizationError(.structure, "\"\(key)\" in \(language) varies by plural without an \"other\" form (every language needs it)")
        }
        return result
    }

    private static func deviceVariation(_ variations: JSONValue) -> JSONValue? {
        guard let device = variations["device"] else { return nil }
        return device["other"] ?? device.members?.first?.value
    }

    private static func unitValue(_ localization: JSONValue) -> String? {
        guard let unit = localization["stringUnit"], let value = unit["value"]?.string, !value.isEmpty else { return nil }
        if unit["state"]?.string == "new" { return nil }
        return value
    }
}
