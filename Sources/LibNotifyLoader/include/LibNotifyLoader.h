// LibNotifyLoader: libnotify, GLib and GIO, loaded when first needed.
//
// Linking libnotify makes every start of todo-remind load and relocate
// eleven libraries (libnotify, gdk-pixbuf, GIO, GObject, GLib and theirs),
// 2.6 ms of a 15 ms `list`, for the few commands that notify. Instead
// todo_remind_load_libnotify() opens libnotify.so.4 with dlopen, and each
// dl_NAME below calls NAME from it: the same function, the same arguments,
// type-checked against the real prototype in the library's own header.
#ifndef TODO_REMIND_LIBNOTIFY_LOADER_H
#define TODO_REMIND_LIBNOTIFY_LOADER_H

#include <libnotify/notify.h>
#include <glib.h>
#include <glib-object.h>
#include <gio/gio.h>

/// Loads libnotify (and with it GLib and GIO) once. Returns NULL when it is
/// loaded, or dlerror's text saying why it could not be. Call it, and see it
/// succeed, before relying on the dl_ functions: they load the library too,
/// but can only abort if it is missing.
const char *todo_remind_load_libnotify(void);

/// The type of a handler for a NotifyNotification's "closed" signal.
typedef void (*TodoRemindClosedHandler)(NotifyNotification *notification, gpointer data);

/// Connects `handler` to the notification's "closed" signal: the typed form of
/// `g_signal_connect (notification, "closed", G_CALLBACK (handler), data)`,
/// which does not import into Swift. Returns the handler id for
/// dl_g_signal_handler_disconnect.
gulong todo_remind_connect_closed(NotifyNotification *notification, TodoRemindClosedHandler handler, gpointer data);

/// The id the server gave the notification: its "id" property, read with the
/// variadic g_object_get. 0 before it is shown and after it is closed.
guint32 todo_remind_notification_id(NotifyNotification *notification);

// One for each function TodoNotify calls.
gboolean dl_notify_init(const char *app_name);
NotifyNotification *dl_notify_notification_new(const char *summary, const char *body, const char *icon);
gboolean dl_notify_notification_update(NotifyNotification *notification, const char *summary, const char *body, const char *icon);
gboolean dl_notify_notification_show(NotifyNotification *notification, GError **error);
void dl_notify_notification_clear_actions(NotifyNotification *notification);
void dl_notify_notification_add_action(NotifyNotification *notification, const char *action, const char *label, NotifyActionCallback callback, gpointer user_data, GFreeFunc free_func);
void dl_notify_notification_set_app_name(NotifyNotification *notification, const char *app_name);
void dl_notify_notification_set_urgency(NotifyNotification *notification, NotifyUrgency urgency);
void dl_notify_notification_set_hint(NotifyNotification *notification, const char *key, GVariant *value);
void dl_notify_notification_set_timeout(NotifyNotification *notification, gint timeout);
GMainContext *dl_g_main_context_new(void);
GMainLoop *dl_g_main_loop_new(GMainContext *context, gboolean is_running);
void dl_g_main_context_push_thread_default(GMainContext *context);
void dl_g_main_loop_run(GMainLoop *loop);
gboolean dl_g_main_context_is_owner(GMainContext *context);
void dl_g_main_context_invoke_full(GMainContext *context, gint priority, GSourceFunc function, gpointer data, GDestroyNotify notify);
void dl_g_clear_error(GError **err);
void dl_g_error_free(GError *error);
void dl_g_object_unref(gpointer object);
void dl_g_signal_handler_disconnect(gpointer instance, gulong handler_id);
GVariant *dl_g_variant_new_string(const gchar *string);
GVariant *dl_g_variant_new_uint32(guint32 value);
GVariant *dl_g_variant_new_tuple(GVariant * const *children, gsize n_children);
GVariant *dl_g_variant_get_child_value(GVariant *value, gsize index_);
void dl_g_variant_unref(GVariant *value);
const gchar *dl_g_variant_get_type_string(GVariant *value);
gsize dl_g_variant_n_children(GVariant *value);
const gchar *dl_g_variant_get_string(GVariant *value, gsize *length);
void dl_g_dbus_connection_call(GDBusConnection *connection, const gchar *bus_name, const gchar *object_path, const gchar *interface_name, const gchar *method_name, GVariant *parameters, const GVariantType *reply_type, GDBusCallFlags flags, gint timeout_msec, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
GDBusMessage *dl_g_dbus_message_new_method_call(const gchar *name, const gchar *path, const gchar *interface_, const gchar *method);
GDBusMessage *dl_g_dbus_connection_send_message_with_reply_sync(GDBusConnection *connection, GDBusMessage *message, GDBusSendMessageFlags flags, gint timeout_msec, volatile guint32 *out_serial, GCancellable *cancellable, GError **error);
gboolean dl_g_dbus_message_to_gerror(GDBusMessage *message, GError **error);
GVariant *dl_g_dbus_message_get_body(GDBusMessage *message);
const gchar *dl_g_dbus_message_get_sender(GDBusMessage *message);
gboolean dl_g_dbus_connection_is_closed(GDBusConnection *connection);
GDBusConnection *dl_g_bus_get_sync(GBusType bus_type, GCancellable *cancellable, GError **error);
GQuark dl_g_io_error_quark(void);
GQuark dl_g_dbus_error_quark(void);
gboolean dl_g_dbus_error_strip_remote_error(GError *error);

#endif
