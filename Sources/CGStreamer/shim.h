// GStreamer core and appsink through gobject's pkg-config. GStreamer's own pkg-config flags
// carry -pthread (from gmodule, a private requirement), which SwiftPM drops with a warning on
// every build; so this module is found through gobject-2.0 (glib's include paths) and declares
// the part of GStreamer 1.x that VitrineVideo calls, as Debian 12's 1.22 headers declare it.
// GStreamer keeps its ABI stable across 1.x: the two public struct heads read here
// (GstMiniObject, GstMessage) and GstMapInfo and GstAppSinkCallbacks do not change.
// The static inline helpers wrap the variadic g_object_set, which Swift cannot call.
#include <glib-object.h>
#include <string.h>

typedef struct _GstObject GstObject;
typedef struct _GstElement GstElement;
typedef struct _GstBus GstBus;
typedef struct _GstCaps GstCaps;
typedef struct _GstStructure GstStructure;
typedef struct _GstSample GstSample;
typedef struct _GstBuffer GstBuffer;
typedef struct _GstMemory GstMemory;
typedef struct _GstAppSink GstAppSink;

typedef struct _GstMiniObject {
    GType type;
    gint refcount;
    gint lockstate;
    guint flags;
    gpointer copy;
    gpointer dispose;
    gpointer free;
    guint priv_uint;
    gpointer priv_pointer;
} GstMiniObject;

typedef enum {
    VITRINE_GST_MESSAGE_EOS = (1 << 0),
    VITRINE_GST_MESSAGE_ERROR = (1 << 1),
    VITRINE_GST_MESSAGE_WARNING = (1 << 2),
    VITRINE_GST_MESSAGE_BUFFERING = (1 << 5),
    VITRINE_GST_MESSAGE_STATE_CHANGED = (1 << 6),
    VITRINE_GST_MESSAGE_ELEMENT = (1 << 15),
    VITRINE_GST_MESSAGE_DURATION_CHANGED = (1 << 18),
    VITRINE_GST_MESSAGE_ASYNC_DONE = (1 << 21),
} VitrineGstMessageType;

/// The public head of GstMessage (gstmessage.h); private fields follow and are not read.
typedef struct _GstMessage {
    GstMiniObject mini_object;
    guint type; // GstMessageType
    guint64 timestamp;
    GstObject *src;
    guint32 seqnum;
} GstMessage;

typedef struct {
    GstMemory *memory;
    guint flags; // GstMapFlags
    guint8 *data;
    gsize size;
    gsize maxsize;
    gpointer user_data[4];
    gpointer _gst_reserved[4];
} GstMapInfo;

typedef enum { VITRINE_GST_FLOW_OK = 0, VITRINE_GST_FLOW_ERROR = -5 } VitrineGstFlowReturn;

typedef struct {
    void (*eos)(GstAppSink *appsink, gpointer user_data);
    gint (*new_preroll)(GstAppSink *appsink, gpointer user_data);
    gint (*new_sample)(GstAppSink *appsink, gpointer user_data);
    gboolean (*new_event)(GstAppSink *appsink, gpointer user_data);
    gpointer _gst_reserved[3];
} GstAppSinkCallbacks;

enum {
    VITRINE_GST_STATE_NULL = 1,
    VITRINE_GST_STATE_READY = 2,
    VITRINE_GST_STATE_PAUSED = 3,
    VITRINE_GST_STATE_PLAYING = 4,
};
enum {
    VITRINE_GST_STATE_CHANGE_FAILURE = 0,
    VITRINE_GST_FORMAT_TIME = 3,
    VITRINE_GST_SEEK_FLAG_FLUSH = (1 << 0),
    VITRINE_GST_SEEK_FLAG_ACCURATE = (1 << 1),
    VITRINE_GST_SEEK_TYPE_NONE = 0,
    VITRINE_GST_SEEK_TYPE_SET = 1,
    VITRINE_GST_BUS_DROP = 0,
    VITRINE_GST_MAP_READ = 1,
};
// Error codes of the three domains read (gsterror.h).
enum {
    VITRINE_GST_CORE_ERROR_MISSING_PLUGIN = 12,
    VITRINE_GST_RESOURCE_ERROR_NOT_FOUND = 3,
    VITRINE_GST_RESOURCE_ERROR_OPEN_READ = 5,
    VITRINE_GST_RESOURCE_ERROR_READ = 9,
    VITRINE_GST_RESOURCE_ERROR_NOT_AUTHORIZED = 15,
    VITRINE_GST_STREAM_ERROR_TYPE_NOT_FOUND = 4,
    VITRINE_GST_STREAM_ERROR_WRONG_TYPE = 5,
    VITRINE_GST_STREAM_ERROR_CODEC_NOT_FOUND = 6,
    VITRINE_GST_STREAM_ERROR_DECODE = 7,
    VITRINE_GST_STREAM_ERROR_DEMUX = 9,
};

typedef gint (*GstBusSyncHandler)(GstBus *bus, GstMessage *message, gpointer user_data);

gboolean gst_init_check(int *argc, char ***argv, GError **error);
GstElement *gst_element_factory_make(const gchar *factoryname, const gchar *name);
gint gst_element_set_state(GstElement *element, gint state);
GstBus *gst_element_get_bus(GstElement *element);
gboolean gst_element_seek(GstElement *element, gdouble rate, gint format, gint flags,
                          gint start_type, gint64 start, gint stop_type, gint64 stop);
gboolean gst_element_query_position(GstElement *element, gint format, gint64 *cur);
gboolean gst_element_query_duration(GstElement *element, gint format, gint64 *duration);
void gst_bus_set_sync_handler(GstBus *bus, GstBusSyncHandler func, gpointer user_data, GDestroyNotify notify);
gpointer gst_object_ref_sink(gpointer object);
void gst_object_unref(gpointer object);
gchar *gst_object_get_name(GstObject *object);
void gst_mini_object_unref(GstMiniObject *mini_object);
gchar *gst_filename_to_uri(const gchar *filename, GError **error);

