import CAdwaita
import TodoWindow

/// The widgets of one row of the list, made once by the factory and bound
/// to a line again as the list scrolls: a group's title, or a task's check
/// button (done), title and details, bell (its reminder) and delete button.
@MainActor
final class TaskRowWidgets {
    let root: UnsafeMutablePointer<GtkWidget>
    let header: UnsafeMutablePointer<GtkWidget>
    let taskBox: UnsafeMutablePointer<GtkWidget>
    let check: UnsafeMutablePointer<GtkWidget>
    let title: UnsafeMutablePointer<GtkWidget>
    let details: UnsafeMutablePointer<GtkWidget>
    let bell: UnsafeMutablePointer<GtkWidget>
    let delete: UnsafeMutablePointer<GtkWidget>
    /// The task bound, nil for a group's title.
    var id: Int64?
    /// True while the row is being bound: the toggles' signals then say
    /// nothing of the person's intention.
    var binding = false
    private var styleClass: String?

    init() {
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        header = gtk_label_new(nil)
        gtk_label_set_xalign(todo_label(header), 0)
        gtk_widget_add_css_class(header, "heading")
        gtk_widget_set_margin_top(header, 12)
        gtk_widget_set_margin_bottom(header, 4)
        taskBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
        check = gtk_check_button_new()
        let words = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)
        title = gtk_label_new(nil)
        gtk_label_set_xalign(todo_label(title), 0)
        gtk_label_set_ellipsize(todo_label(title), PANGO_ELLIPSIZE_END)
        details = gtk_label_new(nil)
        gtk_label_set_xalign(todo_label(details), 0)
        gtk_label_set_ellipsize(todo_label(details), PANGO_ELLIPSIZE_END)
        gtk_widget_add_css_class(details, "caption")
        gtk_widget_set_hexpand(words, 1)
        gtk_box_append(todo_box(words), title)
        gtk_box_append(todo_box(words), details)
        bell = gtk_toggle_button_new()
        gtk_button_set_icon_name(todo_button(bell), "alarm-symbolic")
        gtk_widget_add_css_class(bell, "flat")
        delete = gtk_button_new_from_icon_name("user-trash-symbolic")
        gtk_widget_add_css_class(delete, "flat")
        for widget in [check, words, bell, delete] { gtk_box_append(todo_box(taskBox), widget) }
        gtk_widget_set_margin_top(taskBox, 6)
        gtk_widget_set_margin_bottom(taskBox, 6)
        gtk_box_append(todo_box(root), header)
        gtk_box_append(todo_box(root), taskBox)
    }

    /// Shows a group's title.
    func bind(group title: String) {
        id = nil
        gtk_label_set_text(todo_label(header), title)
        gtk_widget_set_visible(header, 1)
        gtk_widget_set_visible(taskBox, 0)
    }

    /// Shows a task's row; the accessible names say which task each
    /// control acts on, as a screen reader needs and the tests find them.
    func bind(_ row: WindowRow) {
        binding = true
        defer { binding = false }
        id = row.id
        gtk_widget_set_visible(header, 0)
        gtk_widget_set_visible(taskBox, 1)
        gtk_label_set_text(todo_label(title), row.title)
        gtk_label_set_text(todo_label(details), row.details)
        gtk_check_button_set_active(todo_check_button(check), row.isDone ? 1 : 0)
        gtk_toggle_button_set_active(todo_toggle_button(bell), row.reminderOn ? 1 : 0)
        gtk_widget_set_margin_start(taskBox, Int32(24 * row.depth))
        if let styleClass { gtk_widget_remove_css_class(title, styleClass) }
        styleClass = row.styleClass
        if let styleClass { gtk_widget_add_css_class(title, styleClass) }
        todo_set_accessible_label(check, "Done: \(row.accessibleName)")
        todo_set_accessible_label(bell, "Reminder: \(row.accessibleName)")
        todo_set_accessible_label(delete, "Delete: \(row.accessibleName)")
        gtk_widget_set_tooltip_text(bell, row.reminderOn ? "Reminder on" : "Reminder off")
        gtk_widget_set_tooltip_text(delete, "Delete")
    }
}
