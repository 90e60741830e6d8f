import Testing
import TodoCore

/// Positions by task id (`IDTable`), whatever order and spread the ids come in.
@Suite("Positions by id")
struct IDTableTests {
    @Test("Ids put one by one find their positions, far apart or close, in any order")
    func oneByOne() {
        // 10,000 comes while the array reaches 4,096; the ids after it
        // make the array grow over it, which must still find it.
        let ids: [Int64] = [3, 10_000] + Array(1_000..<4_000) + [9_000, 12_000, 1 << 40, 0]
        var table = IDTable()
        for (position, id) in ids.enumerated() { table[id] = Int32(position) }
        for (position, id) in ids.enumerated() { #expect(table[id] == Int32(position)) }
        #expect(table[5] == nil && table[11_000] == nil && table[-1] == nil && table[(1 << 40) + 1] == nil)
        table[10_000] = nil
        table[1_500] = 7
        #expect(table[10_000] == nil && table[1_500] == 7)
    }

    @Test("Ids put in one go find their positions; of a repeated one, its last")
    func inOneGo() {
        for ids in [[5, 1, 9, 1] as [Int64], [100_000, 2, 70_000, 2], [1 << 40, 3, 3, -4]] {
            let table = IDTable(positionsOf: ids)
            for id in Set(ids) { #expect(table[id] == ids.lastIndex(of: id).map(Int32.init)) }
            #expect(table[6] == nil && table[99_999] == nil)
        }
    }
}
