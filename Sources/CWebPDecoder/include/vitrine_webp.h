// libwebp's decoder, loaded when the app first reads a WebP image rather than linked: an app
// that shows no WebP (or none yet) does not load the library at start. Each function below is
// libwebp's of the same name with a `vitrine_` prefix; the types are libwebp's own header's, so
// a signature that changed would not compile. (Tests encode WebP fixtures through the linked
// library, module CWebP; an app never writes WebP.)
#ifndef VITRINE_WEBP_H
#define VITRINE_WEBP_H

#include <stddef.h>
#include <webp/decode.h>

/// The shared object loaded (Debian's libwebp7 package installs it).
#define VITRINE_WEBP_SONAME "libwebp.so.7"

/// Loads libwebp and finds its decoder's functions, once (later calls return the first call's
/// result). 0 when loaded; -1 when not, with the loader's message written into `message` (at
/// most `capacity` bytes, NUL-terminated). Thread-safe.
int vitrine_webp_load(char *message, size_t capacity);

// Call only after vitrine_webp_load returned 0.
VP8StatusCode vitrine_WebPGetFeaturesInternal(const uint8_t *data, size_t data_size, WebPBitstreamFeatures *features,
                                              int version);
int vitrine_WebPInitDecoderConfigInternal(WebPDecoderConfig *config, int version);
VP8StatusCode vitrine_WebPDecode(const uint8_t *data, size_t data_size, WebPDecoderConfig *config);
void vitrine_WebPFreeDecBuffer(WebPDecBuffer *buffer);

#endif
