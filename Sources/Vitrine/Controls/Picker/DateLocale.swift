/// What `DatePicker` takes from a locale: month and weekday names, AM/PM, 12- or 24-hour wheels,
/// the order of the month, day and year wheels, and the day wheel's title pattern. Vitrine has
/// no ICU, so the locales it knows are a built-in table (`builtIn`, copied from the ICU data of
/// Swift 6.3's Foundation); an app that needs another builds one with the memberwise
/// initialiser (from `DateFormatter`'s symbols, if it links Foundation).
///
/// `current` is `en_001` (English, day-first dates, a 12-hour clock): what Foundation's
/// `Locale.current` is on Linux, where it reads no environment variable, so the picker shows
/// what it showed when it used Foundation.
public struct DateLocale: Sendable, Hashable, CustomStringConvertible {
    /// One of the date wheels.
    public enum Field: Sendable, Hashable {
        case month, day, year
    }

    /// The locale's name, as ICU spells it ("en_US_POSIX", "de_DE").
    public var identifier: String
    /// January … December as the month wheel shows them (ICU's stand-alone wide names).
    public var monthNames: [String]
    /// January … December abbreviated, for `dayTitlePattern`'s `MMM` (ICU's format names).
    public var shortMonthNames: [String]
    /// Sunday … Saturday abbreviated, for `dayTitlePattern`'s `EEE`.
    public var shortWeekdayNames: [String]
    /// The titles of the AM/PM wheel.
    public var amSymbol: String, pmSymbol: String
    /// Whether the hour wheel counts 12, 1 … 11 beside an AM/PM wheel (else 00 … 23).
    public var uses12HourClock: Bool
    /// The order of `.date`'s wheels: a permutation of month, day and year.
    public var dateFieldOrder: [Field]
    /// The day wheel's title in `.dateAndTime` ("Fri, Mar 15"), an ICU date pattern: `EEE` the
    /// short weekday, `MMM` the short month (`MMMM` the wheel's name, `M`/`MM` its number),
    /// `d`/`dd` the day, `y` the year, text in single quotes (`''` a quote) and any other
    /// character as it is.
    public var dayTitlePattern: String

    /// A locale of the app's own. Lists of the wrong length are repaired (with numbers for the
    /// missing names) and an order that is not a permutation of the three fields becomes
    /// month, day, year, each with a warning, when a picker uses the locale.
    public init(identifier: String, monthNames: [String], shortMonthNames: [String], shortWeekdayNames: [String],
                amSymbol: String, pmSymbol: String, uses12HourClock: Bool, dateFieldOrder: [Field],
                dayTitlePattern: String) {
        self.identifier = identifier
        self.monthNames = monthNames
        self.shortMonthNames = shortMonthNames
        self.shortWeekdayNames = shortWeekdayNames
        self.amSymbol = amSymbol
        self.pmSymbol = pmSymbol
        self.uses12HourClock = uses12HourClock
        self.dateFieldOrder = dateFieldOrder
        self.dayTitlePattern = dayTitlePattern
    }

    /// The built-in locale named `identifier` ("de_DE", "de-DE", "de_DE.UTF-8@euro"), or the
    /// first built-in one of its language ("de"); nil when there is none.
    public init?(identifier: String) {
        var name = Substring(identifier)
        if let cut = name.firstIndex(where: { $0 == "." || $0 == "@" }) { name = name[..<cut] }
        let wanted = name.replacingDashes()
        let language = wanted.split(separator: "_").first.map(String.init) ?? wanted
        guard let found = Self.builtIn.first(where: { $0.identifier == wanted })
            ?? Self.builtIn.first(where: { $0.identifier.split(separator: "_").first.map(String.init) == language })
        else { return nil }
        self = found
    }

    /// `en_001`, as Foundation's `Locale.current` on Linux (see above).
    public static var current: DateLocale { DateLocale(identifier: "en_001") ?? builtIn[0] }

    /// The date picker's default: the built-in locale of the app's language (the language of
    /// `Localization.current`, which `Application.localizer` sets) once the app has
    /// translations (its strings name a language besides the source one) and one of that
    /// language is built in; else `current` (English without a region stays `en_001`).
    public static var appLanguage: DateLocale {
        let localizer = Localization.current
        guard localizer.bundle.languages.count > 1, localizer.language != "en",
              let found = DateLocale(identifier: localizer.language) else { return current }
        return found
    }

