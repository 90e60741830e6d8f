import CAdwaita
import CLineModel
import FoundationEssentials
import TodoCore
import TodoLinux
import TodoListing
import TodoSync
import TodoViewModel
import TodoWindow

/// The window: a header bar (add, search, priority, sort, completed shown,
/// clear completed), the list in `list`'s groups, a progress bar, and toasts
/// that say what a change did (with Undo). Every click and key calls
/// `TaskListModel`; what is shown is read back from it.
@MainActor
final class TaskListWindow {
    /// The window's actions and their keys (`gtk_application_set_accels_for_action`).
    /// Space, Delete and ? act on the list only (its own shortcuts), so that
    /// typing in the search is never taken for them.
    static let accelerators: [(String, [String])] = [
        ("win.add", ["<Control>n"]),
        ("win.search", ["<Control>f"]),
        ("win.undo", ["<Control>z"]),
        ("win.help", ["F1"]),
        ("win.close", ["<Control>q", "<Control>w"]),
    ]

    private let model: TaskListModel
    private let window: UnsafeMutablePointer<GtkWidget>
    private let toasts: UnsafeMutablePointer<GtkWidget>
    private let search: UnsafeMutablePointer<GtkWidget>
    private let lines: OpaquePointer
    private let selection: OpaquePointer
    private let listView: UnsafeMutablePointer<GtkWidget>
    private let empty: UnsafeMutablePointer<GtkWidget>
    private let progress: UnsafeMutablePointer<GtkWidget>
    /// Today's calendar events, beside the list; hidden when there are none.
    private let eventsPane: UnsafeMutablePointer<GtkWidget>
    private let eventsBox: UnsafeMutablePointer<GtkWidget>
    private var shownEvents: [WindowEvent] = []
    /// The category and list filters, whose choices follow the store's.
    private let categoryChoice: UnsafeMutablePointer<GtkWidget>
    private let listChoice: UnsafeMutablePointer<GtkWidget>
    private var shownCategories: [String] = []
    private var shownLists: [String] = []
    /// True while a drop-down's choices are replaced: its selection then
    /// changes without the person choosing.
    private var replacingChoices = false
    /// The toast on screen, or last shown: dismissed when the next comes.
    private var shownToast: OpaquePointer?
    private var rows: [UnsafeMutableRawPointer: TaskRowWidgets] = [:]
    private var minuteTimer: GLibSource?
    private var settle: GLibSource?
    private var sources: [GLibSource] = []
    private var seenVersion = 0
    private let storeWatcher: DirectoryWatcher?
    private let folderWatcher: DirectoryWatcher?
    private var form: FormDialog?

