import CWebPDecoder

/// WebP through libwebp: the header, and a decode scaled by libwebp itself to the size asked.
/// The library is loaded on the first WebP (`vitrine_webp.h`), not linked.
enum WebP {
    /// Loads libwebp, or throws `decoderMissing` for `name` saying what to install.
    static func loadLibrary(for name: String) throws(ImageError) {
        var reason = [CChar](repeating: 0, count: 256)
        guard vitrine_webp_load(&reason, reason.count) == 0 else {
            throw .decoderMissing(path: name, format: .webp, reason: String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
                                  package: "libwebp7")
        }
    }

    /// The size and whether the image has alpha.
    static func header(_ data: [UInt8], name: String) throws(ImageError) -> (width: Int, height: Int, hasAlpha: Bool) {
        try loadLibrary(for: name)
        var features = WebPBitstreamFeatures()
        let status = data.withUnsafeBufferPointer {
            vitrine_WebPGetFeaturesInternal($0.baseAddress, $0.count, &features, WEBP_DECODER_ABI_VERSION)
        }
        guard status == VP8_STATUS_OK else { throw .damaged(path: name, format: .webp, reason: reason(status)) }
        return (Int(features.width), Int(features.height), features.has_alpha != 0)
    }

    /// The image decoded to exactly `width`×`height`: premultiplied ARGB8888 with alpha,
    /// XRGB8888 without.
    static func decode(_ data: [UInt8], width: Int, height: Int, hasAlpha: Bool, name: String) throws(ImageError) -> Surface {
        try loadLibrary(for: name)
        var config = WebPDecoderConfig()
        guard vitrine_WebPInitDecoderConfigInternal(&config, WEBP_DECODER_ABI_VERSION) != 0 else {
            throw .damaged(path: name, format: .webp, reason: "libwebp's version does not match its headers")
        }
        let surface = Surface(width: width, height: height, format: hasAlpha ? .argb8888 : .xrgb8888)
        config.options.use_scaling = 1
        config.options.scaled_width = Int32(width)
        config.options.scaled_height = Int32(height)
        // Premultiplied BGRA bytes are 0xAARRGGBB words on a little-endian machine.
        config.output.colorspace = MODE_bgrA
        config.output.is_external_memory = 1
        config.output.u.RGBA.rgba = surface.baseAddress.assumingMemoryBound(to: UInt8.self)
        config.output.u.RGBA.stride = Int32(surface.stride)
        config.output.u.RGBA.size = surface.stride * height
        let status = data.withUnsafeBufferPointer { vitrine_WebPDecode($0.baseAddress, $0.count, &config) }
        vitrine_WebPFreeDecBuffer(&config.output)
        guard status == VP8_STATUS_OK else { throw .damaged(path: name, format: .webp, reason: reason(status)) }
        return surface
    }

    private static func reason(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: "out of memory"
        case VP8_STATUS_INVALID_PARAM: "invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: "damaged bitstream"
        case VP8_STATUS_UNSUPPORTED_FEATURE: "a feature libwebp does not support"
        case VP8_STATUS_NOT_ENOUGH_DATA: "the file is cut short"
        default: "libwebp error \(status.rawValue)"
        }
    }
}
