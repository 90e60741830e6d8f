#include "LineModel.h"

struct _TodoLineModel {
    GObject parent;
    guint count;
    /// The item of each line GTK has asked for, NULL for the others: the
    /// same object for the same line, so that GTK keeps a row's widgets
    /// when the list changes around it.
    GPtrArray *items;
};

static void todo_line_model_list_model_init(GListModelInterface *interface);

G_DEFINE_FINAL_TYPE_WITH_CODE(TodoLineModel, todo_line_model, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, todo_line_model_list_model_init))

static GType todo_line_model_get_item_type(GListModel *model) {
    (void) model;
    return G_TYPE_OBJECT;
}

static guint todo_line_model_get_n_items(GListModel *model) {
    return TODO_LINE_MODEL(model)->count;
}

/// A plain object for the line: what it stands for is its position.
static gpointer todo_line_model_get_item(GListModel *model, guint position) {
    TodoLineModel *self = TODO_LINE_MODEL(model);
    if (position >= self->count) return NULL;
    gpointer item = g_ptr_array_index(self->items, position);
    if (item == NULL) {
        item = g_object_new(G_TYPE_OBJECT, NULL);
        g_ptr_array_index(self->items, position) = item;
    }
    return g_object_ref(item);
}

static void todo_line_model_list_model_init(GListModelInterface *interface) {
    interface->get_item_type = todo_line_model_get_item_type;
    interface->get_n_items = todo_line_model_get_n_items;
    interface->get_item = todo_line_model_get_item;
}

static void todo_line_model_unref_item(gpointer item) {
    if (item != NULL) g_object_unref(item);
}

static void todo_line_model_finalize(GObject *object) {
    g_ptr_array_unref(TODO_LINE_MODEL(object)->items);
    G_OBJECT_CLASS(todo_line_model_parent_class)->finalize(object);
}

static void todo_line_model_class_init(TodoLineModelClass *class) {
    G_OBJECT_CLASS(class)->finalize = todo_line_model_finalize;
}

static void todo_line_model_init(TodoLineModel *self) {
    self->count = 0;
    self->items = g_ptr_array_new_with_free_func(todo_line_model_unref_item);
}

TodoLineModel *todo_line_model_new(void) {
    return g_object_new(TODO_TYPE_LINE_MODEL, NULL);
}

GListModel *todo_line_model_as_list_model(TodoLineModel *self) {
    return G_LIST_MODEL(self);
}

void todo_line_model_set_count(TodoLineModel *self, guint count) {
    guint before = self->count;
    if (count == before) return;
    // Lines past the end go with their items; new ones have none yet.
    g_ptr_array_set_size(self->items, count);
    self->count = count;
    // Told as lines going or coming at the end, which costs GTK the lines
    // that changed, not all of them: the lines before are the window's to
    // bind again.
    if (count < before) {
        g_list_model_items_changed(G_LIST_MODEL(self), count, before - count, 0);
    } else {
        g_list_model_items_changed(G_LIST_MODEL(self), before, 0, count - before);
    }
}
