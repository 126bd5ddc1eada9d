// libdispatch's hooks for a foreign run loop on Linux, the ones CoreFoundation's CFMainLoop uses.
// They are exported by the libdispatch.so that ships with the Swift toolchain but not declared
// in its public headers.
#ifndef VITRINE_DISPATCH_SHIMS_H
#define VITRINE_DISPATCH_SHIMS_H

/// The main queue's eventfd: it becomes readable when work is enqueued on the main queue
/// (DispatchQueue.main.async, and MainActor jobs, which the Swift runtime enqueues there).
/// Owned by libdispatch: never close it. Returns -1 once dispatch_main() has been called (the
/// main queue is then drained by libdispatch's own threads and cannot be drained by a loop).
int _dispatch_get_main_queue_handle_4CF(void);

/// Runs the work enqueued on the main queue. Must be called on the process's main thread, and
/// never after dispatch_main(): libdispatch aborts otherwise. Re-entrant calls return at once.
/// The caller reads the eventfd (to clear it) before calling, so that work enqueued while
/// draining makes it readable again.
void _dispatch_main_queue_callback_4CF(void *_Null_unspecified message);

/// Whether the calling thread is the process's main (initial) thread: the only thread that may
/// drain the main queue.
int vitrine_is_main_thread(void);

#endif
