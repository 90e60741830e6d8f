import Foundation
import Glibc

/// Lets go of the machine code the daemon ran only to start.
///
/// Starting touches code it will not run again for hours or ever: parsing
/// the command line and the config, opening and checking the store,
/// catching up. The kernel maps it in 64 KiB around every page touched, so a
/// daemon that sleeps with 2 MiB of data of its own keeps some 25 MiB of code
/// resident. Code pages are never written: dropping this process's mapping
/// of them (`MADV_DONTNEED` on a read-only, executable file mapping) loses
/// nothing; they stay in the page cache, and whatever runs again is mapped
/// back on its first use, a minor fault of a microsecond or so.
///
/// Only mappings that are executable and not writable are touched: on a
/// private writable mapping the same call would discard data.
enum StartupPages {
    /// Returns how many bytes of code mappings were let go of; 0 when
    /// /proc/self/maps cannot be read (nothing is lost but the saving).
    @discardableResult
    static func release() -> Int {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return 0 }
        var released = 0
        for line in maps.split(separator: "\n") {
            // "start-end perms offset dev inode path"
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[1] == "r-xp", fields[5].hasPrefix("/") else { continue }
            let bounds = fields[0].split(separator: "-")
            guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16),
                  end > start, let address = UnsafeMutableRawPointer(bitPattern: start)
            else { continue }
            if madvise(address, Int(end - start), MADV_DONTNEED) == 0 {
                released += Int(end - start)
            }
        }
        return released
    }
}
