import CTurboJPEG

/// JPEG through libjpeg-turbo's TurboJPEG API: the header, a decode at the smallest of
/// libjpeg's scales (1/8 … 1) that still covers the size asked for, and an encoder. The library
/// is loaded on the first JPEG (`vitrine_turbojpeg.h`), not linked.
enum JPEG {
    /// Loads libjpeg-turbo, or throws `decoderMissing` for `name` saying what to install.
    static func loadLibrary(for name: String) throws(ImageError) {
        var reason = [CChar](repeating: 0, count: 256)
        guard vitrine_tj_load(&reason, reason.count) == 0 else {
            throw .decoderMissing(path: name, format: .jpeg, reason: String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
                                  package: "libturbojpeg0")
        }
    }

    /// What the header says.
    struct Header {
        /// The stored image's size (before orientation).
        var width: Int
        var height: Int
        /// The EXIF orientation.
        var orientation: ImageOrientation
    }

    /// The stored size and orientation of `data` (a JPEG).
    static func header(_ data: [UInt8], name: String) throws(ImageError) -> Header {
        try loadLibrary(for: name)
        guard let handle = vitrine_tjInitDecompress() else { throw .damaged(path: name, format: .jpeg, reason: "cannot start libjpeg-turbo") }
        defer { vitrine_tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let status = data.withUnsafeBufferPointer {
            vitrine_tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colorspace)
        }
        guard status == 0 else { throw .damaged(path: name, format: .jpeg, reason: message(handle)) }
        return Header(width: Int(width), height: Int(height), orientation: EXIF.orientation(ofJPEG: data))
    }

    /// The stored image decoded at the smallest libjpeg scale whose size is at least
    /// `width`×`height` (along the stored axes), or at full size if none is. Opaque XRGB8888.
    /// Warnings (a file cut short, damaged data) are errors: a picture with grey bands is not
    /// shown as if it were whole.
    static func decode(_ data: [UInt8], header: Header, atLeast width: Int, _ height: Int, name: String) throws(ImageError) -> Surface {
        try loadLibrary(for: name)
        guard let handle = vitrine_tjInitDecompress() else { throw .damaged(path: name, format: .jpeg, reason: "cannot start libjpeg-turbo") }
        defer { vitrine_tjDestroy(handle) }
        let (scaledWidth, scaledHeight) = scaledSize(width: header.width, height: header.height, atLeast: width, height)
        let surface = Surface(width: scaledWidth, height: scaledHeight, format: .xrgb8888)
        let flags = TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS
        let status = data.withUnsafeBufferPointer {
            vitrine_tjDecompress2(handle, $0.baseAddress, UInt($0.count), surface.baseAddress.assumingMemoryBound(to: UInt8.self),
                          Int32(scaledWidth), Int32(surface.stride), Int32(scaledHeight), Int32(TJPF_BGRX.rawValue), Int32(flags))
        }
        guard status == 0 else { throw .damaged(path: name, format: .jpeg, reason: message(handle)) }
        return surface
    }

    /// The smallest of libjpeg-turbo's scaling factors not above 1 that makes the image at
    /// least `targetWidth`×`targetHeight`, and the size it gives (the full size without the
    /// library).
    static func scaledSize(width: Int, height: Int, atLeast targetWidth: Int, _ targetHeight: Int) -> (Int, Int) {
        var count: Int32 = 0
        var best = (width, height)
        // Loaded here too: the library's functions are null until it is, and this may be the
        // first call of the process (a test of the sizes alone).
        guard (try? loadLibrary(for: "<scaling>")) != nil, let factors = vitrine_tjGetScalingFactors(&count) else { return best }
        for i in 0..<Int(count) {
            let f = factors[i]
            guard f.num > 0, f.denom > 0, f.num <= f.denom else { continue }
            let w = (width * Int(f.num) + Int(f.denom) - 1) / Int(f.denom)
            let h = (height * Int(f.num) + Int(f.denom) - 1) / Int(f.denom)
            if w >= min(targetWidth, width), h >= min(targetHeight, height), w * h < best.0 * best.1 { best = (w, h) }
        }
        return best
    }

    /// TurboJPEG's message for the last failure on `handle`.
    private static func message(_ handle: tjhandle) -> String {
        guard let text = vitrine_tjGetErrorStr2(handle) else { return "unknown libjpeg-turbo error" }
        return String(cString: text)
    }
}

extension Surface {
    /// The surface encoded as a baseline JPEG of `quality` (1…100, clamped), 4:2:0 subsampled;
    /// alpha is dropped (pixels are taken as they are stored, premultiplied). Nil when
    /// libjpeg-turbo fails (out of memory) or is not installed (libturbojpeg0).
    public func jpegData(quality: Int = 90) -> [UInt8]? {
        guard (try? JPEG.loadLibrary(for: "<memory>")) != nil else { return nil }
        guard let handle = vitrine_tjInitCompress() else { return nil }
        defer { vitrine_tjDestroy(handle) }
        unwindRing()   // libjpeg-turbo reads rows in place
        var opaque = self
        if format != .xrgb8888 && format != .argb8888 {
            opaque = Surface(width: width, height: height, format: .xrgb8888)
            _ = opaque.copy(Region(bounds), from: self)
        }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let status = vitrine_tjCompress2(handle, opaque.baseAddress.assumingMemoryBound(to: UInt8.self), Int32(width), Int32(opaque.stride),
                                 Int32(height), Int32(TJPF_BGRX.rawValue), &output, &size, Int32(TJSAMP_420.rawValue),
                                 Int32(min(max(quality, 1), 100)), 0)
        defer { if let output { vitrine_tjFree(output) } }
        guard status == 0, let output else { return nil }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
