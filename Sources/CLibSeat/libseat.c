#include "vitrine_libseat.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// Each pointer has the type of libseat's own declaration (typeof), so the header and this file
// cannot disagree with the library's API.
static struct {
    typeof(&libseat_open_seat) open_seat;
    typeof(&libseat_close_seat) close_seat;
    typeof(&libseat_disable_seat) disable_seat;
    typeof(&libseat_open_device) open_device;
    typeof(&libseat_close_device) close_device;
    typeof(&libseat_seat_name) seat_name;
    typeof(&libseat_switch_session) switch_session;
    typeof(&libseat_get_fd) get_fd;
    typeof(&libseat_dispatch) dispatch;
    typeof(&libseat_set_log_handler) set_log_handler;
    typeof(&libseat_set_log_level) set_log_level;
} seat;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;
static char failure[256];

#define FIND(name)                                                                      \
    do {                                                                                \
        seat.name = (typeof(seat.name))dlsym(library, "libseat_" #name);                \
        if (seat.name == NULL) {                                                        \
            snprintf(failure, sizeof failure, "%s has no libseat_%s: %s",               \
                     VITRINE_LIBSEAT_SONAME, #name, dlerror());                         \
            return;                                                                     \
        }                                                                               \
    } while (0)

static void load(void) {
    void *library = dlopen(VITRINE_LIBSEAT_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason ? reason : VITRINE_LIBSEAT_SONAME " could not be loaded");
        return;
    }
    FIND(open_seat);
    FIND(close_seat);
    FIND(disable_seat);
    FIND(open_device);
    FIND(close_device);
    FIND(seat_name);
    FIND(switch_session);
    FIND(get_fd);
    FIND(dispatch);
    FIND(set_log_handler);
    FIND(set_log_level);
    // Kept loaded for the process's life: libseat's log handler and listeners point into it.
    loaded = 0;
}

int vitrine_libseat_load(char *message, size_t capacity) {
    pthread_once(&once, load);
    if (loaded != 0 && message != NULL && capacity > 0) snprintf(message, capacity, "%s", failure);
    return loaded;
}

struct libseat *vitrine_libseat_open_seat(const struct libseat_seat_listener *listener, void *userdata) {
    return seat.open_seat(listener, userdata);
}
int vitrine_libseat_close_seat(struct libseat *s) { return seat.close_seat(s); }
int vitrine_libseat_disable_seat(struct libseat *s) { return seat.disable_seat(s); }
int vitrine_libseat_open_device(struct libseat *s, const char *path, int *fd) { return seat.open_device(s, path, fd); }
int vitrine_libseat_close_device(struct libseat *s, int device_id) { return seat.close_device(s, device_id); }
const char *vitrine_libseat_seat_name(struct libseat *s) { return seat.seat_name(s); }
int vitrine_libseat_switch_session(struct libseat *s, int session) { return seat.switch_session(s, session); }
int vitrine_libseat_get_fd(struct libseat *s) { return seat.get_fd(s); }
int vitrine_libseat_dispatch(struct libseat *s, int timeout) { return seat.dispatch(s, timeout); }
void vitrine_libseat_set_log_handler(libseat_log_func handler) { seat.set_log_handler(handler); }
void vitrine_libseat_set_log_level(enum libseat_log_level level) { seat.set_log_level(level); }
