/// An iCalendar file as a list of content lines and the components they form.
///
/// This layer is written by hand rather than taken from libical on purpose:
/// libical re-serialises a whole component (its own folding, parameter
/// order and line endings) and 3.0.16 drops properties it does not know that
/// lack the `X-` prefix, so a file read and written through it would differ
/// in lines todo-remind never touched. Here each line keeps its bytes, and
/// an edit replaces, inserts or removes whole lines only.
public struct ICalendarDocument: Hashable, Sendable {
    /// The logical lines in file order, each with its exact bytes.
    public internal(set) var lines: [ContentLine]

    /// Splits `bytes` into logical lines (RFC 5545 §3.1: a line break followed
    /// by a space or tab continues the line). CRLF and bare LF both end a line.
    public init(bytes: some Sequence<UInt8>) {
        let bytes = Array(bytes)
        var lines: [ContentLine] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x0A else {
                index += 1
                continue
            }
            let next = index + 1
            // A fold: the logical line goes on after the break.
            if next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 {
                index = next
                continue
            }
            lines.append(ContentLine(raw: Array(bytes[start..<next])))
            start = next
            index = next
        }
        if start < bytes.count {
            lines.append(ContentLine(raw: Array(bytes[start...])))
        }
        self.lines = lines
    }

    init(lines: [ContentLine]) {
        self.lines = lines
    }

    /// The file's bytes: every line's `raw`, in order.
    public var bytes: [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(lines.reduce(0) { $0 + $1.raw.count })
        for line in lines { output.append(contentsOf: line.raw) }
        return output
    }

    /// The line an editor shows logical line `index` beginning on (1-based):
    /// the line breaks of every line before it counted, folds included.
    func physicalLineNumber(ofLine index: Int) -> Int {
        1 + lines[..<min(max(index, 0), lines.count)].reduce(0) { count, line in
            count + line.raw.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        }
    }

    /// `physicalLineNumber(ofLine:)` of every logical line, counted in one pass.
    func physicalLineNumbers() -> [Int] {
        var numbers: [Int] = []
        numbers.reserveCapacity(lines.count)
        var next = 1
        for line in lines {
            numbers.append(next)
            next += line.raw.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        }
        return numbers
    }

    /// The `VCALENDAR` component and everything in it.
    ///
    /// - Throws: `ICalendarStructureError` when the file does not begin with
    ///   `BEGIN:VCALENDAR`, a BEGIN and END do not match, or anything but
    ///   blank lines follows the calendar's END, or components nest deeper
    ///   than `ReadingLimits.maximumNesting` (the components built here are
    ///   nested values, freed by recursion).
    public func calendar() throws(ICalendarStructureError) -> ICalendarComponent {
        var stack: [(name: String, begin: Int, children: [ICalendarComponent])] = []
        var root: ICalendarComponent?
        for (index, line) in lines.enumerated() {
            guard line.isContentLine else {
                if line.raw.allSatisfy({ [0x20, 0x09, 0x0D, 0x0A].contains($0) }) { continue }
                if stack.isEmpty { throw root == nil ? .notICalendar : .contentAfterEnd(line: index + 1) }
                continue
            }
            if root != nil { throw .contentAfterEnd(line: index + 1) }
            if stack.isEmpty, !line.isBegin("VCALENDAR") { throw .notICalendar }
            if line.isBegin() {
                guard stack.count < ReadingLimits.maximumNesting else { throw .nestedTooDeep(line: index + 1) }
                stack.append((line.value.uppercased(), index, []))
            } else if line.isEnd() {
                guard let open = stack.popLast() else { throw .notICalendar }
                guard open.name == line.value.uppercased() else {
                    throw .mismatchedEnd(expected: open.name, found: line.value, line: index + 1)
                }
                let component = ICalendarComponent(name: open.name, begin: open.begin, end: index, children: open.children)
                if stack.isEmpty {
                    root = component
                } else {
                    stack[stack.count - 1].children.append(component)
                }
            }
        }
        if let open = stack.last { throw .unclosed(open.name) }
        guard let root else { throw .notICalendar }
        return root
    }
}
