/// Where one component (VTODO, VALARM, VTIMEZONE…) lies in a document's lines.
public struct ICalendarComponent: Hashable, Sendable {
    /// The component's name, upper-cased ("VTODO").
    public let name: String
    /// The index of its `BEGIN` line.
    public let begin: Int
    /// The index of its `END` line.
    public let end: Int
    /// The components directly inside it, in file order.
    public let children: [ICalendarComponent]

    /// The indices of its own property lines: those between BEGIN and END
    /// that are not inside a child component.
    public var propertyIndices: [Int] {
        var indices: [Int] = []
        var next = begin + 1
        for child in children {
            indices.append(contentsOf: next..<child.begin)
            next = child.end + 1
        }
        indices.append(contentsOf: next..<end)
        return indices
    }

    /// Its own property lines of `document` named `name`, in order.
    public func properties(_ name: String, in document: ICalendarDocument) -> [ContentLine] {
        let wanted = name.uppercased()
        // Only the lines wanted are copied: a file's reading asks this of
        // each property it maps.
        var found: [ContentLine] = []
        for index in propertyIndices where document.lines[index].name == wanted { found.append(document.lines[index]) }
        return found
    }

    /// A VTIMEZONE's TZID as the text it stands for: a TEXT value, so
    /// Exchange's `(UTC+01:00) Amsterdam\, Berlin\, Bern…` is the
    /// `(UTC+01:00) Amsterdam, Berlin, Bern…` a DTSTART's quoted TZID
    /// parameter names.
    public func timeZoneID(in document: ICalendarDocument) -> String? {
        properties("TZID", in: document).first.map { ICalendarText.unescape($0.value) }
    }
}
