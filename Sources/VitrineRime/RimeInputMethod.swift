import CRime
import Glibc
import Vitrine

/// Chinese Pinyin through librime: an `InputMethod` for `Application.inputMethod`.
///
/// ```swift
/// let pinyin = try RimeInputMethod(configuration: RimeConfiguration(userDataDirectory: "/var/lib/kiosk/rime"))
/// app.inputMethod = pinyin   // Ctrl-Space turns it off and on
/// ```
///
/// librime is a process-wide engine: the first instance sets it up and deploys the schema into
/// the user data folder (Debian ships the dictionaries prebuilt, so this is a check of well
/// under a second; building them from the YAML sources, with no prebuilt data, takes seconds —
/// `deploymentSeconds` says what this process spent). Later instances open another session.
///
/// Every call is synchronous and runs on the main actor, as librime's API is: a key is a few
/// microseconds to a millisecond (a dictionary lookup in memory-mapped tables), well within a
/// frame; only the first start's deployment may block the main thread for longer, so an app
/// creates its engine at start, before the first frame.
@MainActor
public final class RimeInputMethod: InputMethod {
    /// "Pinyin".
    public let name = "Pinyin"
    /// The configuration librime runs with.
    public let configuration: RimeConfiguration
    /// The composition after the last call.
    public private(set) var state = InputMethodState.idle
    /// Seconds this process spent setting librime up and deploying (0 for a later instance's
    /// share: it is counted once).
    public static var deploymentSeconds: Double { RimeRuntime.deploymentSeconds }

    private let session: RimeSessionId
    private var pendingCommit: String?

    /// Starts librime if needed and opens a session on `configuration.schema`. Throws a
    /// `RimeError` saying what to install or fix.
    public init(configuration: RimeConfiguration) throws(RimeError) {
        try RimeRuntime.start(configuration)
        let api = RimeRuntime.api
        let session = api.pointee.create_session()
        guard session != 0 else { throw .schemaFailed(schema: configuration.schema) }
        guard api.pointee.select_schema(session, configuration.schema) != 0,
              Self.currentSchema(session) == configuration.schema else {
            _ = api.pointee.destroy_session(session)
            throw .schemaFailed(schema: configuration.schema)
        }
        self.configuration = configuration
        self.session = session
    }

    isolated deinit {
        _ = RimeRuntime.api.pointee.destroy_session(session)
    }

    // MARK: InputMethod

    public func process(_ key: InputMethodKey) -> Swift.Bool {
        guard let keysym = Self.keysym(for: key) else { return false }
        let consumed = RimeRuntime.api.pointee.process_key(session, keysym, 0) != 0
        refresh()
        return consumed
    }

    public func takeCommit() -> String? {
        defer { pendingCommit = nil }
        return pendingCommit
    }

    public func selectCandidate(at index: Int) -> Swift.Bool {
        guard state.candidates.indices.contains(index) else { return false }
        let chosen = RimeRuntime.api.pointee.select_candidate_on_current_page(session, index) != 0
        refresh()
        return chosen
    }

    public func reset() {
        RimeRuntime.api.pointee.clear_composition(session)
        // Drain a commit librime may hold so the next key starts clean.
        refresh()
        pendingCommit = nil
        state = .idle
    }

    // MARK: librime's output

    /// Reads librime's commit (appended to any not yet taken) and context into `state`.
    private func refresh() {
        let api = RimeRuntime.api
        var commit = RimeCommit()
        commit.data_size = Int32(MemoryLayout<RimeCommit>.size - MemoryLayout<Int32>.size)
        if api.pointee.get_commit(session, &commit) != 0 {
            let text = Self.string(commit.text)
            if !text.isEmpty { pendingCommit = (pendingCommit ?? "") + text }
            _ = api.pointee.free_commit(&commit)
        }
        var context = RimeContext()
        context.data_size = Int32(MemoryLayout<RimeContext>.size - MemoryLayout<Int32>.size)
        guard api.pointee.get_context(session, &context) != 0 else { state = .idle; return }
        defer { _ = api.pointee.free_context(&context) }
        let composition = context.composition
        var next = InputMethodState()
        if composition.length > 0, let preedit = composition.preedit {
            let bytes = UnsafeRawPointer(preedit).assumingMemoryBound(to: UInt8.self)
            let length = strlen(preedit)
            let cursor = min(max(Int(composition.cursor_pos), 0), length)
            next.preedit = String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
            next.preeditCursor = String(decoding: UnsafeBufferPointer(start: bytes, count: cursor), as: UTF8.self).count
        }
        let menu = context.menu
        if menu.num_candidates > 0, let candidates = menu.candidates {
            next.candidates = (0..<Int(menu.num_candidates)).map { Self.string(candidates[$0].text) }
            next.highlightedCandidate = Int(menu.highlighted_candidate_index)
            next.page = Int(menu.page_no)
            next.isLastPage = menu.is_last_page != 0
        }
        state = next
    }

    /// librime's UTF-8 as a String; invalid bytes become U+FFFD (which the fields drop).
    static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(decoding: UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                                    count: strlen(pointer)), as: UTF8.self)
    }

    static func string(_ pointer: UnsafeMutablePointer<CChar>?) -> String { string(UnsafePointer(pointer)) }

    private static func currentSchema(_ session: RimeSessionId) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        guard RimeRuntime.api.pointee.get_current_schema(session, &buffer, buffer.count) != 0 else { return "" }
        return buffer.withUnsafeBufferPointer { string($0.baseAddress) }
    }

    /// The X11 keysym librime expects for `key` (Latin-1 characters are their code point,
    /// others 0x0100_0000 + their code point); nil for a character of several scalars.
    static func keysym(for key: InputMethodKey) -> Int32? {
        switch key {
        case .backspace: return 0xFF08
        case .return: return 0xFF0D
        case .escape: return 0xFF1B
        case .space: return 0x20
        case .left: return 0xFF51
        case .up: return 0xFF52
        case .right: return 0xFF53
        case .down: return 0xFF54
        case .pageUp: return 0xFF55
        case .pageDown: return 0xFF56
        case .character(let c):
            guard c.unicodeScalars.count == 1, let scalar = c.unicodeScalars.first else { return nil }
            return Int32(scalar.value < 0x100 ? scalar.value : 0x0100_0000 + scalar.value)
        }
    }
}
