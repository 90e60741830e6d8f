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
    func append(_ cells: (String, String, String, String)) -> Span {
        let lengths = (cells.0.utf8.count, cells.1.utf8.count, cells.2.utf8.count, cells.3.utf8.count)
        let total = lengths.0 + lengths.1 + lengths.2 + lengths.3
        if blocks.isEmpty || used + total > blocks[blocks.count - 1].count {
            blocks.append(.allocate(capacity: max(Self.blockSize, total)))
            used = 0
        }
        let span = Span(block: Int32(blocks.count - 1), start: Int32(used),
                        lengths: (Int32(lengths.0), Int32(lengths.1), Int32(lengths.2), Int32(lengths.3)))
        keep(cells.0)
        keep(cells.1)
        keep(cells.2)
        keep(cells.3)
        return span
    }

    /// The bytes of cell `index` (0 to 3) of a row; valid while the cells are.
    func cell(_ index: Int, of span: Span) -> UnsafeBufferPointer<UInt8> {
        let lengths = span.lengths
        let (offset, length): (Int32, Int32) = switch index {
        case 0: (0, lengths.0)
        case 1: (lengths.0, lengths.1)
        case 2: (lengths.0 + lengths.1, lengths.2)
        default: (lengths.0 + lengths.1 + lengths.2, lengths.3)
        }
        let start = Int(span.start + offset)
        return UnsafeBufferPointer(rebasing: blocks[Int(span.block)][start..<start + Int(length)])
    }

    private func keep(_ cell: String) {
        var cell = cell
        cell.withUTF8 { bytes in
            guard let base = bytes.baseAddress, let last = blocks.last?.baseAddress else { return }
            (last + used).update(from: base, count: bytes.count)
            used += bytes.count
        }
    }
}
