import Logging
import VitrineGraphics

/// Decoded images, bounded in bytes: entries are keyed by their source (a file's path, or the
/// `ImageSource` object for data in memory) and the pixel size they were decoded at, and the
/// least recently used go first when the bytes held pass `capacity`. `ImageView` draws through
/// `shared`; an app sets `shared.capacity` to what its screen and pictures need.
///
/// A file changed on disk after it was decoded is not noticed until `removeAll()`. A decode
/// that fails is remembered (and logged once), so a damaged file is not decoded again at each
/// redraw.
@MainActor
public final class ImageCache {
    /// The cache `ImageView` and `Image.surface(fitting:transform:)` use.
    public static let shared = ImageCache()
    /// The default capacity: 32 MiB, four 1920×1080 pictures.
    public static let defaultCapacity = 32 << 20

    /// The most bytes of pixels kept (negative is taken as 0). Lowering it evicts at once. A
    /// decode larger than the whole capacity is returned but not kept.
    public var capacity: Int {
        didSet {
            capacity = max(capacity, 0)
            evict(toFit: 0)
        }
    }
    /// The bytes of pixels held now (each entry's stride × height).
    public private(set) var byteCount = 0
    /// The decodes held now.
    public var count: Int { entries.count }
    /// Decodes asked for that were held (for tests and tuning).
    public private(set) var hits = 0
    /// Decodes asked for that had to be made.
    public private(set) var misses = 0

    private struct Key: Hashable {
        enum Origin: Hashable {
            case file(String)
            case object(ObjectIdentifier)
        }
        var origin: Origin
        var width: Int
        var height: Int
    }

    private struct Entry {
        var surface: Surface
        var bytes: Int
        var lastUse: UInt64
        /// Keeps a memory source alive while its `ObjectIdentifier` is a key.
        var source: ImageSource
    }

    private var entries: [Key: Entry] = [:]
    private var failures: [Key: ImageError] = [:]
    private var tick: UInt64 = 0
    private let logger = Logger(label: "vitrine.image")

    /// A cache holding at most `capacity` bytes of pixels.
    public init(capacity: Int = ImageCache.defaultCapacity) {
        self.capacity = max(capacity, 0)
    }

    /// `source` decoded to fill `width`×`height` pixels (see `ImageSource.decode(width:height:)`,
    /// which never enlarges a raster image): from the cache, or decoded now and kept.
    public func surface(for source: ImageSource, width: Int, height: Int) throws(ImageError) -> Surface {
        let size = source.decodedSize(width: width, height: height)
        let origin: Key.Origin = source.path.map { .file($0) } ?? .object(ObjectIdentifier(source))
        let key = Key(origin: origin, width: size.width, height: size.height)
        tick &+= 1
        if var entry = entries[key] {
            hits += 1
            entry.lastUse = tick
            entries[key] = entry
            return entry.surface
        }
        if let failure = failures[key] { throw failure }
        misses += 1
        let surface: Surface
        do {
            surface = try source.decode(width: size.width, height: size.height)
        } catch {
            logger.error("\(error)")
            if failures.count >= 64 { failures.removeAll() }
            failures[key] = error
            throw error
        }
        let bytes = surface.stride * surface.height
        guard bytes <= capacity else { return surface }
        evict(toFit: bytes)
        entries[key] = Entry(surface: surface, bytes: bytes, lastUse: tick, source: source)
        byteCount += bytes
        return surface
    }

    /// Forgets every decode and every failure, and zeroes `hits` and `misses`.
    public func removeAll() {
        entries.removeAll()
        failures.removeAll()
        byteCount = 0
        hits = 0
        misses = 0
    }

    /// Evicts least recently used entries until `bytes` more fit in the capacity.
    private func evict(toFit bytes: Int) {
        while byteCount + bytes > capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
            byteCount -= oldest.value.bytes
        }
    }
}
