/// One `.ics` file of a vdir collection folder, as the tests read it back.
///
/// Reads just enough iCalendar to check what a peer wrote (the VTODO's own
/// properties, unfolded): independent of TodoCalendar, which is what these
/// fixtures test.
public struct VdirItem: Sendable, CustomStringConvertible {
    public let fileName: String
    public let text: String

    public init(fileName: String, text: String) {
        self.fileName = fileName
        self.text = text
    }

    /// The VTODO's UID.
    public var uid: String? { value(of: "UID") }

    /// The VTODO's SUMMARY, as written (still escaped: "a\, b").
    public var summary: String? { value(of: "SUMMARY") }

    /// The value of the VTODO's first property `name` (any case), after the
    /// first colon outside quotes: "20261201T160000Z" for
    /// "DUE;VALUE=DATE-TIME:20261201T160000Z". Properties of components
    /// inside the VTODO (a VALARM's DESCRIPTION) are not its own.
    public func value(of name: String) -> String? {
        contentLine(name).map { line in
            var quoted = false
            for index in line.indices {
                switch line[index] {
                case "\"": quoted.toggle()
                case ":" where !quoted: return String(line[line.index(after: index)...])
                default: continue
                }
            }
            return ""
        }
    }

    /// The VTODO's first content line of property `name` (any case),
    /// unfolded, with its parameters: "DUE;VALUE=DATE:20261202".
    public func contentLine(_ name: String) -> String? {
        todoLines.first { line in
            let lineName = line.prefix { $0 != ";" && $0 != ":" }
            return lineName.uppercased() == name.uppercased()
        }
    }

    /// Every content line of property `name` of the VTODO: CATEGORIES may come more than once.
    public func contentLines(_ name: String) -> [String] {
        todoLines.filter { line in
            line.prefix { $0 != ";" && $0 != ":" }.uppercased() == name.uppercased()
        }
    }

    /// Whether its lines end in CRLF, as RFC 5545 says they should.
    public var usesCRLF: Bool { text.contains("\r\n") }

    public var description: String { "\(fileName):\n\(text)" }

    /// The unfolded content lines of the (first) VTODO itself, without its
    /// BEGIN/END lines and without the lines of components nested in it.
    private var todoLines: [String] {
        let unfolded = text.replacingOccurrences(of: "\r\n", with: "\n")
            .replacingOccurrences(of: "\n ", with: "")
            .replacingOccurrences(of: "\n\t", with: "")
        var components: [String] = []
        var lines: [String] = []
        var seenTodo = false
        for line in unfolded.split(separator: "\n").map(String.init) {
            let upper = line.uppercased()
            if upper.hasPrefix("BEGIN:") {
                let component = String(upper.dropFirst("BEGIN:".count))
                if component == "VTODO", seenTodo, components.last != "VTODO" { break }
                components.append(component)
                if component == "VTODO" { seenTodo = true }
            } else if upper.hasPrefix("END:") {
                _ = components.popLast()
            } else if components.last == "VTODO" {
                lines.append(line)
            }
        }
        return lines
    }
}
