import Testing
@testable import VitrineGraphics

/// Text laid out again unchanged comes from the cache of layouts, which stays bounded and
/// gives exactly what laying out afresh gives.
@MainActor
@Suite struct TextLayoutCacheTests {
    @Test func aCachedLayoutIsTheLayoutMadeAfresh() {
        let font = Font.system(size: 22)
        let first = TextLayout(text: "Check in · 登记", font: font, width: 120, numberOfLines: 2)
        let again = TextLayout(text: "Check in · 登记", font: font, width: 120, numberOfLines: 2)
        TextLayout.removeAllCachedLayouts()
        let fresh = TextLayout(text: "Check in · 登记", font: font, width: 120, numberOfLines: 2)
        for layout in [again, fresh] {
            #expect(layout.size == first.size)
            #expect(layout.lines.count == first.lines.count)
            #expect(layout.isTruncated == first.isTruncated)
            #expect(layout.lines.map(\.runs.count) == first.lines.map(\.runs.count))
        }
        // Another width is another layout, not the cached one.
        #expect(TextLayout(text: "Check in · 登记", font: font, width: 60, numberOfLines: 2).lines.count != first.lines.count
                || TextLayout(text: "Check in · 登记", font: font, width: 60, numberOfLines: 2).size != first.size)
    }

    @Test func theCacheIsBounded() {
        for i in 0..<(TextLayoutCache.capacity * 2 + 5) { _ = TextLayout(text: "Room \(i)", font: .system(size: 18)) }
        #expect(TextLayoutCache.count <= TextLayoutCache.capacity)
    }
}
