// libjpeg-turbo's TurboJPEG API, loaded when the app first reads or writes a JPEG rather than
// linked: an app that shows no JPEG (or none yet) does not load the library at start. Each
// function below is TurboJPEG's of the same name with a `vitrine_` prefix; the types are
// TurboJPEG's own header's, so a signature that changed would not compile.
#ifndef VITRINE_TURBOJPEG_H
#define VITRINE_TURBOJPEG_H

#include <stddef.h>
#include <turbojpeg.h>

/// The shared object loaded (Debian's libturbojpeg0 package installs it).
#define VITRINE_TURBOJPEG_SONAME "libturbojpeg.so.0"

/// Loads libturbojpeg and finds its functions, once (later calls return the first call's
/// result). 0 when loaded; -1 when not, with the loader's message written into `message` (at
/// most `capacity` bytes, NUL-terminated). Thread-safe.
int vitrine_tj_load(char *message, size_t capacity);

// Call only after vitrine_tj_load returned 0.
tjhandle vitrine_tjInitDecompress(void);
tjhandle vitrine_tjInitCompress(void);
int vitrine_tjDestroy(tjhandle handle);
int vitrine_tjDecompressHeader3(tjhandle handle, const unsigned char *jpegBuf, unsigned long jpegSize, int *width,
                                int *height, int *jpegSubsamp, int *jpegColorspace);
int vitrine_tjDecompress2(tjhandle handle, const unsigned char *jpegBuf, unsigned long jpegSize, unsigned char *dstBuf,
                          int width, int pitch, int height, int pixelFormat, int flags);
tjscalingfactor *vitrine_tjGetScalingFactors(int *numScalingFactors);
char *vitrine_tjGetErrorStr2(tjhandle handle);
int vitrine_tjCompress2(tjhandle handle, const unsigned char *srcBuf, int width, int pitch, int height,
                        int pixelFormat, unsigned char **jpegBuf, unsigned long *jpegSize, int jpegSubsamp,
                        int jpegQual, int flags);
void vitrine_tjFree(unsigned char *buffer);

#endif
