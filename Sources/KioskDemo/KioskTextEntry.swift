#if canImport(Glibc)
import Glibc
#endif
import Vitrine
import VitrineInput
import VitrineRime

// Text entry in the demo: the on-screen keyboard's layouts (the check-in types names in Latin
// and Cyrillic), set when the kiosk launches, and the Chinese Pinyin input method the room
// search types with, started when the rooms are first shown (librime checks its dictionaries as
// it starts, 0.02 s and 0.2 s the first time ever: not before the kiosk's first frame). A
// machine without librime's Pinyin schema still runs the demo (the search then matches only
// what the keyboard types directly) and says so in one log line.

/// The demo's on-screen keyboard layouts and its Pinyin engine.
@MainActor
public enum KioskTextEntry {
    /// The layouts the check-in needs: a board profile's `[keyboard] layouts` are kept, with
    /// these added after them when missing.
    public static let keyboardLayouts = ["us", "ru"]

    /// Where librime keeps its deployed dictionaries for the demo: `$XDG_CACHE_HOME/vitrine-demo/rime`,
    /// else `$HOME/.cache/vitrine-demo/rime`, else `/tmp/vitrine-demo-rime-<uid>`.
    public static var defaultUserDataDirectory: String {
        if let cache = environment("XDG_CACHE_HOME") { return cache + "/vitrine-demo/rime" }
        if let home = environment("HOME") { return home + "/.cache/vitrine-demo/rime" }
        return "/tmp/vitrine-demo-rime-\(getuid())"
    }

    /// The Pinyin configuration the demo starts librime with (the tests point it elsewhere to
    /// see the demo without a schema).
    public static var pinyinConfiguration = RimeConfiguration(userDataDirectory: defaultUserDataDirectory)

    /// Turns `keyboard` to the first of its layouts ("us" unless the profile says otherwise)
    /// unless it shows it already: what the email field asks for as it begins editing.
    public static func showLatinLayout(on keyboard: SystemKeyboard) {
        guard let first = keyboard.layouts.first else { return }
        for _ in keyboard.layouts where keyboard.currentLayout != first { keyboard.switchToNextLayout() }
    }

    /// The Pinyin engine, started by the first call (once per process: librime is
    /// process-wide), with what happened on `log`; nil, from then on, when librime could not
    /// start. Never throws: without the schema the demo runs on without Pinyin.
    public static func pinyin(log: (String) -> Void) -> RimeInputMethod? {
        if let attempt = pinyinAttempt { return attempt }
        let engine = startPinyin(configuration: pinyinConfiguration, log: log)
        pinyinAttempt = .some(engine)
        return engine
    }

    /// nil until `pinyin(log:)` first ran, then its outcome.
    private static var pinyinAttempt: RimeInputMethod??

    /// Sets `application`'s keyboard up for the demo (the layouts the check-in needs); says on
    /// `log` what it did.
    public static func start(in application: Application, log: (String) -> Void) {
        let keyboard = application.keyboard
        let missing = keyboardLayouts.filter { !keyboard.layouts.contains($0) }
        if !missing.isEmpty {
            // The built-in source knows only "us": Cyrillic keys come from XKB.
            if keyboard.layoutSource is BuiltinKeyboardLayoutSource { keyboard.layoutSource = XKBKeyboardLayoutSource() }
            keyboard.layouts += missing
        }
        log("keyboard layouts: \(keyboard.layouts.joined(separator: ", "))")
    }

    /// A Pinyin engine with `configuration`, or nil, with the reason on `log` ("room search
    /// without Pinyin: rime: … — install …"), when librime cannot start with it. librime is
    /// set up once per process: when the app (or a test) started it with another user data
    /// folder, the demo's engine is a session of that one.
    public static func startPinyin(configuration: RimeConfiguration, log: (String) -> Void) -> RimeInputMethod? {
        var configuration = configuration
        do {
            let engine: RimeInputMethod
            do {
                engine = try RimeInputMethod(configuration: configuration)
            } catch .alreadyStarted(let running) {
                configuration.userDataDirectory = running
                engine = try RimeInputMethod(configuration: configuration)
            }
            log("room search: Chinese Pinyin through librime (\(configuration.schema))")
            return engine
        } catch {
            log("room search without Pinyin: \(error)")
            return nil
        }
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }
}
