// libnotify and the GLib, GObject and GIO it is built on, found where
// `pkg-config libnotify` says (see Package.swift), as GRDB finds SQLite.
//
// What Swift cannot import from them (function-like macros and variadic
// functions) is wrapped below in typed static inline functions.
#ifndef TODO_REMIND_CLIBNOTIFY_SHIM_H
#define TODO_REMIND_CLIBNOTIFY_SHIM_H

#include <libnotify/notify.h>
#include <glib.h>
#include <glib-object.h>
#include <gio/gio.h>

/// The type of a handler for a NotifyNotification's "closed" signal.
typedef void (*TodoRemindClosedHandler)(NotifyNotification *notification, gpointer data);

/// Connects `handler` to the notification's "closed" signal: the typed form of
/// `g_signal_connect (notification, "closed", G_CALLBACK (handler), data)`,
/// a macro that does not import. Returns the id for g_signal_handler_disconnect.
static inline gulong todo_remind_connect_closed(NotifyNotification *notification,
                                                TodoRemindClosedHandler handler, gpointer data) {
    return g_signal_connect_data(notification, "closed", G_CALLBACK(handler), data, NULL, (GConnectFlags) 0);
}

/// The id the server gave the notification: its "id" property, read with the
/// variadic g_object_get. 0 before it is shown and after it is closed.
static inline guint32 todo_remind_notification_id(NotifyNotification *notification) {
    gint id = 0;
    g_object_get(notification, "id", &id, NULL);
    return (guint32) id;
}

#endif
