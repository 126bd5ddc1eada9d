#ifndef VITRINE_PIXELS_H
#define VITRINE_PIXELS_H

#include <stddef.h>
#include <stdint.h>

/// Whether the CPU has fast strings (x86-64's ERMS) and they are not turned off
/// (GLIBC_TUNABLES=glibc.cpu.hwcaps=-ERMS, as for instruction counts): what
/// vitrine_copy_large and vitrine_fill_rows32 are for. 0 elsewhere. Asked of the CPU once.
int vitrine_has_fast_strings(void);

/// Sets `width`×`height` 32-bit pixels from (`x`, `y`) of `bits` (rows `stride_words` words
/// apart) to `pixel`, a `rep stosl` a row on x86-64: for wide boxes (a kilobyte a row or
/// more) where vitrine_has_fast_strings(), which are then stored without reading their
/// lines first; narrower ones are quicker by vitrine_fill_narrow32 or pixman's fill, and
/// other CPUs keep pixman's.
void vitrine_fill_rows32(uint32_t *bits, ptrdiff_t stride_words, int x, int y, int width, int height, uint32_t pixel);

/// Sets `width`×`height` 32-bit pixels from (`x`, `y`) of `bits` (rows `stride_words` words
/// apart) to `pixel`, with unaligned 16-byte stores on x86-64 (the last of a row overlapping
/// the one before it) and a plain loop elsewhere: for narrow boxes (a border's column, the
/// gap between two cards), where pixman's fill spends most of each row reaching a 16-byte
/// boundary. Any width is filled exactly; only narrow ones are worth it.
void vitrine_fill_narrow32(uint32_t *bits, ptrdiff_t stride_words, int x, int y, int width, int height, uint32_t pixel);

/// Copies `bytes` from `source` to `destination` (not overlapping) in the way that writes
/// whole lines without reading them first where the CPU has one, for a large copy into
/// ordinary memory that is read again soon: a frame into the remote view's mirror (which its
/// encoder reads) or SDL's window. On x86-64, `rep movsb` with fast strings (ERMS), else SSE2
/// streaming stores; a plain memcpy elsewhere. Call vitrine_streaming_fence() once after the
/// last copy of a batch, before the buffer is handed on.
void vitrine_copy_large(void *destination, const void *source, size_t bytes);
/// Copies `bytes` from `source` to `destination` (not overlapping) with stores that bypass
/// the cache where the CPU has them (SSE2 streaming stores on x86-64; a plain memcpy
/// elsewhere): a frame's copy into a display's buffer, which the CPU never reads back (DRM's
/// scanout memory, which a GPU maps write-combined, or the headless display's), so that the
/// cache keeps what the next frame composes from. Fence as for vitrine_copy_large.
void vitrine_copy_streaming(void *destination, const void *source, size_t bytes);

/// Orders the streaming stores before whatever follows (a page flip, another thread's read).
void vitrine_streaming_fence(void);

/// Moves `rows` rows of `row_bytes` each inside one surface and writes each moved row to
/// `copy` too, reading it once: a scrolled area moved in the scene and written to the
/// display's buffer in one pass. `destination`, `source` and `copy` point at the first row to
/// do; each next row is `stride` bytes on (`copy_stride` in `copy`), negative to go upwards.
/// A row's destination never overlaps its source (a move by at least one row), and the
/// caller orders the rows so that none is read after it was written. With `streaming`
/// (non-zero) the stores to `copy` bypass the cache where the CPU has them, fenced before the
/// return; the stores to `destination` always go through it (the next frame reads them).
void vitrine_move_rows_copying(void *destination, const void *source, void *copy, size_t row_bytes, size_t rows,
                               ptrdiff_t stride, ptrdiff_t copy_stride, int streaming);

#endif
