/// One string of a table in one language: a format, or forms by plural category, with named
/// substitutions (`%#@rooms@`) that have forms of their own.
///
/// This is what a string catalog's localization, a `.strings` entry or a `.stringsdict` entry
/// reads into; `Localizer` picks the forms and fills in the arguments.
public struct Translation: Hashable, Sendable {
    /// Forms of a string or a substitution by plural category; `other` is always present.
    public struct PluralForms: Hashable, Sendable {
        /// The form of each category given.
        public var forms: [PluralCategory: String]

        /// Forms from `forms`; nil unless `other` is among them (CLDR's rule: every language
        /// has `other`, and a translation without it cannot be chosen for every number).
        public init?(_ forms: [PluralCategory: String]) {
            guard forms[.other] != nil else { return nil }
            self.forms = forms
        }

        /// The form for `category`, else `other`.
        public func form(for category: PluralCategory) -> String {
            forms[category] ?? forms[.other] ?? ""
        }
    }

    /// A named substitution: the argument it varies by and its forms (each form is a format in
    /// which the argument's own specifier, or `%arg` as Xcode writes it, stands for that
    /// argument).
    public struct Substitution: Hashable, Sendable {
        /// The 0-based index of the argument, or nil to take the one at the token's place in the
        /// format (as a `.stringsdict` does).
        public var argument: Int?
        /// The printf conversion of the argument, as the catalog gives it (`lld`, `d`, `@`).
        public var formatSpecifier: String
        /// The forms.
        public var forms: PluralForms

        /// A substitution of `argument` written with `formatSpecifier`, in `forms`.
        public init(argument: Int?, formatSpecifier: String, forms: PluralForms) {
            self.argument = argument
            self.formatSpecifier = formatSpecifier
            self.forms = forms
        }
    }

    /// The format, when the string does not vary by plural (it may hold substitution tokens).
    public var format: String
    /// Forms chosen by the first numeric argument, when the string varies by plural; `format` is
    /// then the `other` form.
    public var pluralForms: PluralForms?
    /// The substitutions its formats name.
    public var substitutions: [String: Substitution]

    /// A plain format.
    public init(_ format: String) {
        self.format = format
        pluralForms = nil
        substitutions = [:]
    }

    /// A string with plural `forms` and `substitutions`.
    public init(format: String, pluralForms: PluralForms?, substitutions: [String: Substitution] = [:]) {
        self.format = format
        self.pluralForms = pluralForms
        self.substitutions = substitutions
    }

    /// Every format it holds (for checks and pseudo-localization).
    var allFormats: [String] {
        var formats = [format]
        if let pluralForms { formats += pluralForms.forms.values }
        for substitution in substitutions.values { formats += substitution.forms.forms.values }
        return formats
    }

    /// The same translation with every format passed through `transform`.
    func mapFormats(_ transform: (String) -> String) -> Translation {
        var copy = self
        copy.format = transform(format)
        if let forms = pluralForms {
            copy.pluralForms = PluralForms(forms.forms.mapValues(transform))
        }
        copy.substitutions = substitutions.mapValues { substitution in
            var changed = substitution
            changed.forms = PluralForms(substitution.forms.forms.mapValues(transform)) ?? substitution.forms
            return changed
        }
        return copy
    }
}

/// The strings of one table (`Localizable` by default) in one language, by key.
public struct StringTable: Hashable, Sendable {
    /// The table's name: the file's name without its extension (`Localizable`, `Settings`).
    public var name: String
    /// The language, a BCP 47 tag as the file names it (`ar`, `pt-BR`, `zh-Hans`).
    public var language: String
    /// The translations, by key.
    public var entries: [String: Translation]

    /// A table named `name` in `language` holding `entries`.
    public init(name: String, language: String, entries: [String: Translation] = [:]) {
        self.name = name
        self.language = language
        self.entries = entries
    }
}
