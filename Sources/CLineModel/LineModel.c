#include "LineModel.h"

struct _TodoLineModel {
    GObject parent;
    guint count;
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
    if (position >= TODO_LINE_MODEL(model)->count) return NULL;
    return g_object_new(G_TYPE_OBJECT, NULL);
}

static void todo_line_model_list_model_init(GListModelInterface *interface) {
    interface->get_item_type = todo_line_model_get_item_type;
    interface->get_n_items = todo_line_model_get_n_items;
    interface->get_item = todo_line_model_get_item;
}

static void todo_line_model_class_init(TodoLineModelClass *class) {
    (void) class;
}

static void todo_line_model_init(TodoLineModel *self) {
    self->count = 0;
}

TodoLineModel *todo_line_model_new(void) {
    return g_object_new(TODO_TYPE_LINE_MODEL, NULL);
}

GListModel *todo_line_model_as_list_model(TodoLineModel *self) {
    return G_LIST_MODEL(self);
}

void todo_line_model_reset(TodoLineModel *self, guint count) {
    guint removed = self->count;
    self->count = count;
    if (removed > 0 || count > 0) {
        g_list_model_items_changed(G_LIST_MODEL(self), 0, removed, count);
    }
}
