// A GListModel of a number of lines and nothing else, for the window's
// GtkListView: the rows are bound by their position (TaskListWindow), so an
// item needs no content, and only the items GTK asks for (the rows on
// screen) are made, once each. A GtkStringList of blank strings made
// 100,000 objects up front, at every change of the list's length.
#ifndef TODO_REMIND_LINE_MODEL_H
#define TODO_REMIND_LINE_MODEL_H

#include <gio/gio.h>

G_BEGIN_DECLS

#define TODO_TYPE_LINE_MODEL (todo_line_model_get_type())
G_DECLARE_FINAL_TYPE(TodoLineModel, todo_line_model, TODO, LINE_MODEL, GObject)

/// A model of no lines.
TodoLineModel *todo_line_model_new(void);

/// The model as a GListModel, for a selection model to wrap.
GListModel *todo_line_model_as_list_model(TodoLineModel *self);

/// Sets how many lines there are. GTK is told only of the lines that go or
/// come at the end, and keeps the widgets of the others: what each line
/// shows is bound again by the window, which knows what changed.
void todo_line_model_set_count(TodoLineModel *self, guint count);

G_END_DECLS

#endif
