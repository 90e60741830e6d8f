#include "LibNotifyLoader.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

static void *libnotify_handle;

const char *todo_remind_load_libnotify(void) {
    if (__atomic_load_n(&libnotify_handle, __ATOMIC_ACQUIRE)) return NULL;
    // RTLD_LOCAL: nothing of GLib's joins the process's global symbols.
    void *handle = dlopen("libnotify.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!handle) return dlerror();
    __atomic_store_n(&libnotify_handle, handle, __ATOMIC_RELEASE);
    return NULL;
}

/// The function `name` from libnotify or a library it loaded (GLib, GIO),
/// loading libnotify first if nothing has yet. A failure here means a caller
/// did not check todo_remind_load_libnotify(): a bug, so it stops the process.
static void *symbol(const char *name) {
    const char *failure = todo_remind_load_libnotify();
    void *found = failure ? NULL : dlsym(__atomic_load_n(&libnotify_handle, __ATOMIC_ACQUIRE), name);
    if (!found) {
        fprintf(stderr, "todo-remind: %s is not available: %s\n", name, failure ? failure : dlerror());
        abort();
    }
    return found;
}

// The function NAME, looked up once: its type is the one the real header
// declares, so the call below it is checked against the real prototype.
#define LOADED(name) \
    static __typeof__(&name) name##_pointer; \
    __typeof__(&name) loaded = __atomic_load_n(&name##_pointer, __ATOMIC_ACQUIRE); \
    if (!loaded) { \
        loaded = (__typeof__(&name)) symbol(#name); \
        __atomic_store_n(&name##_pointer, loaded, __ATOMIC_RELEASE); \
    }

gulong todo_remind_connect_closed(NotifyNotification *notification, TodoRemindClosedHandler handler, gpointer data) {
    LOADED(g_signal_connect_data)
    return loaded(notification, "closed", G_CALLBACK(handler), data, NULL, (GConnectFlags) 0);
}

guint32 todo_remind_notification_id(NotifyNotification *notification) {
    LOADED(g_object_get)
    gint id = 0;
    loaded(notification, "id", &id, NULL);
    return (guint32) id;
}

gboolean dl_notify_init(const char *app_name) {
    LOADED(notify_init)
    return loaded(app_name);
}

NotifyNotification *dl_notify_notification_new(const char *summary, const char *body, const char *icon) {
    LOADED(notify_notification_new)
    return loaded(summary, body, icon);
}

gboolean dl_notify_notification_update(NotifyNotification *notification, const char *summary, const char *body, const char *icon) {
    LOADED(notify_notification_update)
    return loaded(notification, summary, body, icon);
}

gboolean dl_notify_notification_show(NotifyNotification *notification, GError **error) {
    LOADED(notify_notification_show)
    return loaded(notification, error);
}

void dl_notify_notification_clear_actions(NotifyNotification *notification) {
    LOADED(notify_notification_clear_actions)
    loaded(notification);
}

void dl_notify_notification_add_action(NotifyNotification *notification, const char *action, const char *label, NotifyActionCallback callback, gpointer user_data, GFreeFunc free_func) {
    LOADED(notify_notification_add_action)
    loaded(notification, action, label, callback, user_data, free_func);
}

void dl_notify_notification_set_app_name(NotifyNotification *notification, const char *app_name) {
    LOADED(notify_notification_set_app_name)
    loaded(notification, app_name);
}

void dl_notify_notification_set_urgency(NotifyNotification *notification, NotifyUrgency urgency) {
    LOADED(notify_notification_set_urgency)
    loaded(notification, urgency);
}

void dl_notify_notification_set_hint(NotifyNotification *notification, const char *key, GVariant *value) {
    LOADED(notify_notification_set_hint)
    loaded(notification, key, value);
}

void dl_notify_notification_set_timeout(NotifyNotification *notification, gint timeout) {
    LOADED(notify_notification_set_timeout)
    loaded(notification, timeout);
}

GMainContext *dl_g_main_context_new(void) {
    LOADED(g_main_context_new)
    return loaded();
}

GMainLoop *dl_g_main_loop_new(GMainContext *context, gboolean is_running) {
    LOADED(g_main_loop_new)
    return loaded(context, is_running);
}

void dl_g_main_context_push_thread_default(GMainContext *context) {
    LOADED(g_main_context_push_thread_default)
    loaded(context);
}

void dl_g_main_loop_run(GMainLoop *loop) {
    LOADED(g_main_loop_run)
    loaded(loop);
}

gboolean dl_g_main_context_is_owner(GMainContext *context) {
    LOADED(g_main_context_is_owner)
    return loaded(context);
}

void dl_g_main_context_invoke_full(GMainContext *context, gint priority, GSourceFunc function, gpointer data, GDestroyNotify notify) {
    LOADED(g_main_context_invoke_full)
    loaded(context, priority, function, data, notify);
}

void dl_g_clear_error(GError **err) {
    LOADED(g_clear_error)
    loaded(err);
}

void dl_g_error_free(GError *error) {
    LOADED(g_error_free)
    loaded(error);
}

void dl_g_object_unref(gpointer object) {
    LOADED(g_object_unref)
    loaded(object);
}

void dl_g_signal_handler_disconnect(gpointer instance, gulong handler_id) {
    LOADED(g_signal_handler_disconnect)
    loaded(instance, handler_id);
}

GVariant *dl_g_variant_new_string(const gchar *string) {
    LOADED(g_variant_new_string)
    return loaded(string);
}

GVariant *dl_g_variant_new_uint32(guint32 value) {
    LOADED(g_variant_new_uint32)
    return loaded(value);
}

GVariant *dl_g_variant_new_tuple(GVariant * const *children, gsize n_children) {
    LOADED(g_variant_new_tuple)
    return loaded(children, n_children);
}

GVariant *dl_g_variant_get_child_value(GVariant *value, gsize index_) {
    LOADED(g_variant_get_child_value)
    return loaded(value, index_);
}

void dl_g_variant_unref(GVariant *value) {
    LOADED(g_variant_unref)
    loaded(value);
}

const gchar *dl_g_variant_get_type_string(GVariant *value) {
    LOADED(g_variant_get_type_string)
    return loaded(value);
}

gsize dl_g_variant_n_children(GVariant *value) {
    LOADED(g_variant_n_children)
    return loaded(value);
}

const gchar *dl_g_variant_get_string(GVariant *value, gsize *length) {
    LOADED(g_variant_get_string)
    return loaded(value, length);
}

void dl_g_dbus_connection_call(GDBusConnection *connection, const gchar *bus_name, const gchar *object_path, const gchar *interface_name, const gchar *method_name, GVariant *parameters, const GVariantType *reply_type, GDBusCallFlags flags, gint timeout_msec, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data) {
    LOADED(g_dbus_connection_call)
    loaded(connection, bus_name, object_path, interface_name, method_name, parameters, reply_type, flags, timeout_msec, cancellable, callback, user_data);
}

GDBusMessage *dl_g_dbus_message_new_method_call(const gchar *name, const gchar *path, const gchar *interface_, const gchar *method) {
    LOADED(g_dbus_message_new_method_call)
    return loaded(name, path, interface_, method);
}

GDBusMessage *dl_g_dbus_connection_send_message_with_reply_sync(GDBusConnection *connection, GDBusMessage *message, GDBusSendMessageFlags flags, gint timeout_msec, volatile guint32 *out_serial, GCancellable *cancellable, GError **error) {
    LOADED(g_dbus_connection_send_message_with_reply_sync)
    return loaded(connection, message, flags, timeout_msec, out_serial, cancellable, error);
}

gboolean dl_g_dbus_message_to_gerror(GDBusMessage *message, GError **error) {
    LOADED(g_dbus_message_to_gerror)
    return loaded(message, error);
}

GVariant *dl_g_dbus_message_get_body(GDBusMessage *message) {
    LOADED(g_dbus_message_get_body)
    return loaded(message);
}

const gchar *dl_g_dbus_message_get_sender(GDBusMessage *message) {
    LOADED(g_dbus_message_get_sender)
    return loaded(message);
}

gboolean dl_g_dbus_connection_is_closed(GDBusConnection *connection) {
    LOADED(g_dbus_connection_is_closed)
    return loaded(connection);
}

GDBusConnection *dl_g_bus_get_sync(GBusType bus_type, GCancellable *cancellable, GError **error) {
    LOADED(g_bus_get_sync)
    return loaded(bus_type, cancellable, error);
}

GQuark dl_g_io_error_quark(void) {
    LOADED(g_io_error_quark)
    return loaded();
}

GQuark dl_g_dbus_error_quark(void) {
    LOADED(g_dbus_error_quark)
    return loaded();
}

gboolean dl_g_dbus_error_strip_remote_error(GError *error) {
    LOADED(g_dbus_error_strip_remote_error)
    return loaded(error);
}
