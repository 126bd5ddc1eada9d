// libseat, loaded when the app first opens a seat rather than linked: libseat links libsystemd,
// and with it libcap, libgcrypt and three compressors, seven libraries an app that opens its
// devices directly (or runs in a window, or with no screen) would load for nothing. Each
// function below is libseat's of the same name without the `vitrine_` prefix; the types are
// libseat's own header's, so a signature that changed would not compile.
#ifndef VITRINE_LIBSEAT_H
#define VITRINE_LIBSEAT_H

#include <libseat.h>
#include <stddef.h>

/// The shared object loaded (Debian's libseat1 package installs it).
#define VITRINE_LIBSEAT_SONAME "libseat.so.1"

/// Loads libseat and finds its functions, once (later calls return the first call's result).
/// 0 when loaded; -1 when not, with dlerror's message (the missing file or symbol) written into
/// `message` (at most `capacity` bytes, NUL-terminated). Thread-safe.
int vitrine_libseat_load(char *message, size_t capacity);

// Call only after vitrine_libseat_load returned 0.
struct libseat *vitrine_libseat_open_seat(const struct libseat_seat_listener *listener, void *userdata);
int vitrine_libseat_close_seat(struct libseat *seat);
int vitrine_libseat_disable_seat(struct libseat *seat);
int vitrine_libseat_open_device(struct libseat *seat, const char *path, int *fd);
int vitrine_libseat_close_device(struct libseat *seat, int device_id);
const char *vitrine_libseat_seat_name(struct libseat *seat);
int vitrine_libseat_switch_session(struct libseat *seat, int session);
int vitrine_libseat_get_fd(struct libseat *seat);
int vitrine_libseat_dispatch(struct libseat *seat, int timeout);
void vitrine_libseat_set_log_handler(libseat_log_func handler);
void vitrine_libseat_set_log_level(enum libseat_log_level level);

#endif
