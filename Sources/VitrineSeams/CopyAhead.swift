import VitrineGraphics

/// What a display copied into its back buffer ahead of `present` this frame
/// (`Display.copyAhead(from:rect:)`), so that `present` copies only the rest. Kept by the
/// display from frame to frame: its regions reuse their blocks, so a frame allocates nothing.
public struct CopyAhead: Sendable {
    /// Scene pixels copied ahead since the last present.
    public private(set) var copied = Region()
    /// Bytes written by those copies.
    public private(set) var bytes = 0
    /// Pixels the last presented frame moved and wrote out in one pass (`move`), 0 when it
    /// moved none that way: for tests and statistics.
    public private(set) var lastPixelsMoved = 0
    /// Pixels moved and written out in one pass since the last present.
    private var pixelsMoved = 0
    /// What the present still copies (reused storage).
    private var rest = Region()

    /// Nothing copied ahead yet.
    public init() {}

    /// Copies `rect` of `scene` into `buffer`, turned by `rotation` as a present would, and
    /// records it.
    public mutating func copy(_ rect: PixelRect, from scene: Surface, into buffer: Surface, rotation: ScreenRotation) {
        let piece = rect.intersection(scene.bounds)
        guard !piece.isEmpty else { return }
        bytes += buffer.copy(Region(piece), from: scene, rotation: rotation)
        copied.formUnion(piece)
    }

    /// Moves `rect` of `scene` by (`dx`, `dy`) and writes the moved pixels into `buffer` in the
    /// same pass (`Surface.move(_:dx:dy:copyingInto:)`), and records them as copied; nil,
    /// doing nothing, unless the buffer is upright (`rotation` `.none`) and of the scene's
    /// size. Returns the pixels moved.
    public mutating func move(_ rect: PixelRect, dx: Int, dy: Int, in scene: Surface, into buffer: Surface,
                              rotation: ScreenRotation) -> Int? {
        guard rotation == .none, let moved = scene.move(rect, dx: dx, dy: dy, copyingInto: buffer) else { return nil }
        let source = rect.intersection(scene.bounds).intersection(
            PixelRect(x: -dx, y: -dy, width: scene.width, height: scene.height))
        if moved > 0 {
            copied.formUnion(PixelRect(x: source.x + dx, y: source.y + dy, width: source.width, height: source.height))
            bytes += moved * buffer.format.bytesPerPixel
            pixelsMoved += moved
        }
        return moved
    }

    /// Copies into `buffer` what `copying` holds beyond what was copied ahead, forgets what was
    /// copied ahead (for the next frame), and returns the bytes written this frame in all.
    public mutating func present(_ copying: Region, from scene: Surface, into buffer: Surface, rotation: ScreenRotation) -> Int {
        lastPixelsMoved = pixelsMoved
        pixelsMoved = 0
        guard !copied.isEmpty else { return buffer.copy(copying, from: scene, rotation: rotation) }
        rest.replaceContents(with: copying)
        rest.subtract(copied)
        let written = bytes + (rest.isEmpty ? 0 : buffer.copy(rest, from: scene, rotation: rotation))
        copied.removeAll(keepingCapacity: true)
        rest.removeAll(keepingCapacity: true)
        bytes = 0
        return written
    }

    /// Forgets what was copied ahead (the buffers were remade, or the frame was dropped).
    public mutating func reset() {
        copied.removeAll(keepingCapacity: true)
        bytes = 0
        pixelsMoved = 0
        lastPixelsMoved = 0
    }
}
