// GTK 4 and libadwaita 1 (Debian's libgtk-4-dev and libadwaita-1-dev), found
// where `pkg-config libadwaita-1` says (see Package.swift), as libnotify is.
//
// What Swift cannot import from them (GObject's function-like macros such
// as g_signal_connect and GTK_WIDGET, and variadic functions) is wrapped
// below in typed static inline functions: one connect function per shape
// of handler, and checked casts.
#ifndef TODO_REMIND_CADWAITA_SHIM_H
#define TODO_REMIND_CADWAITA_SHIM_H

#include <adwaita.h>
#include <glib-unix.h>

/// A handler of a signal that passes only its emitter ("activate",
/// "clicked", "toggled", "search-changed", "close-request" ignored).
typedef void (*TodoSignalHandler)(gpointer instance, gpointer data);
/// A handler of a signal that passes one argument beside its emitter (a
/// list item factory's "setup" and "bind", a GSimpleAction's "activate",
/// "notify::…", an AdwMessageDialog's "response").
typedef void (*TodoSignalHandler1)(gpointer instance, gpointer argument, gpointer data);

/// A handler of GApplication's "open": the files (here, a task's URI) a
/// launch asked the running instance to open.
typedef void (*TodoOpenHandler)(GApplication *application, GFile **files, gint count, const gchar *hint, gpointer data);

static inline gulong todo_connect_open(GApplication *application, TodoOpenHandler handler, gpointer data) {
    return g_signal_connect_data(application, "open", G_CALLBACK(handler), data, NULL, (GConnectFlags) 0);
}

/// `g_signal_connect_data` with a typed handler; `destroy` frees `data`
/// when the handler is disconnected or its emitter finalized.
static inline gulong todo_connect(gpointer instance, const char *signal, TodoSignalHandler handler,
                                  gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, destroy, (GConnectFlags) 0);
}

static inline gulong todo_connect1(gpointer instance, const char *signal, TodoSignalHandler1 handler,
                                   gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, destroy, (GConnectFlags) 0);
}

// Checked casts (GTK_WIDGET() and the like are macros).
static inline GtkWidget *todo_widget(gpointer object) { return GTK_WIDGET(object); }
static inline GtkWindow *todo_window(gpointer object) { return GTK_WINDOW(object); }
static inline GtkBox *todo_box(gpointer object) { return GTK_BOX(object); }
static inline GtkLabel *todo_label(gpointer object) { return GTK_LABEL(object); }
static inline GtkButton *todo_button(gpointer object) { return GTK_BUTTON(object); }
static inline GtkCheckButton *todo_check_button(gpointer object) { return GTK_CHECK_BUTTON(object); }
static inline GtkToggleButton *todo_toggle_button(gpointer object) { return GTK_TOGGLE_BUTTON(object); }
static inline GtkSearchEntry *todo_search_entry(gpointer object) { return GTK_SEARCH_ENTRY(object); }
static inline GtkCalendar *todo_calendar(gpointer object) { return GTK_CALENDAR(object); }
static inline GtkMenuButton *todo_menu_button(gpointer object) { return GTK_MENU_BUTTON(object); }
static inline GtkPopover *todo_popover(gpointer object) { return GTK_POPOVER(object); }
static inline GtkEntry *todo_entry(gpointer object) { return GTK_ENTRY(object); }
static inline GtkShortcutController *todo_shortcut_controller(gpointer object) { return GTK_SHORTCUT_CONTROLLER(object); }
static inline GtkEditable *todo_editable(gpointer object) { return GTK_EDITABLE(object); }
static inline GtkListItem *todo_list_item(gpointer object) { return GTK_LIST_ITEM(object); }
static inline GListModel *todo_list_model(gpointer object) { return G_LIST_MODEL(object); }
static inline GApplication *todo_application(gpointer object) { return G_APPLICATION(object); }
static inline GtkApplication *todo_gtk_application(gpointer object) { return GTK_APPLICATION(object); }
static inline GActionMap *todo_action_map(gpointer object) { return G_ACTION_MAP(object); }
static inline GtkDropDown *todo_drop_down(gpointer object) { return GTK_DROP_DOWN(object); }
static inline GtkProgressBar *todo_progress_bar(gpointer object) { return GTK_PROGRESS_BAR(object); }
static inline GtkScrolledWindow *todo_scrolled_window(gpointer object) { return GTK_SCROLLED_WINDOW(object); }
static inline GtkGrid *todo_grid(gpointer object) { return GTK_GRID(object); }
static inline AdwToastOverlay *todo_toast_overlay(gpointer object) { return ADW_TOAST_OVERLAY(object); }
static inline AdwMessageDialog *todo_message_dialog(gpointer object) { return ADW_MESSAGE_DIALOG(object); }
static inline AdwHeaderBar *todo_header_bar(gpointer object) { return ADW_HEADER_BAR(object); }
static inline AdwApplicationWindow *todo_application_window(gpointer object) { return ADW_APPLICATION_WINDOW(object); }

/// What a screen reader says of `widget`, and what the tests find it by
/// (gtk_accessible_update_property is variadic).
static inline void todo_set_accessible_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/// Sets one accelerator for an action (the array form takes a NULL end).
static inline void todo_set_accel(GtkApplication *application, const char *action, const char *accel) {
    const char *accels[] = { accel, NULL };
    gtk_application_set_accels_for_action(application, action, accels);
}

/// Sets two accelerators for an action.
static inline void todo_set_accels2(GtkApplication *application, const char *action, const char *first, const char *second) {
    const char *accels[] = { first, second, NULL };
    gtk_application_set_accels_for_action(application, action, accels);
}

/// A drop-down of fixed strings, in order (the array takes a NULL end).
static inline GtkWidget *todo_drop_down_of(const char *const *strings) {
    return gtk_drop_down_new_from_strings(strings);
}

/// Adds an AdwMessageDialog's response (two-argument form, for clarity).
static inline void todo_dialog_add_response(AdwMessageDialog *dialog, const char *id, const char *label) {
    adw_message_dialog_add_response(dialog, id, label);
}

/// Watches a file descriptor for input on GLib's loop (g_unix_fd_add with
/// a typed function).
typedef gboolean (*TodoFDHandler)(gint fd, GIOCondition condition, gpointer data);
static inline guint todo_watch_fd(gint fd, TodoFDHandler handler, gpointer data) {
    return g_unix_fd_add(fd, G_IO_IN, handler, data);
}

#endif
