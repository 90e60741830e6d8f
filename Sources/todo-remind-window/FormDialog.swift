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
        let header = adw_header_bar_new()
        adw_header_bar_set_show_end_title_buttons(todo_header_bar(header), 0)
        let cancel = gtk_button_new_with_label("Cancel")
        let saveButton = gtk_button_new_with_label(form.taskID == nil ? "Add" : "Save")
        gtk_widget_add_css_class(saveButton, "suggested-action")
        adw_header_bar_pack_start(todo_header_bar(header), cancel)
        adw_header_bar_pack_end(todo_header_bar(header), saveButton)
        gtk_window_set_titlebar(todo_window(dialog), header)

        let grid = gtk_grid_new()
        gtk_grid_set_row_spacing(todo_grid(grid), 4)
        gtk_grid_set_column_spacing(todo_grid(grid), 12)
        for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_bottom, gtk_widget_set_margin_top] {
            side(grid, 18)
        }
        for (number, field) in TaskForm.Field.allCases.enumerated() {
            let label = gtk_label_new(field.label)
            gtk_label_set_xalign(todo_label(label), 1)
            let entry: UnsafeMutablePointer<GtkWidget> = gtk_entry_new()
            gtk_editable_set_text(todo_editable(entry), form.value(field).text)
            gtk_entry_set_placeholder_text(todo_entry(entry), field.hint)
            gtk_widget_set_hexpand(entry, 1)
            todo_set_accessible_label(entry, field.label)
            gtk_entry_set_activates_default(todo_entry(entry), 1)
            let error = gtk_label_new(nil)
            gtk_label_set_xalign(todo_label(error), 0)
            gtk_label_set_wrap(todo_label(error), 1)
            gtk_widget_add_css_class(error, "error")
            gtk_widget_set_visible(error, 0)
            gtk_grid_attach(todo_grid(grid), label, 0, Int32(2 * number), 1, 1)
            if field == .due || field == .start {
                // A day picked on a calendar, beside the entry, which keeps
                // taking WHEN as typed ("fri 17:00", "+2d") and a time after the day.
                let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
                gtk_box_append(todo_box(UnsafeMutableRawPointer(line)), entry)
                gtk_box_append(todo_box(UnsafeMutableRawPointer(line)), Self.dayPicker(for: entry, field: field))
                gtk_grid_attach(todo_grid(grid), line, 1, Int32(2 * number), 1, 1)
            } else {
                gtk_grid_attach(todo_grid(grid), entry, 1, Int32(2 * number), 1, 1)
            }
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

    /// A button opening a calendar: the day picked is written into `entry`
    /// as `2026-12-11`, with the time the entry had after its day kept
    /// ("2026-12-11 17:00").
    private static func dayPicker(for entry: UnsafeMutablePointer<GtkWidget>, field: TaskForm.Field) -> UnsafeMutablePointer<GtkWidget> {
        let button: UnsafeMutablePointer<GtkWidget> = gtk_menu_button_new()
        gtk_menu_button_set_icon_name(todo_menu_button(UnsafeMutableRawPointer(button)), "x-office-calendar-symbolic")
        todo_set_accessible_label(button, "Pick the \(field.label.lowercased()) day")
        gtk_widget_set_tooltip_text(button, "Pick a day")
        let popover = gtk_popover_new()
        let calendar = gtk_calendar_new()
        todo_set_accessible_label(calendar, "\(field.label) calendar")
        gtk_popover_set_child(todo_popover(UnsafeMutableRawPointer(popover)), calendar)
        gtk_menu_button_set_popover(todo_menu_button(UnsafeMutableRawPointer(button)), popover)
        SignalHandler.connect(UnsafeMutableRawPointer(calendar), "day-selected") { _ in
            guard let date = gtk_calendar_get_date(todo_calendar(UnsafeMutableRawPointer(calendar))) else { return }
            defer { g_date_time_unref(date) }
            func padded(_ value: Int32, _ width: Int) -> String {
                let digits = String(value)
                return String(repeating: "0", count: max(0, width - digits.count)) + digits
            }
            let day = padded(g_date_time_get_year(date), 4) + "-" + padded(g_date_time_get_month(date), 2) + "-"
                + padded(g_date_time_get_day_of_month(date), 2)
            let typed = String(cString: gtk_editable_get_text(todo_editable(UnsafeMutableRawPointer(entry))))
            gtk_editable_set_text(todo_editable(UnsafeMutableRawPointer(entry)), Self.text(day: day, keepingTimeOf: typed))
            gtk_popover_popdown(todo_popover(UnsafeMutableRawPointer(popover)))
        }
        return button
    }

    /// `day`, with the time of day `typed` ends with, if it ends with one
    /// ("fri 17:00" → "2026-12-11 17:00").
    static func text(day: String, keepingTimeOf typed: String) -> String {
        guard let last = typed.split(separator: " ").last, last.contains(":"),
              last.allSatisfy({ $0.isNumber || $0 == ":" }) else { return day }
        return day + " " + last
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
