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
        return propertyIndices.map { document.lines[$0] }.filter { $0.name == wanted }
    }
}
