// Solid fills of wide boxes of 32-bit pixels: the backgrounds that cover most of a frame.
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
