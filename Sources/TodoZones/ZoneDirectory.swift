import Glibc
import Synchronization
import TodoCore

/// The system's zoneinfo folder (`/usr/share/zoneinfo`, or `TZDIR` as the C
/// library reads it): the time zones by name.
///
/// A zone is read once per process: a command lives for a moment, and the
/// daemon asks for the same few zones at each plan.
public final class ZoneDirectory: Sendable {
    /// The folder the C library reads.
    public static let system = ZoneDirectory(
        path: getenv("TZDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
    )

    public let path: String
    private let read = Mutex<[String: Zone?]>([:])

    public init(path: String) {
        self.path = path
    }

    /// The zone named `identifier` (`Europe/Berlin`, `UTC`); nil when the
    /// folder has no zone of that name.
    public func zone(named identifier: String) -> Zone? {
        if let known = read.withLock({ $0[identifier] }) { return known }
        let zone = Self.isZoneName(identifier) ? readZone(identifier) : nil
        read.withLock { $0[identifier] = zone }
        return zone
    }

    /// Whether `name` can only name a file inside the folder: relative, no
    /// `.` or `..` part, and only the characters zone names use.
    static func isZoneName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255, !name.hasPrefix("/") else { return false }
        let allowed = name.utf8.allSatisfy { byte in
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
        }
        return allowed && !name.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }

    private func readZone(_ identifier: String) -> Zone? {
        let descriptor = open(path + "/" + identifier, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
              status.st_size <= Zone.maximumZoneinfoSize
        else { return nil }
        // One byte more than the file had when asked: a file that grew
        // meanwhile is read no further than the bound allows.
        let capacity = Int(status.st_size) + 1
        var bytes = [UInt8](repeating: 0, count: capacity)
        var count = 0
        while count < capacity {
            let got = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress.map { $0 + count }, capacity - count)
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        return Zone(identifier: identifier, zoneinfo: bytes[..<count])
    }
}
