// SDL2 (the desktop window of VitrineSDL) and the one Xlib call it needs: the X connection's
// descriptor, which the run loop watches so that the app sleeps until the window system speaks.
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>

/// The descriptor of the X connection `display` (Xlib's ConnectionNumber, a macro Swift cannot call).
static inline int vitrine_x11_connection_number(void *display) {
    return ConnectionNumber((Display *)display);
}

/// The X11 `Display *` of an SDL window, or NULL when the window is not on X11.
static inline void *vitrine_sdl_x11_display(SDL_Window *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return NULL;
    return info.info.x11.display;
}

/// Sends what Xlib has buffered for `display` (a no-op when nothing is).
static inline void vitrine_x11_flush(void *display) { XFlush((Display *)display); }

/// The last window a BadWindow error was about (0: none), set by the handler below.
static inline unsigned long *vitrine_x11_bad_window_slot(void) {
    static unsigned long slot;
    return &slot;
}

/// Xlib's default handler exits the process on any error: this one records a BadWindow or BadDrawable (the
/// window was destroyed under us, `xdotool windowclose`) and lets the app end cleanly.
static int vitrine_x11_on_error(Display *display, XErrorEvent *error) {
    (void)display;
    if (error->error_code == BadWindow || error->error_code == BadDrawable) *vitrine_x11_bad_window_slot() = error->resourceid;
    return 0;
}

/// Installs the handler above (for the whole process's Xlib).
static inline void vitrine_x11_catch_errors(void) { XSetErrorHandler(vitrine_x11_on_error); }

/// The resource of the last BadWindow or BadDrawable error since the previous call, or 0.
static inline unsigned long vitrine_x11_take_bad_window(void) {
    unsigned long window = *vitrine_x11_bad_window_slot();
    *vitrine_x11_bad_window_slot() = 0;
    return window;
}

/// The X window of an SDL window (0 when not on X11).
static inline unsigned long vitrine_sdl_x11_window(SDL_Window *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    return info.info.x11.window;
}

/// Waits until the server has handled every request sent on `display`, so that the errors they
/// cause reach the handler installed now (before SDL restores its own at shutdown).
static inline void vitrine_x11_sync(void *display) { XSync((Display *)display, False); }

/// The X key code of an SDL_SYSWMEVENT carrying an X11 KeyPress or KeyRelease (the evdev code
/// plus 8 on every X server of today), with `*pressed` set; 0 for any other event.
static inline unsigned int vitrine_sdl_x11_key(const SDL_Event *event, int *pressed) {
    if (event->type != SDL_SYSWMEVENT || !event->syswm.msg || event->syswm.msg->subsystem != SDL_SYSWM_X11) return 0;
    const XEvent *x = &event->syswm.msg->msg.x11.event;
    if (x->type != KeyPress && x->type != KeyRelease) return 0;
    *pressed = x->type == KeyPress;
    return x->xkey.keycode;
}
