/// Positions by task id: an array indexed by id while ids are about as
/// many as the entries (as the store gives them, one after another), a
/// table past that. At 100,000 tasks, a table's hashing cost the view's
/// first screen a tenth of its time, and `list` a twentieth of its own.
public struct IDTable: Sendable {
    private var dense: [Int32] = []
    /// Ids too far past the others when they came. The array may grow over
    /// them later (ids after a wide gap): they are looked up here then too.
    private var sparse: [Int64: Int32] = [:]
    /// How many ids were ever put in: how far the array may reach.
    private var count = 0

    public init() {}

    /// An empty table with room for `count` ids, put in one by one from 1
    /// on (as the store gives them).
    public init(reservingFor count: Int) {
        dense.reserveCapacity(count + 1)
    }

    /// The position of each of `ids` among them; of an id repeated, its
    /// last. Made in one go, the array as long as the largest id needs: ids
    /// put one by one in no order would go to the table until the array
    /// reached them. The array may be sparser than one filled id by id (a
    /// tenth of a store's tasks may have subtasks): it is made once, and
    /// an id looked up in the table costs a hash.
    public init(positionsOf ids: [Int64]) {
        if let largest = ids.max(), let smallest = ids.min(), smallest >= 0, largest < 4 * Self.denseLimit(ids.count) {
            dense = [Int32](repeating: -1, count: Int(largest) + 1)
            for (position, id) in ids.enumerated() { dense[Int(id)] = Int32(position) }
            count = ids.count
        } else {
            for (position, id) in ids.enumerated() { self[id] = Int32(position) }
        }
    }

    /// How far the array may reach for `count` ids.
    private static func denseLimit(_ count: Int) -> Int64 {
        Int64(max(4 * count, 4096))
    }

    public subscript(id: Int64) -> Int32? {
        get {
            if id >= 0, id < dense.count {
                let position = dense[Int(id)]
                if position >= 0 { return position }
                return sparse.isEmpty ? nil : sparse[id]
            }
            return sparse[id]
        }
        set {
            let limit = Self.denseLimit(count)
            if id >= 0, id < limit {
                if id >= dense.count {
                    // Grown by half at least, so that ids put in one after
                    // another do not each grow it.
                    let length = max(Int(id) + 1, min(dense.count + dense.count / 2, Int(limit)))
                    dense.append(contentsOf: repeatElement(-1, count: length - dense.count))
                }
                if !sparse.isEmpty { sparse[id] = nil }
                if dense[Int(id)] < 0, newValue != nil { count += 1 }
                dense[Int(id)] = newValue ?? -1
            } else {
                if sparse[id] == nil, newValue != nil { count += 1 }
                sparse[id] = newValue
            }
        }
    }
}
