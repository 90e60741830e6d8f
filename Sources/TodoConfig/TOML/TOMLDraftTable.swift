/// A table while its document is read, and how it came to be.
///
/// TOML 1.0 lets a table be defined only once, and what defined it decides
/// what may still add to it: a `[header]` may define a table that an earlier
/// header only implied, dotted keys may add to the tables they made only
/// in the section (or inline table) that made them, and an inline table or
/// an array written with brackets is complete as written. These rules live
/// here; `TOMLParser` reads the text.
final class TOMLDraftTable {
    enum Origin: Equatable {
        /// Made as the parent of a header's table (`[a.b]` makes `a`): a
        /// header of its own may still define it, once.
        case implied
        /// Defined by a `[header]`, as an element of an `[[array]]`, or as
        /// the document's root.
        case header
        /// Made by dotted keys (`a.b = 1` makes `a`) in the section or
        /// inline table numbered `scope`.
        case dottedKeys(scope: Int)
    }

    enum Entry {
        case value(TOMLValue)
        case table(TOMLDraftTable)
        case arrayOfTables(ArrayOfTables)
    }

    /// The tables of an `[[array]]`, in a class so that each `[[header]]`
    /// appends in place: a file of many of them is read in linear time.
    final class ArrayOfTables {
        var tables: [TOMLDraftTable]

        init(_ first: TOMLDraftTable) {
            tables = [first]
        }
    }

    /// Why a key or header cannot define what it names: a clause for `TOMLError`.
    struct Conflict: Error {
        let reason: String
    }

    private var origin: Origin
    private var entries: [String: Entry] = [:]

    init(origin: Origin) {
        self.origin = origin
    }

    /// The finished table.
    var value: [String: TOMLValue] {
        entries.mapValues { entry in
            switch entry {
            case .value(let value): value
            case .table(let table): .table(table.value)
            case .arrayOfTables(let array): .array(array.tables.map { .table($0.value) })
            }
        }
    }

    /// `key = value`, written in this table's section or inline table,
    /// numbered `scope`.
    func define(_ key: [String], as value: TOMLValue, scope: Int) throws(Conflict) {
        var table = self
        for (depth, part) in key.dropLast().enumerated() {
            let prefix = { Array(key[...depth]) }
            switch table.entries[part] {
            case nil:
                let made = TOMLDraftTable(origin: .dottedKeys(scope: scope))
                table.entries[part] = .table(made)
                table = made
            case .table(let existing):
                switch existing.origin {
                case .implied:
                    existing.origin = .dottedKeys(scope: scope)
                case .dottedKeys(let made) where made == scope:
                    break
                case .header, .dottedKeys:
                    throw Conflict(reason: "the table “\(TOMLError.written(prefix()))” is defined elsewhere, "
                        + "so the dotted key “\(TOMLError.written(key))” cannot add to it here")
                }
                table = existing
            case .arrayOfTables:
                throw Conflict(reason: "“\(TOMLError.written(prefix()))” is an array of tables, "
                    + "so the dotted key “\(TOMLError.written(key))” cannot add to it")
            case .value(let existing):
                throw Self.notATable(prefix(), holding: existing, taking: "the dotted key “\(TOMLError.written(key))”")
            }
        }
        guard let last = key.last else { return }
        guard table.entries[last] == nil else {
            throw Conflict(reason: "the key “\(TOMLError.written(key))” is defined twice")
        }
        table.entries[last] = .value(value)
    }

    /// `[key]`, called on the root: the table its section adds to.
    func openTable(_ key: [String]) throws(Conflict) -> TOMLDraftTable {
        let header = { "[" + TOMLError.written(key) + "]" }
        let parent = try parentOfHeader(key, header: header)
        guard let last = key.last else { return parent }
        switch parent.entries[last] {
        case nil:
            let made = TOMLDraftTable(origin: .header)
            parent.entries[last] = .table(made)
            return made
        case .table(let existing):
            guard existing.origin == .implied else {
                let how = existing.origin == .header ? "" : " with dotted keys"
                throw Conflict(reason: "the table \(header()) is already defined\(how) above, and a table is defined once")
            }
            existing.origin = .header
            return existing
        case .arrayOfTables:
            throw Conflict(reason: "\(header()) names an array of tables, which only [\(header())] adds to")
        case .value(let existing):
            throw Self.notATable(key, holding: existing, taking: header())
        }
    }

    /// `[[key]]`, called on the root: the new element, whose section follows.
    func appendTable(_ key: [String]) throws(Conflict) -> TOMLDraftTable {
        let header = { "[[" + TOMLError.written(key) + "]]" }
        let parent = try parentOfHeader(key, header: header)
        guard let last = key.last else { return parent }
        let made = TOMLDraftTable(origin: .header)
        switch parent.entries[last] {
        case nil:
            parent.entries[last] = .arrayOfTables(ArrayOfTables(made))
        case .arrayOfTables(let array):
            array.tables.append(made)
        case .table:
            throw Conflict(reason: "\(header()) cannot add to the table [\(TOMLError.written(key))], "
                + "which is not an array of tables")
        case .value(.array):
            throw Conflict(reason: "\(header()) cannot add to “\(TOMLError.written(key))”, "
                + "an array written in brackets, which is complete as written")
        case .value(let existing):
            throw Self.notATable(key, holding: existing, taking: header())
        }
        return made
    }

    /// The table a header's last key goes in: the parts before it are
    /// tables, made (implied) where missing; an array of tables stands for
    /// its last element.
    private func parentOfHeader(_ key: [String], header: () -> String) throws(Conflict) -> TOMLDraftTable {
        var table = self
        for (depth, part) in key.dropLast().enumerated() {
            switch table.entries[part] {
            case nil:
                let made = TOMLDraftTable(origin: .implied)
                table.entries[part] = .table(made)
                table = made
            case .table(let existing):
                table = existing
            case .arrayOfTables(let array):
                guard let lastElement = array.tables.last else { return table }
                table = lastElement
            case .value(let existing):
                throw Self.notATable(Array(key[...depth]), holding: existing, taking: header())
            }
        }
        return table
    }

    /// The error of a key that holds a value where a table is needed.
    private static func notATable(_ key: [String], holding value: TOMLValue, taking what: String) -> Conflict {
        if case .table = value {
            return Conflict(reason: "“\(TOMLError.written(key))” is an inline table, complete as written, "
                + "so \(what) cannot add to it")
        }
        return Conflict(reason: "“\(TOMLError.written(key))” already holds a value, "
            + "so \(what) cannot make it a table")
    }
}
