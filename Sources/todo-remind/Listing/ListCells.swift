/// The text of `list`'s cells, kept as UTF-8 until the table is written.
///
/// The columns' widths are known only once every row's cells are made, so
/// the cells must wait; as `String`s, four per row, they took 30 MB at
/// 100,000 tasks. Here their bytes go into blocks that are filled in turn
/// and never move: a growing array would copy them, and touch twice the
/// memory, each time it doubled.
final class ListCells {
    /// Where one row's four cells are: one after the other in one block.
    struct Span {
        let block: Int32
        let start: Int32
        let lengths: (Int32, Int32, Int32, Int32)
    }

    private static let blockSize = 1 << 20
    private var blocks: [UnsafeMutableBufferPointer<UInt8>] = []
    /// The bytes used of the last block.
    private var used = 0

    deinit {
        for block in blocks { block.deallocate() }
    }

    /// Keeps a row's four cells.
    ///
    /// The blocks are read once a row, into locals: each access to a
    /// class's stored property is checked for exclusivity at run time,
    /// which cost `list` 2 % at 100,000 tasks when made per cell.
    func append(_ cells: (String, String, String, String)) -> Span {
        let lengths = (cells.0.utf8.count, cells.1.utf8.count, cells.2.utf8.count, cells.3.utf8.count)
        let total = lengths.0 + lengths.1 + lengths.2 + lengths.3
        var blocks = blocks
        var used = used
        if blocks.isEmpty || used + total > blocks[blocks.count - 1].count {
            blocks.append(.allocate(capacity: max(Self.blockSize, total)))
            self.blocks = blocks
            used = 0
        }
        let span = Span(block: Int32(blocks.count - 1), start: Int32(used),
                        lengths: (Int32(lengths.0), Int32(lengths.1), Int32(lengths.2), Int32(lengths.3)))
        guard let last = blocks[blocks.count - 1].baseAddress else { return span }
        Self.copy(cells.0, to: last, at: &used)
        Self.copy(cells.1, to: last, at: &used)
        Self.copy(cells.2, to: last, at: &used)
        Self.copy(cells.3, to: last, at: &used)
        self.used = used
        return span
    }

    /// The bytes of a row's four cells; valid while the cells are.
    func cells(of span: Span) -> (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) {
        let block = UnsafeBufferPointer(blocks[Int(span.block)])
        let lengths = (Int(span.lengths.0), Int(span.lengths.1), Int(span.lengths.2), Int(span.lengths.3))
        let start = Int(span.start)
        func cell(_ offset: Int, _ length: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: block[start + offset..<start + offset + length])
        }
        return (cell(0, lengths.0), cell(lengths.0, lengths.1), cell(lengths.0 + lengths.1, lengths.2),
                cell(lengths.0 + lengths.1 + lengths.2, lengths.3))
    }

    private static func copy(_ cell: String, to block: UnsafeMutablePointer<UInt8>, at used: inout Int) {
        var cell = cell
        cell.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            (block + used).update(from: base, count: bytes.count)
            used += bytes.count
        }
    }
}
