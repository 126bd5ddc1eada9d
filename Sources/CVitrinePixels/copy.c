// Streaming copies: a frame copied into a display buffer is not read again by the CPU, so
// going through the cache only evicts the scene that the next frame draws into, and costs
// a read of every destination line before it is written.
#include "vitrine_pixels.h"

#include <stdint.h>
#include <string.h>

#if defined(__x86_64__) && defined(__SSE2__)
#include <emmintrin.h>

void vitrine_copy_streaming(void *destination, const void *source, size_t bytes) {
    unsigned char *d = destination;
    const unsigned char *s = source;
    // Up to the first 16-byte boundary of the destination: an ordinary copy.
    size_t head = (16 - ((uintptr_t)d & 15)) & 15;
    if (head > bytes) head = bytes;
    memcpy(d, s, head);
    d += head; s += head; bytes -= head;
    while (bytes >= 64) {
        __m128i a = _mm_loadu_si128((const __m128i *)(s + 0));
        __m128i b = _mm_loadu_si128((const __m128i *)(s + 16));
        __m128i c = _mm_loadu_si128((const __m128i *)(s + 32));
        __m128i e = _mm_loadu_si128((const __m128i *)(s + 48));
        _mm_stream_si128((__m128i *)(d + 0), a);
        _mm_stream_si128((__m128i *)(d + 16), b);
        _mm_stream_si128((__m128i *)(d + 32), c);
        _mm_stream_si128((__m128i *)(d + 48), e);
        d += 64; s += 64; bytes -= 64;
    }
    while (bytes >= 16) {
        _mm_stream_si128((__m128i *)d, _mm_loadu_si128((const __m128i *)s));
        d += 16; s += 16; bytes -= 16;
    }
    memcpy(d, s, bytes);
}

void vitrine_streaming_fence(void) { _mm_sfence(); }

static void move_copying_row(unsigned char *d, const unsigned char *s, unsigned char *c, size_t bytes, int streaming) {
    if (!streaming) {
        memcpy(d, s, bytes);
        memcpy(c, d, bytes);
        return;
    }
    // Up to the first 16-byte boundary of the copy: ordinary copies.
    size_t head = (16 - ((uintptr_t)c & 15)) & 15;
    if (head > bytes) head = bytes;
    memcpy(d, s, head);
    memcpy(c, s, head);
    d += head; s += head; c += head; bytes -= head;
    // Each 64 bytes read once, stored in the scene through the cache (the next frame reads
    // it) and in the copy past it. 128-bit stores, not 256-bit ones: on the EPYC this was
    // measured on, a loop of 256-bit streaming stores made the scroll frame half again slower.
    while (bytes >= 64) {
        __m128i a = _mm_loadu_si128((const __m128i *)(s + 0));
        __m128i b = _mm_loadu_si128((const __m128i *)(s + 16));
        __m128i e = _mm_loadu_si128((const __m128i *)(s + 32));
        __m128i f = _mm_loadu_si128((const __m128i *)(s + 48));
        _mm_storeu_si128((__m128i *)(d + 0), a);
        _mm_storeu_si128((__m128i *)(d + 16), b);
        _mm_storeu_si128((__m128i *)(d + 32), e);
        _mm_storeu_si128((__m128i *)(d + 48), f);
        _mm_stream_si128((__m128i *)(c + 0), a);
        _mm_stream_si128((__m128i *)(c + 16), b);
        _mm_stream_si128((__m128i *)(c + 32), e);
        _mm_stream_si128((__m128i *)(c + 48), f);
        d += 64; s += 64; c += 64; bytes -= 64;
    }
    while (bytes >= 16) {
        __m128i a = _mm_loadu_si128((const __m128i *)s);
        _mm_storeu_si128((__m128i *)d, a);
        _mm_stream_si128((__m128i *)c, a);
        d += 16; s += 16; c += 16; bytes -= 16;
    }
    memcpy(d, s, bytes);
    memcpy(c, s, bytes);
}

void vitrine_move_rows_copying(void *destination, const void *source, void *copy, size_t row_bytes, size_t rows,
                               ptrdiff_t stride, ptrdiff_t copy_stride, int streaming) {
    unsigned char *d = destination, *c = copy;
    const unsigned char *s = source;
    for (size_t row = 0; row < rows; row++) {
        move_copying_row(d, s, c, row_bytes, streaming);
        d += stride; s += stride; c += copy_stride;
    }
    if (streaming) _mm_sfence();
}

#else

void vitrine_copy_streaming(void *destination, const void *source, size_t bytes) {
    memcpy(destination, source, bytes);
}

void vitrine_streaming_fence(void) {}

void vitrine_move_rows_copying(void *destination, const void *source, void *copy, size_t row_bytes, size_t rows,
                               ptrdiff_t stride, ptrdiff_t copy_stride, int streaming) {
    (void)streaming;
    unsigned char *d = destination, *c = copy;
    const unsigned char *s = source;
    for (size_t row = 0; row < rows; row++) {
        memcpy(d, s, row_bytes);
        memcpy(c, d, row_bytes);
        d += stride; s += stride; c += copy_stride;
    }
}

#endif
