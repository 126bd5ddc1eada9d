// The words the toolkit shows or says by itself (the back button's "Back", the keyboard's
// return key, the edit menu, the screen reader's trait words), translated for the languages
// Vitrine ships examples in. They live in code, not in a catalog file beside the binary: the
// toolkit has no bundle of its own to read one from (no Foundation `Bundle`), and a kiosk must
// not lose its "Back" button to a missing file.

/// The toolkit's own words in the app's language: `Localization.current`, the process-wide
/// localizer that `Application.localizer` sets and `String(localized:)` reads.
///
/// An app changes or adds translations with a table named `Vitrine` in its own strings (a
/// `Vitrine.xcstrings` catalog, or `Vitrine.strings` in an `xx.lproj` folder): a key found there
/// in the app's language wins over the built-in one. The keys are the English words
/// (`ToolkitStrings.keys`). Pseudo-localization applies to these words as to the app's.
@MainActor
public enum ToolkitStrings {
    /// The table an app's own strings may override the toolkit's words in.
    public static let tableName = "Vitrine"

    /// Every key the toolkit looks up: the English words themselves.
    public static var keys: [String] { builtIn.map(\.key) }

    /// The languages the toolkit has its own words for, as BCP 47 tags.
    public static let languages = ["en", "fr", "de", "es", "it", "ru", "ar", "he", "zh-Hans"]

    /// `key` in the language of `Localization.current`: the app's `Vitrine` table if it has the
    /// key in that language, else the built-in translation, else `key` itself.
    public static func string(_ key: String) -> String {
        let localizer = Localization.current
        if localizer.bundle.table(tableName, language: localizer.language)?.entries[key] != nil {
            return localizer.string(forKey: key, table: tableName)
        }
        return builtInLocalizer(for: localizer).string(forKey: key, table: tableName)
    }

    /// The localizer over the built-in table for the app's language and pseudo-localization,
    /// kept until either changes (lookups happen on layout, never per frame).
    private static func builtInLocalizer(for app: Localizer) -> Localizer {
        if let cached, cached.language == app.language, cached.pseudo == app.pseudoLocalization { return cached.localizer }
        let localizer = Localizer(bundle: bundle, preferredLanguages: [app.language], pseudoLocalization: app.pseudoLocalization)
        cached = (app.language, app.pseudoLocalization, localizer)
        return localizer
    }

    private static var cached: (language: String, pseudo: PseudoLocalization, localizer: Localizer)?

    private static let bundle: StringsBundle = {
        var bundle = StringsBundle(sourceLanguage: "en")
        for (index, language) in languages.enumerated() {
            var table = StringTable(name: tableName, language: language)
            for entry in builtIn { table.entries[entry.key] = Translation(entry.words[index]) }
            bundle.add(table)
        }
        return bundle
    }()

    /// Each key with its words in the order of `languages`.
    static let builtIn: [(key: String, words: [String])] = [
        // Navigation.
        ("Back", ["Back", "Retour", "Zurück", "Atrás", "Indietro", "Назад", "رجوع", "חזרה", "返回"]),
        ("Cancel", ["Cancel", "Annuler", "Abbrechen", "Cancelar", "Annulla", "Отменить", "إلغاء", "ביטול", "取消"]),
        // The keyboard's keys.
        ("space", ["space", "espace", "Leerzeichen", "espacio", "spazio", "Пробел", "مسافة", "רווח", "空格"]),
        ("return", ["return", "retour", "Eingabe", "intro", "invio", "ввод", "إدخال", "אישור", "换行"]),
        ("Go", ["Go", "Aller", "Los", "Ir", "Vai", "Перейти", "انتقال", "מעבר", "前往"]),
        ("Next", ["Next", "Suivant", "Weiter", "Siguiente", "Avanti", "Далее", "التالي", "הבא", "下一项"]),
        ("Search", ["Search", "Rechercher", "Suchen", "Buscar", "Cerca", "Найти", "بحث", "חיפוש", "搜索"]),
        ("Send", ["Send", "Envoyer", "Senden", "Enviar", "Invia", "Отправить", "إرسال", "שליחה", "发送"]),
        ("Done", ["Done", "OK", "Fertig", "OK", "Fine", "Готово", "تم", "סיום", "完成"]),
        ("Join", ["Join", "Rejoindre", "Verbinden", "Conectarse", "Accedi", "Подключиться", "انضمام", "הצטרפות", "加入"]),
        // The edit menu.
        ("Cut", ["Cut", "Couper", "Ausschneiden", "Cortar", "Taglia", "Вырезать", "قص", "גזירה", "剪切"]),
        ("Copy", ["Copy", "Copier", "Kopieren", "Copiar", "Copia", "Скопировать", "نسخ", "העתקה", "拷贝"]),
        ("Paste", ["Paste", "Coller", "Einsetzen", "Pegar", "Incolla", "Вставить", "لصق", "הדבקה", "粘贴"]),
        ("Select All", ["Select All", "Tout sélectionner", "Alles auswählen", "Seleccionar todo", "Seleziona tutto",
                        "Выбрать все", "تحديد الكل", "בחירת הכל", "全选"]),
        // What the screen reader says of an element's traits and state (VoiceOver's words).
        ("selected", ["selected", "sélectionné", "ausgewählt", "seleccionado", "selezionato", "выбрано", "محدد", "נבחר", "已选定"]),
        ("switch button", ["switch button", "bouton bascule", "Schalter", "botón de conmutación", "pulsante interruttore",
                           "переключатель", "زر تبديل", "כפתור מתג", "开关按钮"]),
        ("button", ["button", "bouton", "Taste", "botón", "pulsante", "кнопка", "زر", "כפתור", "按钮"]),
        ("link", ["link", "lien", "Link", "enlace", "link", "ссылка", "رابط", "קישור", "链接"]),
        ("heading", ["heading", "en-tête", "Überschrift", "encabezado", "intestazione", "заголовок", "عنوان", "כותרת", "标题"]),
        ("search field", ["search field", "champ de recherche", "Suchfeld", "campo de búsqueda", "campo di ricerca",
                          "поле поиска", "حقل البحث", "שדה חיפוש", "搜索栏"]),
        ("image", ["image", "image", "Bild", "imagen", "immagine", "изображение", "صورة", "תמונה", "图像"]),
        ("key", ["key", "touche", "Taste", "tecla", "tasto", "клавиша", "مفتاح", "מקש", "按键"]),
        ("adjustable", ["adjustable", "réglable", "anpassbar", "ajustable", "regolabile", "регулируемый", "قابل للتعديل",
                        "ניתן לכוונון", "可调整"]),
        ("tab bar", ["tab bar", "barre d’onglets", "Tableiste", "barra de pestañas", "barra dei pannelli", "панель вкладок",
                     "شريط علامات التبويب", "סרגל כרטיסיות", "标签栏"]),
        ("dimmed", ["dimmed", "estompé", "abgeblendet", "atenuado", "disattivato", "недоступно", "معتم", "מעומעם", "灰显"]),
        ("on", ["on", "activé", "ein", "activado", "attivo", "вкл.", "تشغيل", "פועל", "开"]),
        ("off", ["off", "désactivé", "aus", "desactivado", "non attivo", "выкл.", "إيقاف", "כבוי", "关"]),
    ]
}
