import CPixman

/// Colours blended along a line: what `GraphicsContext.drawLinearGradient(_:start:end:options:)`
/// paints (`CGGradient`). Colours are interpolated in sRGB with straight alpha, so a fade to
/// `.clear` does not darken on the way.
public struct Gradient: Sendable, Hashable {
    /// One colour at one place along the gradient.
    public struct Stop: Sendable, Hashable {
        /// The colour.
        public var color: Color
        /// Where it sits, 0 (the start point) ... 1 (the end point).
        public var location: Double

        /// A stop of `color` at `location` (clamped to 0...1).
        public init(color: Color, location: Double) {
            self.color = color
            self.location = min(max(location, 0), 1)
        }
    }

    /// The stops, in increasing `location` (stops at the same location keep their order, which
    /// makes a hard edge there).
    public let stops: [Stop]

    /// A gradient through `stops`, sorted by location.
    public init(stops: [Stop]) {
        self.stops = stops.enumerated().sorted {
            $0.element.location != $1.element.location ? $0.element.location < $1.element.location : $0.offset < $1.offset
        }.map(\.element)
    }

    /// `colors` spread evenly from 0 to 1 (a single colour is a plain fill).
    public init(colors: [Color]) {
        let n = colors.count
        self.init(stops: colors.enumerated().map { i, c in
            Stop(color: c, location: n > 1 ? Double(i) / Double(n - 1) : 0)
        })
    }

    /// `colors[i]` at `locations[i]` (extra entries of the longer array are ignored).
    public init(colors: [Color], locations: [Double]) {
        self.init(stops: zip(colors, locations).map { Stop(color: $0, location: $1) })
    }

    /// pixman's stops: straight-alpha 16-bit colours (pixman premultiplies after
    /// interpolating), with every alpha scaled by `alpha`.
    func pixmanStops(alpha: Double) -> [pixman_gradient_stop_t] {
        stops.map { stop in
            let c = stop.color
            func channel(_ v: Double) -> UInt16 { UInt16((unitInterval(v) * 65535).rounded()) }
            return pixman_gradient_stop_t(x: pixmanFixed(stop.location),
                                          color: pixman_color_t(red: channel(c.red), green: channel(c.green), blue: channel(c.blue),
                                                                alpha: channel(c.alpha * alpha)))
        }
    }
}

/// Whether a gradient also paints beyond its ends with the end colours (`CGGradientDrawingOptions`).
public struct GradientDrawingOptions: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Paint the first colour before the start point too.
    public static let drawsBeforeStartLocation = GradientDrawingOptions(rawValue: 1)
    /// Paint the last colour after the end point too.
    public static let drawsAfterEndLocation = GradientDrawingOptions(rawValue: 2)
}
