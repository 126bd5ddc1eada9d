/// The EXIF orientation of a JPEG: tag 0x0112 of IFD0 in the APP1 "Exif" segment. Read by
/// hand (a few bytes; every offset is checked against the data, so damaged EXIF is ignored
/// rather than trusted).
enum EXIF {
    /// The orientation `jpeg` asks for; `.up` when it has no EXIF, no tag or a bad one.
    static func orientation(ofJPEG jpeg: [UInt8]) -> ImageOrientation {
        guard let tiff = exifPayload(jpeg) else { return .up }
        return orientation(ofTIFF: tiff) ?? .up
    }

    /// The TIFF structure inside the first APP1 "Exif\0\0" segment, before the image data.
    private static func exifPayload(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
        var i = 2   // after SOI
        while i + 4 <= bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }   // fill byte
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            if marker == 0xDA || marker == 0xD9 { return nil }   // image data or end: no EXIF before it
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2, i + 2 + length <= bytes.count else { return nil }
            let body = bytes[(i + 4)..<(i + 2 + length)]
            if marker == 0xE1, body.count >= 6, Array(body.prefix(6)) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                return body.dropFirst(6)
            }
            i += 2 + length
        }
        return nil
    }

    /// The orientation tag of IFD0 of a TIFF structure.
    private static func orientation(ofTIFF tiff: ArraySlice<UInt8>) -> ImageOrientation? {
        let base = tiff.startIndex
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[base], tiff[base + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ offset: Int) -> Int? {
            guard offset >= 0, offset + 2 <= tiff.count else { return nil }
            let a = Int(tiff[base + offset]), b = Int(tiff[base + offset + 1])
            return little ? a | b << 8 : a << 8 | b
        }
        func u32(_ offset: Int) -> Int? {
            guard let high = u16(little ? offset + 2 : offset), let low = u16(little ? offset : offset + 2) else { return nil }
            return high << 16 | low
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<count {
            let at = ifd + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            guard tag == 0x0112 else { continue }
            // SHORT (type 3), one value, stored in the first two bytes of the value field.
            guard u16(at + 2) == 3, let value = u16(at + 8) else { return nil }
            return ImageOrientation(exifValue: value)
        }
        return nil
    }
}