    public var description: String { identifier }

    // MARK: Use

    /// The locale with its lists and order made usable, and what was wrong with them (nil when
    /// nothing was).
    func repaired() -> (locale: DateLocale, problem: String?) {
        var locale = self
        var problems: [String] = []
        func fill(_ names: inout [String], count: Int, label: String) {
            guard names.count != count else { return }
            problems.append("\(label) has \(names.count) names, not \(count)")
            names = (0..<count).map { names.indices.contains($0) ? names[$0] : String($0 + 1) }
        }
        fill(&locale.monthNames, count: 12, label: "monthNames")
        fill(&locale.shortMonthNames, count: 12, label: "shortMonthNames")
        fill(&locale.shortWeekdayNames, count: 7, label: "shortWeekdayNames")
        if Set(locale.dateFieldOrder) != [.month, .day, .year] || locale.dateFieldOrder.count != 3 {
            problems.append("dateFieldOrder \(locale.dateFieldOrder) is not a permutation of month, day and year")
            locale.dateFieldOrder = [.month, .day, .year]
        }
        return (locale, problems.isEmpty ? nil : "DateLocale \(identifier): " + problems.joined(separator: "; "))
    }

    /// `dayTitlePattern` filled in for a civil date (`weekday` 1 = Sunday … 7).
    func dayTitle(year: Int, month: Int, day: Int, weekday: Int) -> String {
        var title = ""
        var characters = Array(dayTitlePattern)[...]
        func name(_ names: [String], _ index: Int) -> String {
            names.indices.contains(index) ? names[index] : String(index + 1)
        }
        while let first = characters.first {
            var run = 1
            while run < characters.count, characters[characters.startIndex + run] == first { run += 1 }
            switch first {
            case "'":
                characters = characters.dropFirst()
                if characters.first == "'" { title.append("'"); characters = characters.dropFirst(); continue }
                while let next = characters.first {
                    characters = characters.dropFirst()
                    if next != "'" { title.append(next); continue }
                    guard characters.first == "'" else { break } // the closing quote
                    title.append("'")
                    characters = characters.dropFirst()
                }
                continue
            case "E": title += name(shortWeekdayNames, weekday - 1)
            case "M" where run >= 4: title += name(monthNames, month - 1)
            case "M" where run == 3: title += name(shortMonthNames, month - 1)
            case "M": title += run == 2 && month < 10 ? "0\(month)" : String(month)
            case "d": title += run == 2 && day < 10 ? "0\(day)" : String(day)
            case "y": title += String(year)
            default: title += String(repeating: first, count: run)
            }
            characters = characters.dropFirst(run)
        }
        return title
    }
}

private extension Substring {
    /// BCP 47's "de-DE" spelled as ICU's "de_DE".
    func replacingDashes() -> String { String(map { $0 == "-" ? "_" : $0 }) }
}

