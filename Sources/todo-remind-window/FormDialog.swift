import CAdwaita
import TodoViewModel

/// The add and edit form in a dialog: a labelled entry for each of
/// `TaskForm`'s fields (WHEN and RULE typed as the command line takes
/// them), each mistake under its field in the command line's sentence, and
/// nothing saved until every field reads.
@MainActor
final class FormDialog {
    private let dialog: UnsafeMutablePointer<GtkWidget>
    private var form: TaskForm
    private var entries: [TaskForm.Field: UnsafeMutablePointer<GtkWidget>] = [:]
    private var errors: [TaskForm.Field: UnsafeMutablePointer<GtkWidget>] = [:]
    private let save: @MainActor (inout TaskForm) -> Bool
    private let closed: @MainActor () -> Void

    /// - Parameters:
    ///   - save: saves the form; false while a field does not read.
    ///   - closed: the dialog is gone (saved or cancelled).
    init(parent: UnsafeMutablePointer<GtkWidget>, form: TaskForm,
         save: @escaping @MainActor (inout TaskForm) -> Bool, closed: @escaping @MainActor () -> Void) {
        self.form = form
        self.save = save
        self.closed = closed
        dialog = gtk_window_new()
        let title = form.taskID == nil ? "New task" : "Edit task"
        gtk_window_set_title(todo_window(dialog), title)
        gtk_window_set_transient_for(todo_window(dialog), todo_window(parent))
        gtk_window_set_modal(todo_window(dialog), 1)
        gtk_window_set_default_size(todo_window(dialog), 520, -1)
        let header = adw_header_bar_new()!
        adw_header_bar_set_show_end_title_buttons(todo_header_bar(header), 0)
        let cancel = gtk_button_new_with_label("Cancel")!
        let saveButton = gtk_button_new_with_label(form.taskID == nil ? "Add" : "Save")!
        gtk_widget_add_css_class(saveButton, "suggested-action")
        adw_header_bar_pack_start(todo_header_bar(header), cancel)
        adw_header_bar_pack_end(todo_header_bar(header), saveButton)
        gtk_window_set_titlebar(todo_window(dialog), header)

        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(todo_grid(grid), 4)
        gtk_grid_set_column_spacing(todo_grid(grid), 12)
        for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_bottom, gtk_widget_set_margin_top] {
            side(grid, 18)
        }
        for (number, field) in TaskForm.Field.allCases.enumerated() {
            let label = gtk_label_new(field.label)!
            gtk_label_set_xalign(todo_label(label), 1)
            let entry = gtk_entry_new()!
            gtk_editable_set_text(todo_editable(entry), form.value(field).text)
            gtk_entry_set_placeholder_text(todo_entry(entry), field.hint)
            gtk_widget_set_hexpand(entry, 1)
            todo_set_accessible_label(entry, field.label)
            gtk_entry_set_activates_default(todo_entry(entry), 1)
            let error = gtk_label_new(nil)!
            gtk_label_set_xalign(todo_label(error), 0)
            gtk_label_set_wrap(todo_label(error), 1)
            gtk_widget_add_css_class(error, "error")
            gtk_widget_set_visible(error, 0)
            gtk_grid_attach(todo_grid(grid), label, 0, Int32(2 * number), 1, 1)
            gtk_grid_attach(todo_grid(grid), entry, 1, Int32(2 * number), 1, 1)
            gtk_grid_attach(todo_grid(grid), error, 1, Int32(2 * number + 1), 1, 1)
            entries[field] = entry
            errors[field] = error
        }
        gtk_window_set_child(todo_window(dialog), grid)
        gtk_window_set_default_widget(todo_window(dialog), saveButton)

        SignalHandler.connect(UnsafeMutableRawPointer(cancel), "clicked") { [unowned self] _ in close() }
        SignalHandler.connect(UnsafeMutableRawPointer(saveButton), "clicked") { [unowned self] _ in submit() }
        SignalHandler.connect(UnsafeMutableRawPointer(dialog), "close-request") { [unowned self] _ in self.closed() }
        gtk_window_present(todo_window(dialog))
        if let title = entries[.title] { _ = gtk_widget_grab_focus(title) }
    }

    private func submit() {
        for (field, entry) in entries {
            form.set(field, to: String(cString: gtk_editable_get_text(todo_editable(UnsafeMutableRawPointer(entry)))))
        }
        guard save(&form) else {
            for (field, label) in errors {
                let sentence = form.errors[field]
                gtk_label_set_text(todo_label(UnsafeMutableRawPointer(label)), sentence ?? "")
                gtk_widget_set_visible(label, sentence == nil ? 0 : 1)
            }
            return
        }
        close()
    }

    private func close() {
        gtk_window_destroy(todo_window(UnsafeMutableRawPointer(dialog)))
        closed()
    }
}
