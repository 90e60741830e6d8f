// The libnotify, GLib and GIO headers, for their types and constants.
// Nothing is linked from here: the functions are called through
// LibNotifyLoader, which loads libnotify when the first notification is due,
// so the commands that never notify do not load GLib at all.
#ifndef TODO_REMIND_CLIBNOTIFY_SHIM_H
#define TODO_REMIND_CLIBNOTIFY_SHIM_H

#include <libnotify/notify.h>
#include <glib.h>
#include <glib-object.h>
#include <gio/gio.h>

#endif
