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
        case arrayOfTables([TOMLDraftTable])
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
            case .arrayOfTables(let tables): .array(tables.map { .table($0.value) })
            }
        }
    }

    /// `key = value`, written in this table's section or inline table,
    /// numbered `scope`.
    func define(_ key: [String], as value: TOMLValue, scope: Int, line: Int) throws(TOMLError) {
        var table = self
        for (depth, part) in key.dropLast().enumerated() {
            let prefix = Array(key[...depth])
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
                    throw TOMLError(line: line, reason: "the table “\(TOMLError.written(prefix))” is defined elsewhere, "
                        + "so the dotted key “\(TOMLError.written(key))” cannot add to it here")
                }
                table = existing
            case .arrayOfTables:
                throw TOMLError(line: line, reason: "“\(TOMLError.written(prefix))” is an array of tables, "
                    + "so the dotted key “\(TOMLError.written(key))” cannot add to it")
            case .value(let existing):
                throw Self.notATable(prefix, holding: existing, line: line, taking: "the dotted key “\(TOMLError.written(key))”")
            }
        }
        guard let last = key.last else { return }
        guard table.entries[last] == nil else {
            throw TOMLError(line: line, reason: "the key “\(TOMLError.written(key))” is defined twice")
        }
        table.entries[last] = .value(value)
    }

    /// `[key]`, called on the root: the table its section adds to.
    func openTable(_ key: [String], line: Int) throws(TOMLError) -> TOMLDraftTable {
        let header = "[" + TOMLError.written(key) + "]"
        let parent = try parentOfHeader(key, header: header, line: line)
        guard let last = key.last else { return parent }
        switch parent.entries[last] {
        case nil:
            let made = TOMLDraftTable(origin: .header)
            parent.entries[last] = .table(made)
            return made
        case .table(let existing):
            guard existing.origin == .implied else {
                let how = existing.origin == .header ? "" : " with dotted keys"
                throw TOMLError(line: line, reason: "the table \(header) is already defined\(how) above, and a table is defined once")
            }
            existing.origin = .header
            return existing
        case .arrayOfTables:
            throw TOMLError(line: line, reason: "\(header) names an array of tables, which only [\(header)] adds to")
        case .value(let existing):
            throw Self.notATable(key, holding: existing, line: line, taking: header)
        }
    }

    /// `[[key]]`, called on the root: the new element, whose section follows.
    func appendTable(_ key: [String], line: Int) throws(TOMLError) -> TOMLDraftTable {
        let header = "[[" + TOMLError.written(key) + "]]"
        let parent = try parentOfHeader(key, header: header, line: line)
        guard let last = key.last else { return parent }
        let made = TOMLDraftTable(origin: .header)
        switch parent.entries[last] {
        case nil:
            parent.entries[last] = .arrayOfTables([made])
        case .arrayOfTables(let tables):
            parent.entries[last] = .arrayOfTables(tables + [made])
        case .table:
            throw TOMLError(line: line, reason: "\(header) cannot add to the table [\(TOMLError.written(key))], "
                + "which is not an array of tables")
        case .value(.array):
            throw TOMLError(line: line, reason: "\(header) cannot add to “\(TOMLError.written(key))”, "
                + "an array written in brackets, which is complete as written")
        case .value(let existing):
            throw Self.notATable(key, holding: existing, line: line, taking: header)
        }
        return made
    }

    /// The table a header's last key goes in: the parts before it are
    /// tables, made (implied) where missing; an array of tables stands for
    /// its last element.
    private func parentOfHeader(_ key: [String], header: String, line: Int) throws(TOMLError) -> TOMLDraftTable {
        var table = self
        for (depth, part) in key.dropLast().enumerated() {
            switch table.entries[part] {
            case nil:
                let made = TOMLDraftTable(origin: .implied)
                table.entries[part] = .table(made)
                table = made
            case .table(let existing):
                table = existing
            case .arrayOfTables(let tables):
                guard let lastElement = tables.last else { return table }
                table = lastElement
            case .value(let existing):
                throw Self.notATable(Array(key[...depth]), holding: existing, line: line, taking: header)
            }
        }
        return table
    }

    /// The error of a key that holds a value where a table is needed.
    private static func notATable(_ key: [String], holding value: TOMLValue, line: Int, taking what: String) -> TOMLError {
        if case .table = value {
            return TOMLError(line: line, reason: "“\(TOMLError.written(key))” is an inline table, complete as written, "
                + "so \(what) cannot add to it")
        }
        return TOMLError(line: line, reason: "“\(TOMLError.written(key))” already holds a value, "
            + "so \(what) cannot make it a table")
    }
}
