// Streaming copies: a frame copied into a display buffer is not read again by the CPU, so
// going through the cache only evicts the scene that the next frame draws into, and costs
// a read of every destination line before it is written.
#include "vitrine_pixels.h"

#include <stdint.h>
#include <string.h>

#if defined(__x86_64__) && defined(__SSE2__)
#include <emmintrin.h>

// Copies `bytes` from `s` to `c` with streaming stores and, with `also_store`, to `stored`
// as well through the cache, reading `s` once. Inlined into each caller with `also_store` a
// constant, so the tests on it cost nothing. 128-bit stores, not 256-bit ones: on
// the EPYC this was measured on, a loop of 256-bit streaming stores made the scroll frame
// half again slower.
static inline __attribute__((always_inline))
void stream_copy(const int also_store, unsigned char *stored, unsigned char *c, const unsigned char *s, size_t bytes) {
    // Up to the first 16-byte boundary of the streamed copy: ordinary copies.
    size_t head = (16 - ((uintptr_t)c & 15)) & 15;
    if (head > bytes) head = bytes;
    if (also_store) { memcpy(stored, s, head); stored += head; }
    memcpy(c, s, head);
    c += head; s += head; bytes -= head;
    while (bytes >= 64) {
        __m128i a = _mm_loadu_si128((const __m128i *)(s + 0));
        __m128i b = _mm_loadu_si128((const __m128i *)(s + 16));
        __m128i e = _mm_loadu_si128((const __m128i *)(s + 32));
        __m128i f = _mm_loadu_si128((const __m128i *)(s + 48));
        if (also_store) {
            _mm_storeu_si128((__m128i *)(stored + 0), a);
            _mm_storeu_si128((__m128i *)(stored + 16), b);
            _mm_storeu_si128((__m128i *)(stored + 32), e);
            _mm_storeu_si128((__m128i *)(stored + 48), f);
            stored += 64;
        }
        _mm_stream_si128((__m128i *)(c + 0), a);
        _mm_stream_si128((__m128i *)(c + 16), b);
        _mm_stream_si128((__m128i *)(c + 32), e);
        _mm_stream_si128((__m128i *)(c + 48), f);
        c += 64; s += 64; bytes -= 64;
    }
    while (bytes >= 16) {
        __m128i a = _mm_loadu_si128((const __m128i *)s);
        if (also_store) { _mm_storeu_si128((__m128i *)stored, a); stored += 16; }
        _mm_stream_si128((__m128i *)c, a);
        c += 16; s += 16; bytes -= 16;
    }
    if (also_store) memcpy(stored, s, bytes);
    memcpy(c, s, bytes);
}

void vitrine_copy_streaming(void *destination, const void *source, size_t bytes) {
    stream_copy(0, NULL, destination, source, bytes);
}

void vitrine_streaming_fence(void) { _mm_sfence(); }

// One row of vitrine_move_rows_copying: into the scene through the cache (the next frame
// reads it), into the copy past it when `streaming`.
static void move_copying_row(unsigned char *d, const unsigned char *s, unsigned char *c, size_t bytes, int streaming) {
    if (streaming) {
        stream_copy(1, d, c, s, bytes);
    } else {
        memcpy(d, s, bytes);
        memcpy(c, d, bytes);
    }
}

#else

void vitrine_copy_streaming(void *destination, const void *source, size_t bytes) {
    memcpy(destination, source, bytes);
}

void vitrine_streaming_fence(void) {}

static void move_copying_row(unsigned char *d, const unsigned char *s, unsigned char *c, size_t bytes, int streaming) {
    (void)streaming;
    memcpy(d, s, bytes);
    memcpy(c, d, bytes);
}

#endif

void vitrine_move_rows_copying(void *destination, const void *source, void *copy, size_t row_bytes, size_t rows,
                               ptrdiff_t stride, ptrdiff_t copy_stride, int streaming) {
    unsigned char *d = destination, *c = copy;
    const unsigned char *s = source;
    for (size_t row = 0; row < rows; row++) {
        move_copying_row(d, s, c, row_bytes, streaming);
        d += stride; s += stride; c += copy_stride;
    }
    if (streaming) vitrine_streaming_fence();
}
