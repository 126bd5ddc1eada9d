/// How the picture is turned on the panel, clockwise: the board profile's `rotation`, applied
/// once by the display (in hardware or in the copy to scanout) and by input to touches, so the
/// two cannot disagree.
///
/// The *scene* is the picture as the app sees it (its width and height are the screen's);
/// the *panel* is the unrotated scanout buffer. A quarter turn swaps width and height.
public enum ScreenRotation: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Upright.
    case none = 0
    /// A quarter turn clockwise.
    case clockwise90 = 90
    /// Upside down.
    case upsideDown = 180
    /// Three quarters clockwise (a quarter counter-clockwise).
    case clockwise270 = 270

    /// Whether width and height swap between scene and panel.
    public var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }

    /// The panel size that shows a scene of `width`×`height`, or the scene size of a panel.
    public func rotatedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// The transform from scene pixels to panel pixels for a scene of the given size.
    public func transform(sceneWidth w: Int, sceneHeight h: Int) -> AffineTransform {
        let w = Double(w), h = Double(h)
        switch self {
        case .none: return .identity
        // (x, y) -> (h - y, x)
        case .clockwise90: return AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: h, ty: 0)
        // (x, y) -> (w - x, h - y)
        case .upsideDown: return AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: w, ty: h)
        // (x, y) -> (y, w - x)
        case .clockwise270: return AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: w)
        }
    }

    /// The panel pixels that show scene rectangle `r` of a scene of the given size.
    public func rect(_ r: PixelRect, sceneWidth w: Int, sceneHeight h: Int) -> PixelRect {
        switch self {
        case .none: return r
        case .clockwise90: return PixelRect(x: h - r.maxY, y: r.x, width: r.height, height: r.width)
        case .upsideDown: return PixelRect(x: w - r.maxX, y: h - r.maxY, width: r.width, height: r.height)
        case .clockwise270: return PixelRect(x: r.y, y: w - r.maxX, width: r.height, height: r.width)
        }
    }

    /// The scene point shown at panel point `p` of a panel showing a scene of the given size
    /// (what a touch at `p` on the unrotated panel touches).
    public func scenePoint(fromPanel p: Point, sceneWidth w: Double, sceneHeight h: Double) -> Point {
        switch self {
        case .none: return p
        case .clockwise90: return Point(x: p.y, y: h - p.x)
        case .upsideDown: return Point(x: w - p.x, y: h - p.y)
        case .clockwise270: return Point(x: w - p.y, y: p.x)
        }
    }

    /// `0°`, `90°`, ….
    public var description: String { "\(rawValue)°" }
}
