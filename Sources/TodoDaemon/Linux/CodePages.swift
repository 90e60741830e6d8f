import Foundation
import Glibc

/// Lets go of the machine code the daemon ran, before it sleeps.
///
/// The kernel maps code in 64 KiB around every page a process touches, so a
/// daemon that sleeps with 2 MiB of data of its own would keep 25 MiB of code
/// resident: all it ran to start (parsing the command line and the config,
/// opening and checking the store, catching up) and to fire its last
/// reminder, although it may sleep for hours. Code pages are not written:
/// dropping this process's mapping of them (`MADV_DONTNEED` on a read-only,
/// executable file mapping) loses nothing; they stay in the page cache, and
/// what runs at the next wake-up is mapped back on its first use, with minor
/// faults that cost well under a millisecond in all (see BENCHMARKS.md for
/// the lateness measured with this in place).
///
/// Only mappings that are executable, not writable, backed by a file, and
/// with no page of their own (`Private_Dirty: 0 kB`) are touched: a code page
/// can have been written after all (a debugger's breakpoint, a library with
/// text relocations), and dropping it would quietly undo that.
enum CodePages {
    /// Returns how many bytes of code mappings were let go of; 0 when
    /// /proc/self/smaps cannot be read (nothing is lost but the saving).
    @discardableResult
    static func release() -> Int {
        guard let smaps = readWhole("/proc/self/smaps") else { return 0 }
        var released = 0
        var candidate: (start: UInt, end: UInt)?
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), !first.hasSuffix(":") {
                // "start-end perms offset dev inode path" opens each mapping's block.
                candidate = nil
                guard fields.count >= 6, fields[1] == "r-xp", fields[5].hasPrefix("/") else { continue }
                let bounds = first.split(separator: "-")
                guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16),
                      end > start
                else { continue }
                candidate = (start, end)
            } else if let mapping = candidate, fields.first == "Private_Dirty:" {
                candidate = nil
                guard fields.count >= 2, fields[1] == "0", let address = UnsafeMutableRawPointer(bitPattern: mapping.start)
                else { continue }
                if madvise(address, Int(mapping.end - mapping.start), MADV_DONTNEED) == 0 {
                    released += Int(mapping.end - mapping.start)
                }
            }
        }
        return released
    }

    /// The whole of a /proc file. Foundation's readers trust the size stat
    /// gives, which is 0 there, and stop after the first read.
    private static func readWhole(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? String(decoding: bytes, as: UTF8.self) : nil }
            bytes += chunk[..<count]
        }
    }
}