extension DateLocale {
    /// The locales Vitrine knows by name, as Swift 6.3's Foundation reads ICU's data
    /// (`DateFormatter`'s month, weekday and AM/PM symbols and its patterns for the templates
    /// "j", "yMMMMd" and "EEEMMMd"). The first of a language answers for the language alone.
    public static let builtIn: [DateLocale] = [
        DateLocale(identifier: "en_US",
                   monthNames: ["January", "February", "March", "April", "May", "June",
                                "July", "August", "September", "October", "November", "December"],
                   shortMonthNames: ["Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                     "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
                   shortWeekdayNames: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
                   amSymbol: "AM", pmSymbol: "PM", uses12HourClock: true,
                   dateFieldOrder: [.month, .day, .year], dayTitlePattern: "EEE, MMM d"),
        DateLocale(identifier: "en_US_POSIX",
                   monthNames: ["January", "February", "March", "April", "May", "June",
                                "July", "August", "September", "October", "November", "December"],
                   shortMonthNames: ["Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                     "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
                   shortWeekdayNames: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
                   amSymbol: "AM", pmSymbol: "PM", uses12HourClock: true,
                   dateFieldOrder: [.month, .day, .year], dayTitlePattern: "EEE, MMM d"),
        DateLocale(identifier: "en_001",
                   monthNames: ["January", "February", "March", "April", "May", "June",
                                "July", "August", "September", "October", "November", "December"],
                   shortMonthNames: ["Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                     "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
                   shortWeekdayNames: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
                   amSymbol: "AM", pmSymbol: "PM", uses12HourClock: true,
                   dateFieldOrder: [.day, .month, .year], dayTitlePattern: "EEE, d MMM"),
        DateLocale(identifier: "en_GB",
                   monthNames: ["January", "February", "March", "April", "May", "June",
                                "July", "August", "September", "October", "November", "December"],
                   shortMonthNames: ["Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                     "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
                   shortWeekdayNames: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
                   amSymbol: "am", pmSymbol: "pm", uses12HourClock: false,
                   dateFieldOrder: [.day, .month, .year], dayTitlePattern: "EEE d MMM"),
        DateLocale(identifier: "de_DE",
                   monthNames: ["Januar", "Februar", "März", "April", "Mai", "Juni",
                                "Juli", "August", "September", "Oktober", "November", "Dezember"],
                   shortMonthNames: ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni",
                                     "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."],
                   shortWeekdayNames: ["So.", "Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa."],
                   amSymbol: "AM", pmSymbol: "PM", uses12HourClock: false,
                   dateFieldOrder: [.day, .month, .year], dayTitlePattern: "EEE d. MMM"),
        DateLocale(identifier: "fr_FR",
                   monthNames: ["janvier", "février", "mars", "avril", "mai", "juin",
                                "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
                   shortMonthNames: ["janv.", "févr.", "mars", "avr.", "mai", "juin",
                                     "juil.", "août", "sept.", "oct.", "nov.", "déc."],
                   shortWeekdayNames: ["dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."],
                   amSymbol: "AM", pmSymbol: "PM", uses12HourClock: false,
                   dateFieldOrder: [.day, .month, .year], dayTitlePattern: "EEE d MMM"),
        DateLocale(identifier: "es_ES",
                   monthNames: ["enero", "febrero", "marzo", "abril", "mayo", "junio",
                                "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
                   shortMonthNames: ["ene", "feb", "mar", "abr", "may", "jun",
                                     "jul", "ago", "sept", "oct", "nov", "dic"],
                   shortWeekdayNames: ["dom", "lun", "mar", "mié", "jue", "vie", "sáb"],
                   amSymbol: "a.\u{202F}m.", pmSymbol: "p.\u{202F}m.", uses12HourClock: false,
                   dateFieldOrder: [.day, .month, .year], dayTitlePattern: "EEE, d MMM"),
        DateLocale(identifier: "it_IT",
                   monthNames: ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno",
                                "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"],
                   shortMonthNames: ["gen", "feb", "mar", "apr", "mag", "giu",
                                     "lug", "ago", "set", "ott", "nov", "dic"],
                   shortWeekdayNames: ["dom", "lun", "mar", "mer", "gio", "ven", "sab"],
                   amSymbol: "AM", pmSymbol: "PM", uses12HourClock: false,
                   dateFieldOrder: [.day, .month, .year], dayTitlePattern: "EEE d MMM"),
        DateLocale(identifier: "nl_NL",
                   monthNames: ["januari", "februari", "maart", "april", "mei", "juni",
                                "juli", "augustus", "september", "oktober", "november", "december"],
                   shortMonthNames: ["jan", "feb", "mrt", "apr", "mei", "jun",
                                     "jul", "aug", "sep", "okt", "nov", "dec"],
                   shortWeekdayNames: ["zo", "ma", "di", "wo", "do", "vr", "za"],
                   amSymbol: "AM", pmSymbol: "PM", uses12HourClock: false,
                   dateFieldOrder: [.day, .month, .year], dayTitlePattern: "EEE d MMM"),
        DateLocale(identifier: "pt_BR",
                   monthNames: ["janeiro", "fevereiro", "março", "abril", "maio", "junho",
                                "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"],
                   shortMonthNames: ["jan.", "fev.", "mar.", "abr.", "mai.", "jun.",
                                     "jul.", "ago.", "set.", "out.", "nov.", "dez."],
                   shortWeekdayNames: ["dom.", "seg.", "ter.", "qua.", "qui.", "sex.", "sáb."],
                   amSymbol: "AM", pmSymbol: "PM", uses12HourClock: false,
                   dateFieldOrder: [.day, .month, .year], dayTitlePattern: "EEE, d 'de' MMM"),
        DateLocale(identifier: "sv_SE",
                   monthNames: ["januari", "februari", "mars", "april", "maj", "juni",
                                "juli", "augusti", "september", "oktober", "november", "december"],
                   shortMonthNames: ["jan.", "feb.", "mars", "apr.", "maj", "juni",
                                     "juli", "aug.", "sep.", "okt.", "nov.", "dec."],
                   shortWeekdayNames: ["sön", "mån", "tis", "ons", "tors", "fre", "lör"],
                   amSymbol: "fm", pmSymbol: "em", uses12HourClock: false,
                   dateFieldOrder: [.day, .month, .year], dayTitlePattern: "EEE d MMM"),
        DateLocale(identifier: "pl_PL",
                   monthNames: ["styczeń", "luty", "marzec", "kwiecień", "maj", "czerwiec",
                                "lipiec", "sierpień", "wrzesień", "październik", "listopad", "grudzień"],
                   shortMonthNames: ["sty", "lut", "mar", "kwi", "maj", "cze",
                                     "lip", "sie", "wrz", "paź", "lis", "gru"],
                   shortWeekdayNames: ["niedz.", "pon.", "wt.", "śr.", "czw.", "pt.", "sob."],
                   amSymbol: "AM", pmSymbol: "PM", uses12HourClock: false,
                   dateFieldOrder: [.day, .month, .year], dayTitlePattern: "EEE, d MMM"),
        DateLocale(identifier: "ja_JP",
                   monthNames: ["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"],
                   shortMonthNames: ["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"],
                   shortWeekdayNames: ["日", "月", "火", "水", "木", "金", "土"],
                   amSymbol: "午前", pmSymbol: "午後", uses12HourClock: false,
                   dateFieldOrder: [.year, .month, .day], dayTitlePattern: "M月d日(EEE)"),
        DateLocale(identifier: "zh_CN",
                   monthNames: ["一月", "二月", "三月", "四月", "五月", "六月", "七月", "八月", "九月", "十月", "十一月", "十二月"],
                   shortMonthNames: ["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"],
                   shortWeekdayNames: ["周日", "周一", "周二", "周三", "周四", "周五", "周六"],
                   amSymbol: "上午", pmSymbol: "下午", uses12HourClock: false,
                   dateFieldOrder: [.year, .month, .day], dayTitlePattern: "M月d日 EEE"),
        // Right-to-left languages: a picker in a right-to-left view shows the wheels in this
        // order from the right (day at the right, year at the left).
        DateLocale(identifier: "ar",
                   monthNames: ["يناير", "فبراير", "مارس", "أبريل", "مايو", "يونيو",
                                "يوليو", "أغسطس", "سبتمبر", "أكتوبر", "نوفمبر", "ديسمبر"],
                   shortMonthNames: ["يناير", "فبراير", "مارس", "أبريل", "مايو", "يونيو",
                                     "يوليو", "أغسطس", "سبتمبر", "أكتوبر", "نوفمبر", "ديسمبر"],
                   shortWeekdayNames: ["أحد", "اثنين", "ثلاثاء", "أربعاء", "خميس", "جمعة", "سبت"],
                   amSymbol: "ص", pmSymbol: "م", uses12HourClock: true,
                   dateFieldOrder: [.day, .month, .year], dayTitlePattern: "EEE، d MMM"),
        DateLocale(identifier: "he_IL",
                   monthNames: ["ינואר", "פברואר", "מרץ", "אפריל", "מאי", "יוני",
                                "יולי", "אוגוסט", "ספטמבר", "אוקטובר", "נובמבר", "דצמבר"],
                   shortMonthNames: ["ינו׳", "פבר׳", "מרץ", "אפר׳", "מאי", "יוני", "יולי", "אוג׳", "ספט׳", "אוק׳", "נוב׳", "דצמ׳"],
                   shortWeekdayNames: ["יום א׳", "יום ב׳", "יום ג׳", "יום ד׳", "יום ה׳", "יום ו׳", "שבת"],
                   amSymbol: "לפ׳", pmSymbol: "אח׳", uses12HourClock: false,
                   dateFieldOrder: [.day, .month, .year], dayTitlePattern: "EEE, d בMMM"),
    ]
}
