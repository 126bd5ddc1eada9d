#if SVG
import CRSVG
#endif

#if SVG

/// SVG through librsvg, drawn by cairo straight into a surface's pixels (cairo's ARGB32 is
/// pixman's premultiplied a8r8g8b8). librsvg loads nothing outside the data it is given.
final class SVGDocument {
    private let handle: OpaquePointer
    /// The document's size in CSS pixels (its width and height, or its viewBox's).
    let width: Double
    let height: Double

    /// Parses `data`; throws when librsvg rejects it or it has no size.
    init(_ data: [UInt8], name: String) throws(ImageError) {
        var error: UnsafeMutablePointer<GError>? = nil
        let parsed = data.withUnsafeBufferPointer { rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error) }
        guard let parsed else { throw .damaged(path: name, format: .svg, reason: SVGDocument.take(error)) }
        handle = parsed
        var w = 0.0, h = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(parsed, &w, &h) == 0 {
            // Only a viewBox: its size is the document's.
            var hasViewBox: gboolean = 0
            var viewBox = RsvgRectangle()
            rsvg_handle_get_intrinsic_dimensions(parsed, nil, nil, nil, nil, &hasViewBox, &viewBox)
            if hasViewBox != 0 { w = viewBox.width; h = viewBox.height }
        }
        guard w.isFinite, h.isFinite, w >= 1, h >= 1 else {
            g_object_unref(UnsafeMutableRawPointer(parsed))
            throw .damaged(path: name, format: .svg,
                           reason: "it has no size: give the <svg> element a width and height or a viewBox")
        }
        width = w
        height = h
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// The document drawn to fill `width`×`height` pixels (its aspect ratio kept as its
    /// `preserveAspectRatio` says), as premultiplied ARGB8888.
    func render(width: Int, height: Int, name: String) throws(ImageError) -> Surface {
        let surface = Surface(width: width, height: height, format: .argb8888)
        guard let target = cairo_image_surface_create_for_data(surface.baseAddress.assumingMemoryBound(to: UInt8.self),
                                                               CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(surface.stride))
        else { throw .damaged(path: name, format: .svg, reason: "cairo refused a \(width)×\(height) surface") }
        defer { cairo_surface_destroy(target) }
        guard cairo_surface_status(target) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(target) else {
            throw .damaged(path: name, format: .svg, reason: "cairo refused a \(width)×\(height) surface")
        }
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        var error: UnsafeMutablePointer<GError>? = nil
        let drawn = rsvg_handle_render_document(handle, cr, &viewport, &error)
        cairo_destroy(cr)
        cairo_surface_flush(target)
        guard drawn != 0 else { throw .damaged(path: name, format: .svg, reason: SVGDocument.take(error)) }
        return surface
    }

    /// The message of `error`, which is freed.
    private static func take(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "librsvg could not read it" }
        defer { g_error_free(error) }
        guard let message = error.pointee.message else { return "librsvg could not read it" }
        return String(cString: message)
    }
}
#else
/// SVG is an optional part (the `SVG` trait, which links librsvg, cairo and pango): an app built
/// without it reads no SVG, and says which trait to add.
final class SVGDocument {
    let width = 0.0
    let height = 0.0

    init(_ data: [UInt8], name: String) throws(ImageError) {
        throw .formatNotBuilt(path: name, format: .svg, trait: "SVG")
    }

    func render(width: Int, height: Int, name: String) throws(ImageError) -> Surface {
        throw .formatNotBuilt(path: name, format: .svg, trait: "SVG")
    }
}
#endif
