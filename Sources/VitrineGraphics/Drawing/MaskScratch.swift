import CPixman

/// Scratch memory for A8 coverage masks, reused from one primitive to the next so that drawing
/// does not allocate a mask each time. Each mask is sized to the primitive's clipped bounds.
final class MaskScratch {
    private var buffer: UnsafeMutableRawPointer?
    private var capacity = 0

    /// Runs `body` with a zeroed `width`×`height` A8 pixman image over the scratch memory
    /// (valid only during the call).
    func withMask<R>(width: Int, height: Int, _ body: (OpaquePointer) -> R) -> R {
        // pixman wants rows of whole 32-bit words.
        let stride = (width + 3) & ~3
        let bytes = stride * height
        if bytes > capacity {
            buffer?.deallocate()
            capacity = max(bytes, capacity * 2, 4096)
            buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        }
        let memory = buffer!
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        guard let image = pixman_image_create_bits_no_clear(PIXMAN_a8, Int32(width), Int32(height),
                                                            memory.assumingMemoryBound(to: UInt32.self), Int32(stride)) else {
            fatalError("GraphicsContext: pixman refused a \(width)×\(height) mask")
        }
        defer { pixman_image_unref(image) }
        return body(image)
    }

    deinit { buffer?.deallocate() }
}
