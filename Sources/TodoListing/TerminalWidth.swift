import CLinux
import Glibc
import TodoCore

extension String {
    /// The columns the text takes in a terminal: the C library's `wcwidth`
    /// of each scalar, so CJK and emoji take two columns and combining marks
    /// none, as the terminal draws them.
    ///
    /// Below U+0300, where the combining marks begin, every scalar takes one
    /// column (controls never reach a cell unescaped), so text made only of
    /// such scalars, "·" and "é" included, is measured by counting the bytes
    /// that start a scalar: a long list measures every cell.
    public var terminalWidth: Int {
        let counted = utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var scalars = 0
            for byte in bytes {
                // 0xCC starts U+0300: from there on, count clusters.
                if byte >= 0xCC { return nil }
                if byte & 0xC0 != 0x80 { scalars += 1 }
            }
            return scalars
        }
        if let counted, let scalars = counted { return scalars }
        _ = Self.utf8Characters
        return unicodeScalars.reduce(0) { width, scalar in
            // -1: not printable in the table (unassigned); the terminal shows something one column wide.
            let columns = wcwidth(wchar_t(bitPattern: scalar.value))
            return width + (columns < 0 ? 1 : Int(columns))
        }
    }

    /// The text in at most `columns` terminal columns: whole when it fits,
    /// else cut with "…" as its last column.
    public func cut(toColumns columns: Int) -> String {
        guard terminalWidth > columns else { return self }
        var kept = ""
        var width = 0
        for character in self {
            let next = String(character).terminalWidth
            guard width + next <= columns - 1 else { break }
            kept.append(character)
            width += next
        }
        return kept + "…"
    }

    /// `wcwidth` answers from the character set of LC_CTYPE, which is "C"
    /// (ASCII only) until set: any UTF-8 locale has the same widths.
    private static let utf8Characters: Void = {
        if setlocale(LC_CTYPE, "C.UTF-8") == nil { setlocale(LC_CTYPE, "") }
    }()
}
