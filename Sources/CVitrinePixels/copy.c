// Large copies into a display's buffer: a frame copied out is not read again by the CPU, so
// an ordinary store loop pays a read of every destination line before writing it. Fast
// strings and streaming stores write whole lines without that read.
#include "vitrine_pixels.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && defined(__SSE2__)
#include <cpuid.h>
#include <emmintrin.h>
#include <stdatomic.h>

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

// Whether to copy and fill with fast strings: the CPU has them (ERMS, CPUID leaf 7), so
// `rep movsb` and `rep stosl` store whole cache lines without reading the destination first,
// and glibc is not told to leave them alone (GLIBC_TUNABLES=glibc.cpu.hwcaps=-ERMS): one
// switch turns off glibc's and ours, which is how the instruction counts are taken (callgrind
// counts each element of a `rep` string instruction).
// Asked once: in a VM, CPUID traps to the hypervisor (a microsecond or more).
int vitrine_has_fast_strings(void) {
    static atomic_int known = -1;
    int value = atomic_load_explicit(&known, memory_order_relaxed);
    if (value < 0) {
        unsigned a, b, c, d;
        const char *tunables = getenv("GLIBC_TUNABLES");
        value = __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & (1u << 9)) && !(tunables && strstr(tunables, "-ERMS")) ? 1 : 0;
        atomic_store_explicit(&known, value, memory_order_relaxed);
    }
    return value;
}

void vitrine_copy_streaming(void *destination, const void *source, size_t bytes) {
    stream_copy(0, NULL, destination, source, bytes);
}

void vitrine_copy_large(void *destination, const void *source, size_t bytes) {
    if (vitrine_has_fast_strings()) {
        // On the EPYC this was measured on, a frame (8 MB) into two buffers in turn, alone:
        // 127 µs, where SSE2 streaming stores took 195–201 µs and glibc's memcpy 167 µs. It
        // goes through the cache, though: into a buffer nobody reads back (a display's), the
        // streaming copy leaves the cache to the next frame and made whole frames faster.
        // Here the copy is read soon (an encoder's mirror, a window).
        __asm__ volatile("rep movsb" : "+D"(destination), "+S"(source), "+c"(bytes) : : "memory");
    } else {
        vitrine_copy_streaming(destination, source, bytes);
    }
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

int vitrine_has_fast_strings(void) { return 0; }

void vitrine_copy_large(void *destination, const void *source, size_t bytes) {
    memcpy(destination, source, bytes);
}

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