    init(application: UnsafeMutablePointer<GtkApplication>?, data: ViewStore, list: String?, now: Date) throws {
        _ = try data.startSync(now: now, realNow: now)
        model = try TaskListModel(data: data, list: list, now: now)
        seenVersion = try data.store.dataVersion()
        window = adw_application_window_new(application)
        gtk_window_set_title(todo_window(window), "todo-remind")
        gtk_window_set_default_size(todo_window(window), 720, 640)

        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        let header = adw_header_bar_new()
        let add = gtk_button_new_from_icon_name("list-add-symbolic")
        gtk_widget_set_tooltip_text(add, "Add a task (Ctrl+N)")
        todo_set_accessible_label(add, "Add task")
        gtk_actionable_set_action_name(OpaquePointer(add), "win.add")
        adw_header_bar_pack_start(todo_header_bar(header), add)
        search = gtk_search_entry_new()
        // Filtered at each key, not 150 ms after the last: the index finds a
        // letter among 100,000 tasks in a few milliseconds.
        gtk_search_entry_set_search_delay(todo_search_entry(search), 0)
        gtk_widget_set_hexpand(search, 1)
        todo_set_accessible_label(search, "Search")
        adw_header_bar_set_title_widget(todo_header_bar(header), search)

        let clear = gtk_button_new_from_icon_name("edit-clear-all-symbolic")
        gtk_widget_set_tooltip_text(clear, "Clear completed")
        todo_set_accessible_label(clear, "Clear completed")
        adw_header_bar_pack_end(todo_header_bar(header), clear)
        let showDone = gtk_toggle_button_new_with_label("Completed")
        gtk_widget_set_tooltip_text(showDone, "Show completed tasks")
        todo_set_accessible_label(showDone, "Show completed")
        adw_header_bar_pack_end(todo_header_bar(header), showDone)
        let priority = Self.dropDown(["All", "High", "Medium", "Low"], name: "Priority")
        adw_header_bar_pack_end(todo_header_bar(header), priority)
        let sort = Self.dropDown(ListOrder.allCases.map { "By " + $0.rawValue }, name: "Sort")
        adw_header_bar_pack_end(todo_header_bar(header), sort)
        categoryChoice = Self.dropDown(["All categories"], name: "Category")
        adw_header_bar_pack_end(todo_header_bar(header), categoryChoice)
        listChoice = Self.dropDown(["All lists"], name: "List")
        adw_header_bar_pack_start(todo_header_bar(header), listChoice)
        gtk_box_append(todo_box(content), header)

        lines = todo_line_model_new()
        selection = gtk_single_selection_new(todo_line_model_as_list_model(lines))
        // Not the first line, which is a group's title: the first task is selected by `refresh`.
        gtk_single_selection_set_autoselect(selection, 0)
        gtk_single_selection_set_can_unselect(selection, 1)
        let factory = gtk_signal_list_item_factory_new()
        listView = gtk_list_view_new(selection, factory)
        todo_set_accessible_label(listView, "Tasks")
        let scrolled = gtk_scrolled_window_new()
        gtk_scrolled_window_set_child(todo_scrolled_window(scrolled), listView)
        gtk_widget_set_vexpand(scrolled, 1)
        gtk_widget_set_hexpand(scrolled, 1)
        let body = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        gtk_box_append(todo_box(body), scrolled)
        // The pane: a separator, then a column of the day's events.
        eventsPane = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        todo_set_accessible_label(eventsPane, "Today's events")
        gtk_box_append(todo_box(eventsPane), gtk_separator_new(GTK_ORIENTATION_VERTICAL))
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        gtk_widget_set_size_request(column, 240, -1)
        for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top] {
            side(column, 12)
        }
        let eventsTitle = gtk_label_new("Today's events")
        gtk_label_set_xalign(todo_label(eventsTitle), 0)
        gtk_widget_add_css_class(eventsTitle, "heading")
        gtk_box_append(todo_box(column), eventsTitle)
        eventsBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        gtk_box_append(todo_box(column), eventsBox)
        gtk_box_append(todo_box(eventsPane), column)
        gtk_widget_set_visible(eventsPane, 0)
        gtk_box_append(todo_box(body), eventsPane)
        gtk_widget_set_vexpand(body, 1)
        gtk_box_append(todo_box(content), body)
        empty = gtk_label_new(nil)
        gtk_widget_add_css_class(empty, "dim-label")
        gtk_widget_set_vexpand(empty, 1)
        gtk_box_append(todo_box(content), empty)
        progress = gtk_progress_bar_new()
        gtk_progress_bar_set_show_text(todo_progress_bar(progress), 1)
        todo_set_accessible_label(progress, "Progress")
        for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_bottom, gtk_widget_set_margin_top] {
            side(progress, 8)
        }
        gtk_box_append(todo_box(content), progress)
        toasts = adw_toast_overlay_new()
        adw_toast_overlay_set_child(todo_toast_overlay(toasts), content)
        adw_application_window_set_content(todo_application_window(window), toasts)

        storeWatcher = try? DirectoryWatcher()
        folderWatcher = try? DirectoryWatcher()

        // The factory's handlers first: GTK 4.8 builds rows as soon as the
        // view has a model and a factory.
        SignalHandler.connect(UnsafeMutableRawPointer(factory), "setup", withArgument: true) { [unowned self] item in
            setUp(item)
        }
        SignalHandler.connect(UnsafeMutableRawPointer(factory), "bind", withArgument: true) { [unowned self] item in
            bind(item)
        }
        SignalHandler.connect(UnsafeMutableRawPointer(factory), "teardown", withArgument: true) { [unowned self] item in
            if let item { rows[item] = nil }
        }
        SignalHandler.connect(UnsafeMutableRawPointer(search), "search-changed") { [unowned self] _ in
            model.search(String(cString: gtk_editable_get_text(todo_editable(UnsafeMutableRawPointer(search)))))
            refresh()
        }
        SignalHandler.connect(UnsafeMutableRawPointer(priority), "notify::selected", withArgument: true) { [unowned self] _ in
            let chosen = gtk_drop_down_get_selected(todo_drop_down(UnsafeMutableRawPointer(priority)))
            model.showPriority([nil, Priority.high, .medium, .low][Int(min(chosen, 3))])
            refresh()
        }
        SignalHandler.connect(UnsafeMutableRawPointer(sort), "notify::selected", withArgument: true) { [unowned self] _ in
            let chosen = Int(gtk_drop_down_get_selected(todo_drop_down(UnsafeMutableRawPointer(sort))))
            model.sort(by: ListOrder.allCases[min(chosen, ListOrder.allCases.count - 1)])
            refresh()
        }
        SignalHandler.connect(UnsafeMutableRawPointer(categoryChoice), "notify::selected", withArgument: true) { [unowned self] _ in
            guard !replacingChoices else { return }
            let chosen = Int(gtk_drop_down_get_selected(todo_drop_down(UnsafeMutableRawPointer(categoryChoice))))
            model.showCategory(key: chosen > 0 && chosen <= model.categories.count ? model.categories[chosen - 1].key : nil)
            refresh()
        }
        SignalHandler.connect(UnsafeMutableRawPointer(listChoice), "notify::selected", withArgument: true) { [unowned self] _ in
            guard !replacingChoices else { return }
            let chosen = Int(gtk_drop_down_get_selected(todo_drop_down(UnsafeMutableRawPointer(listChoice))))
            model.showList(path: model.lists.indices.contains(chosen) ? model.lists[chosen].path : nil)
            refresh()
        }
        SignalHandler.connect(UnsafeMutableRawPointer(showDone), "toggled") { [unowned self] _ in
            model.showDone(gtk_toggle_button_get_active(todo_toggle_button(UnsafeMutableRawPointer(showDone))) != 0)
            refresh()
        }
        SignalHandler.connect(UnsafeMutableRawPointer(clear), "clicked") { [unowned self] _ in askToClear() }
        SignalHandler.connect(UnsafeMutableRawPointer(listView), "activate", withArgument: true) { [unowned self] _ in edit() }

        addAction("add") { [unowned self] in openForm(nil) }
        addAction("edit") { [unowned self] in edit() }
        addAction("search") { [unowned self] in _ = gtk_widget_grab_focus(search) }
        addAction("undo") { [unowned self] in
            model.undo(now: Date())
            refresh()
        }
        addAction("toggle-done") { [unowned self] in
            if let id = selectedID { toggleDone(id) }
        }
        addAction("delete") { [unowned self] in
            if let id = selectedID { delete(id) }
        }
        addAction("help") { [unowned self] in showKeys() }
        addAction("close") { [unowned self] in gtk_window_close(todo_window(window)) }
        addListShortcuts()
        watchChanges(data: data)
        refresh()
        showEvents()
    }

    func present() {
        gtk_window_present(todo_window(window))
        if !framesLogged {
            framesLogged = true
            FrameLog.start(window: window)
        }
    }
    private var framesLogged = false

    /// Selects the task and scrolls to it (a bubble's default action).
    func select(task id: Int64) {
        guard let line = model.line(of: id) else { return }
        gtk_single_selection_set_selected(selection, guint(line))
        gtk_widget_activate_action_variant(listView, "list.scroll-to-item", g_variant_new_uint32(guint32(line)))
    }

    private static func dropDown(_ names: [String], name: String) -> UnsafeMutablePointer<GtkWidget> {
        let strings = names.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        let array: [UnsafePointer<CChar>?] = strings.map { $0.map { UnsafePointer($0) } } + [nil]
        let widget = array.withUnsafeBufferPointer { todo_drop_down_of($0.baseAddress) }!
        gtk_widget_set_tooltip_text(widget, name)
        todo_set_accessible_label(widget, name)
        return widget
    }

    private func addAction(_ name: String, _ body: @escaping @MainActor () -> Void) {
        let action = g_simple_action_new(name, nil)
        SignalHandler.connect(UnsafeMutableRawPointer(action), "activate", withArgument: true) { _ in body() }
        g_action_map_add_action(todo_action_map(UnsafeMutableRawPointer(window)), action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    /// Space (done), Delete (delete) and ? (the keys) on the list only.
    private func addListShortcuts() {
        let controller = gtk_shortcut_controller_new()
        for (trigger, action) in [("space", "win.toggle-done"), ("Delete", "win.delete"), ("question", "win.help")] {
            let shortcut = gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), gtk_named_action_new(action))
            gtk_shortcut_controller_add_shortcut(todo_shortcut_controller(UnsafeMutableRawPointer(controller)), shortcut)
        }
        // Before the row's own keys: a list item takes Space to select itself.
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        gtk_widget_add_controller(listView, controller)
    }

    // MARK: - Rows

    private func setUp(_ item: UnsafeMutableRawPointer?) {
        guard let item else { return }
        let widgets = TaskRowWidgets()
        rows[item] = widgets
        gtk_list_item_set_child(todo_list_item(item), widgets.root)
        SignalHandler.connect(UnsafeMutableRawPointer(widgets.check), "toggled") { [unowned self, unowned widgets] _ in
            guard !widgets.binding, let id = widgets.id else { return }
            toggleDone(id)
        }
        SignalHandler.connect(UnsafeMutableRawPointer(widgets.bell), "toggled") { [unowned self, unowned widgets] _ in
            guard !widgets.binding, let id = widgets.id else { return }
            model.toggleReminder(id: id, now: Date())
            refresh()
        }
        SignalHandler.connect(UnsafeMutableRawPointer(widgets.delete), "clicked") { [unowned self, unowned widgets] _ in
            guard let id = widgets.id else { return }
            delete(id)
        }
    }

    private func bind(_ item: UnsafeMutableRawPointer?) {
        guard let item, let widgets = rows[item] else { return }
        let line = Int(gtk_list_item_get_position(todo_list_item(item)))
        guard model.lines.indices.contains(line) else { return }
        switch model.lines[line] {
        case .group(let group):
            gtk_list_item_set_selectable(todo_list_item(item), 0)
            gtk_list_item_set_activatable(todo_list_item(item), 0)
            widgets.bind(group: group.title)
        case .task:
            gtk_list_item_set_selectable(todo_list_item(item), 1)
            gtk_list_item_set_activatable(todo_list_item(item), 1)
            if let row = model.row(atLine: line, now: Date()) { widgets.bind(row) }
        }
    }

    private var selectedID: Int64? {
        let line = gtk_single_selection_get_selected(selection)
        return line == GTK_INVALID_LIST_POSITION ? nil : model.taskID(atLine: Int(line))
    }

    // MARK: - Changes

    private func toggleDone(_ id: Int64) {
        let now = Date()
        let open = model.openSubtasks(of: id, now: now)
        guard !open.isEmpty, !(model.row(atLine: model.line(of: id) ?? -1, now: now)?.isDone ?? false) else {
            model.toggleDone(id: id, now: now)
            refresh()
            return
        }
        let question = "Complete it and its \(TaskDescriber.count(open))?"
        ask("Open subtasks", question, confirm: "Complete all") { [unowned self] confirmed in
            if confirmed { model.toggleDone(id: id, withSubtasks: true, now: Date()) }
            refresh()
        }
    }

    private func delete(_ id: Int64) {
        model.delete(id: id, now: Date())
        refresh()
    }

    private func askToClear() {
        let completed = (try? model.data.store.taskCounts().completed) ?? 0
        guard completed > 0 else {
            adw_toast_overlay_add_toast(todo_toast_overlay(UnsafeMutableRawPointer(toasts)), adw_toast_new("No completed tasks to clear."))
            return
        }
        let noun = completed == 1 ? "this completed task" : "these \(completed) completed tasks"
        ask("Clear completed", "Delete \(noun)? Undo brings them back.", confirm: "Delete") { [unowned self] confirmed in
            if confirmed { model.clearCompleted(now: Date()) }
            refresh()
        }
    }

    private func edit() {
        guard let id = selectedID else { return }
        openForm(id)
    }

    private func openForm(_ id: Int64?) {
        let now = Date()
        guard let form = id.map({ model.editForm(id: $0, now: now) }) ?? model.newForm(now: now) else { return }
        self.form = FormDialog(parent: window, form: form) { [unowned self] form in
            let saved = model.save(&form, now: Date())
            if saved { refresh() }
            return saved
        } closed: { [unowned self] in
            self.form = nil
        }
    }

    private func showKeys() {
        ask("Keys", """
            Ctrl+N add · Ctrl+F search · Enter edit · Space done · Delete delete · Ctrl+Z undo · F1 or ? these keys · Ctrl+Q close
            """, confirm: nil) { _ in }
    }

    /// Asks a question in a dialog; `answer` gets whether it was confirmed.
    private func ask(_ heading: String, _ body: String, confirm: String?, answer: @escaping @MainActor (Bool) -> Void) {
        let dialog = adw_message_dialog_new(todo_window(window), heading, body)
        let message = todo_message_dialog(UnsafeMutableRawPointer(dialog))
        if let confirm {
            todo_dialog_add_response(message, "cancel", "Cancel")
            todo_dialog_add_response(message, "confirm", confirm)
            adw_message_dialog_set_response_appearance(message, "confirm", ADW_RESPONSE_DESTRUCTIVE)
        } else {
            todo_dialog_add_response(message, "close", "Close")
        }
        SignalHandler.connect(UnsafeMutableRawPointer(dialog), "response", withArgument: true) { response in
            answer(response.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } == "confirm")
        }
        gtk_window_present(todo_window(UnsafeMutableRawPointer(dialog)))
    }

    // MARK: - Showing

    /// Shows the model as it is now: the lines (only those on screen are
    /// bound again), the progress, what is said when nothing shows, and the
    /// toast of the last change; then waits for the next minute.
    private func refresh() {
        let keep = selectedID
        let count = model.lines.count
        todo_line_model_set_count(lines, guint(count))
        // The rows on screen show their lines as they are now (a line may
        // hold another task, or its task have changed).
        for item in rows.keys { bind(item) }
        if let line = keep.flatMap(model.line(of:)) ?? model.lines.indices.first(where: { model.taskID(atLine: $0) != nil }) {
            gtk_single_selection_set_selected(selection, guint(line))
        }
        let (done, total) = model.progress
        gtk_progress_bar_set_fraction(todo_progress_bar(UnsafeMutableRawPointer(progress)), total == 0 ? 0 : Double(done) / Double(total))
        gtk_progress_bar_set_text(todo_progress_bar(UnsafeMutableRawPointer(progress)), model.progressWords)
        gtk_label_set_text(todo_label(UnsafeMutableRawPointer(empty)), model.emptyWords)
        gtk_widget_set_visible(empty, count == 0 ? 1 : 0)
        showChoices()
        if let said = model.toast {
            model.toastShown()
            let toast = adw_toast_new(said.text)
            if said.canUndo {
                adw_toast_set_button_label(toast, "Undo")
                adw_toast_set_action_name(toast, "win.undo")
            }
            // In place of the last change's, which goes: quick changes
            // neither wait behind one another nor come back afterwards (a
            // toast of high priority puts the one it displaces back in the queue).
            if let shownToast {
                adw_toast_dismiss(shownToast)
                g_object_unref(UnsafeMutableRawPointer(shownToast))
            }
            shownToast = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(toast)))
            adw_toast_overlay_add_toast(todo_toast_overlay(UnsafeMutableRawPointer(toasts)), toast)
        }
        scheduleMinute()
        FrameLog.noteChange()
    }

    /// Offers the categories and lists in use, when they changed, keeping
    /// the one chosen; the list filter shows only with lists in folders.
    private func showChoices() {
        let categories = model.categories.map(\.name)
        if categories != shownCategories {
            shownCategories = categories
            let key = model.filters.categoryKey
            replace(categoryChoice, with: ["All categories"] + categories,
                    selected: key.flatMap { key in model.categories.firstIndex { $0.key == key }.map { $0 + 1 } } ?? 0)
        }
        let lists = model.lists.map(\.name)
        if lists != shownLists {
            shownLists = lists
            replace(listChoice, with: lists, selected: model.lists.firstIndex { $0.path == model.filters.list } ?? 0)
        }
        gtk_widget_set_visible(listChoice, lists.count > 1 ? 1 : 0)
    }

    private func replace(_ dropDown: UnsafeMutablePointer<GtkWidget>, with names: [String], selected: Int) {
        replacingChoices = true
        defer { replacingChoices = false }
        let strings = names.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        let array: [UnsafePointer<CChar>?] = strings.map { $0.map { UnsafePointer($0) } } + [nil]
        let model = array.withUnsafeBufferPointer { gtk_string_list_new($0.baseAddress) }
        gtk_drop_down_set_model(todo_drop_down(UnsafeMutableRawPointer(dropDown)), todo_list_model(UnsafeMutableRawPointer(model)))
        g_object_unref(UnsafeMutableRawPointer(model))
        gtk_drop_down_set_selected(todo_drop_down(UnsafeMutableRawPointer(dropDown)), guint(selected))
    }

    /// Shows today's events in the pane beside the list, when they changed:
    /// read at start, after a change from elsewhere (a synced file) and at
    /// each minute, not at each key.
    private func showEvents() {
        let events = model.todayEvents(now: Date())
        guard events != shownEvents else { return }
        shownEvents = events
        while let child = gtk_widget_get_first_child(eventsBox) {
            gtk_box_remove(todo_box(UnsafeMutableRawPointer(eventsBox)), child)
        }
        for event in events {
            let label = gtk_label_new(event.time + "  " + event.text)
            gtk_label_set_xalign(todo_label(label), 0)
            gtk_label_set_wrap(todo_label(label), 1)
            gtk_box_append(todo_box(UnsafeMutableRawPointer(eventsBox)), label)
        }
        gtk_widget_set_visible(eventsPane, events.isEmpty ? 0 : 1)
    }

    /// Wakes at the next instant the list changes by itself (the minute of
    /// the relative words, a task becoming due): nothing else wakes the
    /// window while nothing changes.
    private func scheduleMinute() {
        minuteTimer?.cancel()
        let now = Date()
        let wait = max(0, model.nextChange(after: now).timeIntervalSince(now))
        minuteTimer = GLibSource.after(milliseconds: UInt32(min(wait * 1000 + 1, 3_600_000))) { [unowned self] in
            model.timePassed(now: Date())
            refresh()
            showEvents()
        }
    }

    // MARK: - Live

    /// Reads a change made elsewhere within a second, without polling: the
    /// store's folder (a command, the daemon, the terminal view) and the
    /// lists' folders (vdirsyncer), through inotify on GLib's loop.
    private func watchChanges(data: ViewStore) {
        let path = data.store.path
        let folder = path.deletingLastPathComponent
        let name = path.lastPathComponent
        if let storeWatcher, (try? storeWatcher.watch(folder.isEmpty ? "." : folder, mask: .entryChanges)) != nil {
            sources.append(GLibSource.watching(fd: storeWatcher.fd.rawValue) { [unowned self] in
                let changes = storeWatcher.readChanges()
                guard changes.contains(where: { $0.name.hasPrefix(name) || $0.kinds.contains(.overflow) }) else { return }
                // One command's writes are read once: they settle first.
                settle?.cancel()
                settle = GLibSource.after(milliseconds: 30) { [unowned self] in readStore() }
            })
        }
        if let folderWatcher, !data.lists.lists.isEmpty {
            for list in data.lists.lists { try? folderWatcher.watch(list.path, mask: .entryChanges) }
            sources.append(GLibSource.watching(fd: folderWatcher.fd.rawValue) { [unowned self] in
                let changes = folderWatcher.readChanges()
                let changed = DaemonSync.changedFolders(changes.map { ($0.folder, $0.name) }, overflow: changes.contains { $0.kinds.contains(.overflow) })
                guard changed.map({ !$0.isEmpty }) ?? true else { return }
                // Read in through the window's own connection: its version does not move.
                if (try? model.data.readIn(paths: changed, now: Date())) == true { readStore(force: true) }
            })
        }
    }

    private func readStore(force: Bool = false) {
        // The window's own writes do not change the version: only others' are read.
        guard let version = try? model.data.store.dataVersion(), version != seenVersion || force else { return }
        seenVersion = version
        do {
            try model.reload(now: Date())
        } catch {
            adw_toast_overlay_add_toast(todo_toast_overlay(UnsafeMutableRawPointer(toasts)), adw_toast_new(TaskForm.sentence(error)))
        }
        refresh()
        showEvents()
    }
}
