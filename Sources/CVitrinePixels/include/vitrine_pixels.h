#ifndef VITRINE_PIXELS_H
#define VITRINE_PIXELS_H

#include <stddef.h>

/// Copies `bytes` from `source` to `destination` (not overlapping) in the way that writes
/// whole lines without reading them first where the CPU has one, for a large copy into
/// ordinary memory whose destination is not read again soon: a frame into the headless
/// display's buffer or the remote view's mirror. On x86-64, `rep movsb` with fast strings
/// (ERMS), else SSE2 streaming stores; a plain memcpy elsewhere. Call
/// vitrine_streaming_fence() once after the last copy of a batch, before the buffer is
/// handed on.
void vitrine_copy_large(void *destination, const void *source, size_t bytes);
/// Copies `bytes` from `source` to `destination` (not overlapping) with stores that bypass
/// the cache where the CPU has them (SSE2 streaming stores on x86-64; a plain memcpy
/// elsewhere): a frame's copy into scanout memory, which a GPU maps write-combined. Fence as
/// for vitrine_copy_large.
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
