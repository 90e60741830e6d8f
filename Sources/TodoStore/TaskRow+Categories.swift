import FoundationEssentials
import TodoCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension TaskRow {
    /// The categories met in a read of many tasks, each with the tags of a
    /// task that has it as its only tag.
    ///
    /// A store has a handful of categories, and most tasks have their
    /// category as their only tag: a task decoded with these shares its
    /// category's text and tag list with the others, where each would make
    /// its own (a check of the UTF-8 and an allocation a task, for `list`
    /// 100,000 of each).
    struct Categories {
        private var known: [(bytes: [UInt8], category: String, alone: [String])] = []

        /// Past this many categories the others are made for each task: a
        /// look along them costs more than making one.
        private static let limit = 32

        /// The category whose UTF-8 is `bytes`, and the tags of a task that
        /// has it alone.
        mutating func category(_ bytes: UnsafeBufferPointer<UInt8>) -> (category: String, alone: [String]) {
            for entry in known where entry.bytes.count == bytes.count {
                let equal = entry.bytes.withUnsafeBufferPointer { known in
                    guard let left = known.baseAddress, let right = bytes.baseAddress else { return true }
                    return memcmp(left, right, bytes.count) == 0
                }
                if equal { return (entry.category, entry.alone) }
            }
            let category = String(decoding: bytes, as: UTF8.self)
            if known.count < Self.limit { known.append((Array(bytes), category, [category])) }
            return (category, [category])
        }
    }
}
