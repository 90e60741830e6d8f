extension ReminderNotification {
    /// The command-line program the hints name.
    public static let commandName = "todo-remind"

    /// The commands that do what the actions would, one per line, as plain
    /// text: "todo-remind done 42", "todo-remind snooze 42". Empty when the
    /// notification offers no action but dismissing.
    public var commandHints: [String] {
        var hints: [String] = []
        // An event has no command: its alarms are handled from its bubble,
        // or in the calendar that holds it; a digest's tasks are listed in
        // its body, each with its own command.
        guard case .task(let taskID) = owner else { return hints }
        let requests = actions.compactMap(\.request)
        if requests.contains(.markDone) {
            hints.append("\(Self.commandName) done \(taskID)")
        }
        if requests.contains(where: { if case .snooze = $0 { true } else { false } }) {
            hints.append("\(Self.commandName) snooze \(taskID)")
        }
        return hints
    }

    /// The body to send: as composed where the server shows the actions, and
    /// followed by the command hints, escaped for markup, where it cannot.
    public func body(showingActions: Bool) -> String {
        let hints = commandHints
        guard !showingActions, !hints.isEmpty else { return body }
        let lines = hints.map(Markup.escape).joined(separator: "\n")
        return body.isEmpty ? lines : body + "\n" + lines
    }
}
