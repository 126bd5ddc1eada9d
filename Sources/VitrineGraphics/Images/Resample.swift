import CPixman

extension Surface {
    /// A new surface of `width`×`height` pixels showing this one turned by `orientation` and
    /// scaled to fill it (aspect ratio as the caller chose it). Reductions by 2 or more halve
    /// first, each halving averaging 2×2 pixels, so a photo scaled far down does not alias; the
    /// last step (less than 2×) is bilinear. The format is kept (alpha stays premultiplied).
    public func resampled(width: Int, height: Int, orientation: ImageOrientation = .up) -> Surface {
        let width = max(width, 1), height = max(height, 1)
        // The stored image's size along the output's axes.
        let (shownWidth, shownHeight) = orientation.swapsAxes ? (self.height, self.width) : (self.width, self.height)
        var source = self
        var halvedWidth = shownWidth, halvedHeight = shownHeight
        while halvedWidth >= 2 * width || halvedHeight >= 2 * height {
            // Halve along the axes that are still more than twice too large.
            let nextWidth = halvedWidth >= 2 * width ? halvedWidth / 2 : halvedWidth
            let nextHeight = halvedHeight >= 2 * height ? halvedHeight / 2 : halvedHeight
            let (storedWidth, storedHeight) = orientation.swapsAxes ? (nextHeight, nextWidth) : (nextWidth, nextHeight)
            source = source.scaledCopy(width: storedWidth, height: storedHeight, orientation: .up)
            halvedWidth = nextWidth
            halvedHeight = nextHeight
        }
        return source.scaledCopy(width: width, height: height, orientation: orientation)
    }

    /// One bilinear pass: this surface's unit square, turned by `orientation`, onto a new
    /// surface of `width`×`height`.
    private func scaledCopy(width: Int, height: Int, orientation: ImageOrientation) -> Surface {
        let output = Surface(width: width, height: height, format: format)
        let toOutput = AffineTransform(scaleX: 1 / Double(self.width), y: 1 / Double(self.height))
            .concatenating(orientation.unitTransform)
            .concatenating(AffineTransform(scaleX: Double(width), y: Double(height)))
        let inverse = toOutput.inverted()
        var matrix = pixman_transform_t()
        matrix.matrix.0 = (pixmanFixed(inverse.a), pixmanFixed(inverse.c), pixmanFixed(inverse.tx))
        matrix.matrix.1 = (pixmanFixed(inverse.b), pixmanFixed(inverse.d), pixmanFixed(inverse.ty))
        matrix.matrix.2 = (0, 0, pixmanFixed(1))
        pixman_image_set_transform(image, &matrix)
        pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(image, PIXMAN_REPEAT_PAD)
        defer {
            pixman_image_set_transform(image, nil)
            pixman_image_set_filter(image, PIXMAN_FILTER_NEAREST, nil, 0)
            pixman_image_set_repeat(image, PIXMAN_REPEAT_NONE)
        }
        pixman_image_composite32(PIXMAN_OP_SRC, image, nil, output.image, 0, 0, 0, 0, 0, 0, Int32(width), Int32(height))
        return output
    }
}
