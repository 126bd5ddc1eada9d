#if canImport(Glibc)
import Glibc
#endif
import Vitrine
import VitrineGraphics

/// The demo's pictures (JPEG) and icons (SVG), in `Assets/` next to this file. The folder is
/// `$VITRINE_DEMO_ASSETS` when set (an installed kiosk), else the checkout's
/// `Sources/KioskDemo/Assets`. A missing or bad asset is logged and the demo goes on without it
/// (the room picture falls back to one drawn in code).
enum KioskAssets {
    /// The folder the assets are read from.
    static func folder() -> String {
        if let set = getenv("VITRINE_DEMO_ASSETS"), set.pointee != 0 { return String(cString: set) }
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast()
        return parts.joined(separator: "/") + "/Assets"
    }

    /// The asset `name` (with its extension) at `scale` pixels per point, or nil (logged).
    @MainActor
    static func image(_ name: String, scale: Double = 1, log: (String) -> Void) -> Image? {
        do {
            return try Image(named: name, in: folder(), scale: scale)
        } catch {
            log("asset missing: \(error)")
            return nil
        }
    }
}
