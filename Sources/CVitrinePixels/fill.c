// Solid fills of 32-bit pixels: wide boxes (the backgrounds that cover most of a frame) and
// narrow ones (borders, the gaps between cards), where pixman's fill costs the most a pixel.
#include "vitrine_pixels.h"

void vitrine_fill_rows32(uint32_t *bits, ptrdiff_t stride_words, int x, int y, int width, int height, uint32_t pixel) {
    if (width <= 0 || height <= 0) return;
    uint32_t *row = bits + (ptrdiff_t)y * stride_words + x;
    for (int line = 0; line < height; line++, row += stride_words) {
#if defined(__x86_64__)
        // With fast strings (ERMS) a long `rep stosl` stores whole cache lines without
        // reading them first, where pixman's loop of 16-byte stores reads each line it fills:
        // a frame's backgrounds are most of the scene, so this is most of its fill traffic.
        uint32_t *p = row;
        size_t count = (size_t)width;
        __asm__ volatile("rep stosl" : "+D"(p), "+c"(count) : "a"(pixel) : "memory");
#else
        // Not chosen on other CPUs (vitrine_has_fast_strings() is 0 there); correct all the same.
        for (int i = 0; i < width; i++) row[i] = pixel;
#endif
    }
}

#if defined(__x86_64__) && defined(__SSE2__)
#include <emmintrin.h>
#endif

void vitrine_fill_narrow32(uint32_t *bits, ptrdiff_t stride_words, int x, int y, int width, int height, uint32_t pixel) {
    if (width <= 0 || height <= 0) return;
    uint32_t *row = bits + (ptrdiff_t)y * stride_words + x;
#if defined(__x86_64__) && defined(__SSE2__)
    // A row of four pixels or more is unaligned 16-byte stores, the last ones overlapping the
    // ones before rather than a loop of single pixels for the tail: a border's one-pixel
    // column or a 24-pixel gap between cards costs a store or a few a row, where pixman's
    // fill works its way to a 16-byte boundary and back a row at a time.
    if (width >= 4) {
        const __m128i v = _mm_set1_epi32((int)pixel);
        if (width <= 8) {
            for (int line = 0; line < height; line++, row += stride_words) {
                _mm_storeu_si128((__m128i *)row, v);
                _mm_storeu_si128((__m128i *)(row + width - 4), v);
            }
            return;
        }
        for (int line = 0; line < height; line++, row += stride_words) {
            for (int i = 0; i + 8 <= width; i += 8) {
                _mm_storeu_si128((__m128i *)(row + i), v);
                _mm_storeu_si128((__m128i *)(row + i + 4), v);
            }
            _mm_storeu_si128((__m128i *)(row + width - 8), v);
            _mm_storeu_si128((__m128i *)(row + width - 4), v);
        }
        return;
    }
#endif
    for (int line = 0; line < height; line++, row += stride_words) {
        for (int i = 0; i < width; i++) row[i] = pixel;
    }
}
