import TodoCore

/// Everything a notifier needs to show one reminder, already worded and escaped.
public struct ReminderNotification: Hashable, Sendable {
    /// Plain text, the task's title with its controls shown: servers escape
    /// summaries themselves.
    /// libnotify refuses an empty one; the app name is shown instead.
    public var summary: String
    /// Pango markup, already safe: the task's own text in it is escaped.
    public var body: String
    public var urgency: Urgency
    /// The notification's type for the server (the `category` hint).
    public var category: String
    public var appName: String
    /// The `desktop-entry` hint: the .desktop file's name without its suffix.
    public var desktopEntry: String
    /// An absolute path of an icon file, or an icon name from the icon theme.
    public var iconPath: String?
    /// Whose bubble it is (a task's, an event's or the digest's), so that a
    /// later reminder of the same owner replaces a bubble still open, and
    /// its actions act on that owner.
    public var owner: BubbleOwner
    /// The actions the bubble offers, in order, where the server can show
    /// actions; elsewhere the body says which commands do the same
    /// (`body(showingActions:)`).
    public var actions: [NotificationAction]
    /// A name that stays the same each time this reminder is sent, across
    /// processes: given to the server as the `x-dunst-stack-tag` and
    /// `x-canonical-private-synchronous` hints, so a bubble re-sent after a
    /// crash replaces the first one instead of stacking, on servers that
    /// honour them (dunst, Notify OSD and its heirs). Nil sends neither hint.
    public var stackTag: String?

    public init(
        summary: String,
        body: String,
        urgency: Urgency = .normal,
        category: String = ReminderNotification.reminderCategory,
        appName: String = ReminderNotification.defaultAppName,
        desktopEntry: String = ReminderNotification.defaultDesktopEntry,
        iconPath: String? = nil,
        owner: BubbleOwner,
        actions: [NotificationAction] = [],
        stackTag: String? = nil
    ) {
        self.summary = summary
        self.body = body
        self.urgency = urgency
        self.category = category
        self.appName = appName
        self.desktopEntry = desktopEntry
        self.iconPath = iconPath
        self.owner = owner
        self.actions = actions
        self.stackTag = stackTag
    }


    /// The category of every reminder: a vendor extension, as the specification asks ("x-vendor.class").
    public static let reminderCategory = "x-todo-remind.reminder"
    public static let defaultAppName = "todo-remind"
    /// Matches Resources/todo-remind.desktop.
    public static let defaultDesktopEntry = "todo-remind"
}
