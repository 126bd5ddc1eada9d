/// A font request: a family, a size in points and a weight (UIKit's `UIFont`, as a value).
///
/// A `Font` names what is wanted, not a file: fontconfig resolves it (by family and weight,
/// the closest installed match) the first time text uses it, and characters the matched face
/// lacks fall back, one by one, to another installed face that has them. Sizes are in points;
/// text drawn at `scale` pixels per point is rasterized at `pointSize × scale` pixels per em.
public struct Font: Sendable, Hashable, CustomStringConvertible {
    /// The family asked of fontconfig ("DejaVu Sans").
    public var familyName: String
    /// The em size in points, 0...`maximumPointSize`: a negative or NaN size is taken as 0
    /// (no text is drawn), a larger one (+∞, 1e300) as `maximumPointSize`.
    public var pointSize: Double {
        didSet { pointSize = Self.sanitizedSize(pointSize) }
    }
    /// The largest em size, in points: text this large is larger than any screen already, and
    /// keeps every position in a layout finite.
    public static let maximumPointSize = 100_000.0
    /// The weight asked of fontconfig (the closest installed weight is used).
    public var weight: Weight

    /// A font of `familyName` at `pointSize` points (clamped to 0...`maximumPointSize`, NaN
    /// taken as 0) and `weight`.
    public init(familyName: String, pointSize: Double, weight: Weight = .regular) {
        self.familyName = familyName
        self.pointSize = Self.sanitizedSize(pointSize)
        self.weight = weight
    }

    private static func sanitizedSize(_ size: Double) -> Double { size > 0 ? min(size, maximumPointSize) : 0 }

    /// The family of the system font: DejaVu Sans, installed on every Vitrine system
    /// (fonts-dejavu-core).
    public static let systemFamilyName = "DejaVu Sans"
    /// The family of the monospaced system font: DejaVu Sans Mono (fonts-dejavu-core).
    public static let monospacedSystemFamilyName = "DejaVu Sans Mono"

    /// The system font (DejaVu Sans) at `size` points.
    public static func system(size: Double, weight: Weight = .regular) -> Font {
        Font(familyName: systemFamilyName, pointSize: size, weight: weight)
    }

    /// The bold system font at `size` points.
    public static func boldSystem(size: Double) -> Font { system(size: size, weight: .bold) }

    /// The monospaced system font (DejaVu Sans Mono) at `size` points: every glyph of it has
    /// the same advance, for figures that must not dance and for terminals.
    public static func monospacedSystem(size: Double, weight: Weight = .regular) -> Font {
        Font(familyName: monospacedSystemFamilyName, pointSize: size, weight: weight)
    }

    /// The same family and weight at `size` points.
    public func withSize(_ size: Double) -> Font { Font(familyName: familyName, pointSize: size, weight: weight) }

    /// The same family and size at `weight`.
    public func withWeight(_ weight: Weight) -> Font { Font(familyName: familyName, pointSize: pointSize, weight: weight) }

    /// `family size weight`, for logs and test failures.
    public var description: String { "Font(\(familyName) \(pointSize)pt \(weight))" }

    /// A stroke weight, on the OpenType scale (`usWeightClass`: 100 thinnest … 400 regular …
    /// 900 blackest). The named weights are UIKit's, in UIKit's order.
    public struct Weight: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// The OpenType weight class, 1…1000.
        public var value: Double

        /// A weight of OpenType class `value` (clamped to 1…1000).
        public init(_ value: Double) { self.value = min(max(value, 1), 1000) }

        /// 100: the thinnest.
        public static let ultraLight = Weight(100)
        /// 200.
        public static let thin = Weight(200)
        /// 300.
        public static let light = Weight(300)
        /// 400: body text.
        public static let regular = Weight(400)
        /// 500.
        public static let medium = Weight(500)
        /// 600.
        public static let semibold = Weight(600)
        /// 700.
        public static let bold = Weight(700)
        /// 800.
        public static let heavy = Weight(800)
        /// 900: the blackest.
        public static let black = Weight(900)

        /// Orders by stroke weight.
        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.value < rhs.value }

        /// The UIKit name when it is one of the named weights, else the number.
        public var description: String {
            switch value {
            case 100: "ultraLight"
            case 200: "thin"
            case 300: "light"
            case 400: "regular"
            case 500: "medium"
            case 600: "semibold"
            case 700: "bold"
            case 800: "heavy"
            case 900: "black"
            default: "weight(\(value))"
            }
        }
    }
}

extension Font {
    /// The distance from the baseline up to the top of the line box, in points (the matched
    /// face's ascender).
    @MainActor public var ascender: Double { FontLibrary.shared.primaryFace(for: self).metrics(at: pointSize).ascender }

    /// The distance from the baseline down to the bottom of the glyphs' box, in points, as a
    /// positive number (the matched face's descender, negated).
    @MainActor public var descender: Double { FontLibrary.shared.primaryFace(for: self).metrics(at: pointSize).descender }

    /// The distance from one baseline to the next in points, before any extra line spacing:
    /// ascender + descender + the face's line gap. Lines that fall back to a taller face for
    /// some characters are taller.
    @MainActor public var lineHeight: Double { FontLibrary.shared.primaryFace(for: self).metrics(at: pointSize).lineHeight }

    /// The face fontconfig matched for this font's family and weight; characters it lacks
    /// are drawn from fallback faces.
    @MainActor public var face: FontFace { FontLibrary.shared.primaryFace(for: self) }
}
