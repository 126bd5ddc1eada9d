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

#else

void vitrine_copy_streaming(void *destination, const void *source, size_t bytes) {
    memcpy(destination, source, bytes);
}

void vitrine_streaming_fence(void) {}

#endif