GQuark gst_core_error_quark(void);
GQuark gst_resource_error_quark(void);
GQuark gst_stream_error_quark(void);
void gst_message_parse_error(GstMessage *message, GError **gerror, gchar **debug);
void gst_message_parse_buffering(GstMessage *message, gint *percent);
void gst_message_parse_state_changed(GstMessage *message, gint *oldstate, gint *newstate, gint *pending);
const GstStructure *gst_message_get_structure(GstMessage *message);
const gchar *gst_structure_get_name(const GstStructure *structure);
const gchar *gst_structure_get_string(const GstStructure *structure, const gchar *fieldname);
const GValue *gst_structure_get_value(const GstStructure *structure, const gchar *fieldname);
gboolean gst_structure_get_int(const GstStructure *structure, const gchar *fieldname, gint *value);
gchar *gst_value_serialize(const GValue *value);

GstCaps *gst_caps_from_string(const gchar *string);
GstStructure *gst_caps_get_structure(const GstCaps *caps, guint index);
GstSample *gst_app_sink_pull_sample(GstAppSink *appsink);
GstSample *gst_app_sink_pull_preroll(GstAppSink *appsink);
void gst_app_sink_set_callbacks(GstAppSink *appsink, GstAppSinkCallbacks *callbacks, gpointer user_data,
                                GDestroyNotify notify);
GstBuffer *gst_sample_get_buffer(GstSample *sample);
GstCaps *gst_sample_get_caps(GstSample *sample);
gboolean gst_buffer_map(GstBuffer *buffer, GstMapInfo *info, guint flags);
void gst_buffer_unmap(GstBuffer *buffer, GstMapInfo *info);

static inline void vitrine_gst_set_string(gpointer object, const gchar *name, const gchar *value) {
    g_object_set(object, name, value, NULL);
}
static inline void vitrine_gst_set_double(gpointer object, const gchar *name, gdouble value) {
    g_object_set(object, name, value, NULL);
}
static inline void vitrine_gst_set_bool(gpointer object, const gchar *name, gboolean value) {
    g_object_set(object, name, value, NULL);
}
static inline void vitrine_gst_set_uint(gpointer object, const gchar *name, guint value) {
    g_object_set(object, name, value, NULL);
}
/// Sets an object- or boxed-valued property (a sink element, caps): g_object_set takes a reference.
static inline void vitrine_gst_set_pointer(gpointer object, const gchar *name, gpointer value) {
    g_object_set(object, name, value, NULL);
}
/// playbin's "flags" minus subtitles (GST_PLAY_FLAG_TEXT): a kiosk clip has none, and the
/// subtitle machinery would only cost threads.
static inline void vitrine_gst_playbin_drop_text(gpointer playbin) {
    guint flags = 0;
    g_object_get(playbin, "flags", &flags, NULL);
    g_object_set(playbin, "flags", flags & ~(guint)(1 << 2), NULL);
}

// Which decoder playbin chose, and which it should prefer.
typedef struct _GstIterator GstIterator;
typedef struct _GstElementFactory GstElementFactory;
typedef struct _GstRegistry GstRegistry;
typedef struct _GstPluginFeature GstPluginFeature;
GstIterator *gst_bin_iterate_recurse(GstElement *bin);
gint gst_iterator_next(GstIterator *it, GValue *elem); // 0 done, 1 ok, 2 resync, 3 error
void gst_iterator_resync(GstIterator *it);
void gst_iterator_free(GstIterator *it);
GstElementFactory *gst_element_get_factory(GstElement *element);
const gchar *gst_element_factory_get_metadata(GstElementFactory *factory, const gchar *key);
GstRegistry *gst_registry_get(void);
GstPluginFeature *gst_registry_lookup_feature(GstRegistry *registry, const char *name);
void gst_plugin_feature_set_rank(GstPluginFeature *feature, guint rank);
guint gst_plugin_feature_get_rank(GstPluginFeature *feature);

/// The factory name ("vp8dec", "v4l2h264dec") of the first video decoder inside `pipeline`,
/// for g_free; NULL when there is none.
static inline gchar *vitrine_gst_video_decoder_name(GstElement *pipeline) {
    GstIterator *it = gst_bin_iterate_recurse(pipeline);
    if (!it) return NULL;
    GValue item = G_VALUE_INIT;
    gchar *found = NULL;
    gint result;
    while (!found && (result = gst_iterator_next(it, &item)) != 0) {
        if (result == 2) { gst_iterator_resync(it); continue; }
        if (result == 3) break;
        GstElement *element = (GstElement *)g_value_get_object(&item);
        GstElementFactory *factory = element ? gst_element_get_factory(element) : NULL;
        const gchar *klass = factory ? gst_element_factory_get_metadata(factory, "klass") : NULL;
        if (klass && strstr(klass, "Decoder") && strstr(klass, "Video")) found = gst_object_get_name((GstObject *)factory);
        g_value_reset(&item);
    }
    if (G_IS_VALUE(&item)) g_value_unset(&item);
    gst_iterator_free(it);
    return found;
}

// A pipeline from a description (VideoItem.writeTestPattern; the tests make their clips so too).
GstElement *gst_bin_get_by_name(GstElement *bin, const gchar *name);
// For the tests, which make their clips with a pipeline of their own.
GstElement *gst_parse_launch(const gchar *pipeline_description, GError **error);
GstMessage *gst_bus_timed_pop_filtered(GstBus *bus, guint64 timeout, guint types);
