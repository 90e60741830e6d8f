/// Which opening of the store (`WatchedStore.generation`) each notification
/// the daemon showed was for, by the id the server gave it.
///
/// A bubble outlives the store it was shown for: Mark done or Snooze chosen
/// on it after the store was deleted or replaced names a task id that, in the
/// store now open, may be another task. The server's id is all an action
/// carries back, so it is remembered here for each delivery.
///
/// Only the latest `capacity` ids are kept, so that a daemon running for
/// months does not grow with every reminder it showed: a bubble older than
/// that many later ones is no longer known, and its action goes to the store
/// open, as every action did before stores could be swapped.
struct NotificationOrigins {
    /// More bubbles than anyone leaves open on a screen.
    static let capacity = 1024

    private var generations: [UInt32: Int] = [:]
    /// The ids in the order they were first shown, oldest first.
    private var order: [UInt32] = []

    /// The server showed notification `id` for the store of `generation`. A
    /// server that replaced a bubble in place gives its id again: the latest
    /// store it was shown for is the one that counts.
    mutating func shown(_ id: UInt32, generation: Int) {
        if generations.updateValue(generation, forKey: id) == nil { order.append(id) }
        if order.count > Self.capacity {
            generations[order.removeFirst()] = nil
        }
    }

    /// The generation of the store notification `id` was shown for, if known.
    func generation(of id: UInt32) -> Int? {
        generations[id]
    }
}
