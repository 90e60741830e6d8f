import TodoCore
import TodoListing

/// What the view narrows the list to and how it orders it: the list shown,
/// the priority and category filters, the search, whether done tasks show,
/// and the sort. What `list` takes as options, changed here by single keys.
public struct ViewFilters: Hashable, Sendable {
    /// The list shown by its folder path; nil for all lists, and
    /// `ViewStore.localList` for the store's own.
    public var list: String?
    public var priority: Priority?
    /// The category by its key (`UnicodeFolding.foldCase`), and its name as shown.
    public var category: (key: String, name: String)? {
        get { categoryKey.map { ($0, categoryName ?? $0) } }
        set {
            categoryKey = newValue?.key
            categoryName = newValue?.name
        }
    }
    private(set) public var categoryKey: String?
    private var categoryName: String?
    /// The search as typed; empty for none.
    public var search = ""
    public var showsDone = false
    public var sort = ListOrder.due

    public init(list: String? = nil) {
        self.list = list
    }

    /// The priority filter after this one: all, high, medium, low, all.
    public static func priority(after priority: Priority?) -> Priority? {
        switch priority {
        case nil: .high
        case .high: .medium
        case .medium: .low
        case .low: nil
        }
    }

    /// The sort after this one: due, priority, title, created, due.
    public static func sort(after sort: ListOrder) -> ListOrder {
        let all = ListOrder.allCases
        return all[(all.firstIndex(of: sort).map { $0 + 1 } ?? 0) % all.count]
    }

    public static func == (lhs: ViewFilters, rhs: ViewFilters) -> Bool {
        lhs.list == rhs.list && lhs.priority == rhs.priority && lhs.categoryKey == rhs.categoryKey
            && lhs.search == rhs.search && lhs.showsDone == rhs.showsDone && lhs.sort == rhs.sort
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(list)
        hasher.combine(priority)
        hasher.combine(categoryKey)
        hasher.combine(search)
        hasher.combine(showsDone)
        hasher.combine(sort)
    }
}
