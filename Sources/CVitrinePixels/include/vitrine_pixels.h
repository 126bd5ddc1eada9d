#ifndef VITRINE_PIXELS_H
#define VITRINE_PIXELS_H

#include <stddef.h>

/// Copies `bytes` from `source` to `destination` (not overlapping) with stores that bypass
/// the cache where the CPU has them (SSE2 streaming stores on x86-64; a plain memcpy
/// elsewhere), for a large copy whose destination is not read again soon: the copy of a
/// frame into a display's buffer. Call vitrine_streaming_fence() once after the last copy
/// of a batch, before the buffer is handed on.
void vitrine_copy_streaming(void *destination, const void *source, size_t bytes);

/// Orders the streaming stores before whatever follows (a page flip, another thread's read).
void vitrine_streaming_fence(void);

#endif
