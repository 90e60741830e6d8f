import TodoCore

/// Which tasks `TaskStore.tasks(_:)` returns; every condition set must hold.
public struct TaskQuery: Sendable, Hashable {
    /// Include tasks that are not completed.
    public var includeOpen = true
    /// Include completed tasks.
    public var includeCompleted = false
    /// Only tasks of this category, compared without regard to case
    /// ("work" matches "Work"); nil for any category.
    public var category: String?
    /// Only tasks of this priority; nil for any priority.
    public var priority: Priority?
    /// Only tasks whose title or notes contain this text, ignoring case and
    /// accents ("cafe" finds "Café" and "CAFÉ"); nil or empty for no filter.
    public var search: String?
    /// Only tasks of this list (`TodoTask.list`, a folder's path); nil for any list.
    public var list: String?
    /// Only tasks with every one of these tags, compared without regard to
    /// case (`TaskTags.key`); empty for any.
    public var tags: [String] = []

    public init(
        includeOpen: Bool = true,
        includeCompleted: Bool = false,
        category: String? = nil,
        priority: Priority? = nil,
        search: String? = nil,
        list: String? = nil,
        tags: [String] = []
    ) {
        self.includeOpen = includeOpen
        self.includeCompleted = includeCompleted
        self.category = category
        self.priority = priority
        self.search = search
        self.list = list
        self.tags = tags
    }
}
