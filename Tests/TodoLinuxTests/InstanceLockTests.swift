import Foundation
import Glibc
import TestSupport
import Testing
@testable import TodoLinux

extension LinuxLayerTests {
    /// One daemon per user and store: the daemon holds an `InstanceLock`.
    @Suite("Instance lock")
    struct InstanceLockTests {
        @Test("Taking the lock creates the file 0600 with the holder's pid and start time")
        func takes() throws {
            let folder = try TemporaryFolder()
            let path = folder.file("daemon.lock")
            let since = Date(timeIntervalSince1970: 1_780_000_000)

            let lock = try InstanceLock(path: path, since: since)

            #expect(lock.path == path)
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "\(getpid())\n2026-05-28T20:26:40Z\n")
        }

        @Test("A second lock on the same path fails, even in the same process, naming the holder")
        func secondLockFails() throws {
            let folder = try TemporaryFolder()
            let path = folder.file("daemon.lock")
            let since = Date(timeIntervalSince1970: 1_780_000_000)
            let lock = try InstanceLock(path: path, since: since)

            let error = try #require(throws: InstanceLockError.self) {
                try InstanceLock(path: path)
            }

            #expect(error == .held(path: path, pid: getpid(), since: since))
            #expect(error.localizedDescription == "Another process (pid \(getpid()), running since 2026-05-28T20:26:40Z) holds the lock “\(path)”, so this one cannot run alongside it: stop that process first.")
            // The failed attempt did not disturb the holder's record.
            #expect(InstanceLock.holder(path: path)?.pid == getpid())
            withExtendedLifetime(lock) {}
        }

        @Test("Letting go of the lock releases it for the next one")
        func release() throws {
            let folder = try TemporaryFolder()
            let path = folder.file("daemon.lock")

            var lock: InstanceLock? = try InstanceLock(path: path)
            #expect(lock != nil)
            lock = nil

            let next = try InstanceLock(path: path)
            withExtendedLifetime(next) {}
        }

        @Test("holder(path:) says who holds the lock, and nil when nobody does")
        func holder() throws {
            let folder = try TemporaryFolder()
            let path = folder.file("daemon.lock")
            let since = Date(timeIntervalSince1970: 1_780_000_000)
            #expect(InstanceLock.holder(path: path) == nil)

            var lock: InstanceLock? = try InstanceLock(path: path, since: since)
            let holder = try #require(InstanceLock.holder(path: path))
            #expect(holder.pid == getpid())
            #expect(holder.since == since)
            // Asking did not take the lock away.
            #expect(throws: InstanceLockError.self) { try InstanceLock(path: path) }

            withExtendedLifetime(lock) {}
            lock = nil
            // The file stays, with the last holder's record, but nobody holds it.
            #expect(FileManager.default.fileExists(atPath: path))
            #expect(InstanceLock.holder(path: path) == nil)
        }

        @Test("A lock held by another process is released when that process is killed with SIGKILL")
        func releasedOnSIGKILL() throws {
            let folder = try TemporaryFolder()
            let path = folder.file("daemon.lock")
            let since = Date(timeIntervalSince1970: 1_780_000_000)
            let cPath = Array(path.utf8CString)
            let sinceLine = Array("2026-05-28T20:26:40Z\n".utf8)

            let child = try ForkedChild.start { report in
                let fd = cPath.withUnsafeBufferPointer { open($0.baseAddress!, O_RDWR | O_CREAT, 0o600) }
                guard fd >= 0, flock(fd, LOCK_EX | LOCK_NB) == 0 else { return 1 }
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { record in
                    var count = Self.writeDigits(of: getpid(), into: record)
                    record[count] = UInt8(ascii: "\n")
                    count += 1
                    for byte in sinceLine {
                        record[count] = byte
                        count += 1
                    }
                    _ = pwrite(fd, record.baseAddress, count, 0)
                }
                withUnsafeBytes(of: UInt8(1)) { childWrite(report, $0) }
                while true { pause() }
            }
            #expect(child.read(count: 1) == [1])

            #expect(throws: InstanceLockError.held(path: path, pid: child.pid, since: since)) {
                try InstanceLock(path: path)
            }
            #expect(InstanceLock.holder(path: path)?.pid == child.pid)

            kill(child.pid, SIGKILL)
            #expect(child.wait() == .signalled(SIGKILL))

            #expect(InstanceLock.holder(path: path) == nil)
            let lock = try InstanceLock(path: path)
            #expect(InstanceLock.holder(path: path)?.pid == getpid())
            withExtendedLifetime(lock) {}
        }

        @Test("A lock in a folder that does not exist fails with an error naming the path")
        func missingFolder() throws {
            let folder = try TemporaryFolder()
            let path = folder.file("missing/daemon.lock")

            let error = try #require(throws: SystemError.self) {
                try InstanceLock(path: path)
            }
            #expect(error.localizedDescription == "open failed for “\(path)”: No such file or directory (ENOENT)")
        }

        @Test(
            "Only a complete record names a holder",
            arguments: [
                ("4242\n2026-05-28T20:26:40Z\n", 4242 as Int32?),
                ("4242\n2026-05-28T20:26:40Z", nil),
                ("4242\n", nil),
                ("4242", nil),
                ("", nil),
                ("pid\n2026-05-28T20:26:40Z\n", nil),
                ("0\n2026-05-28T20:26:40Z\n", nil),
                ("4242\nyesterday\n", nil),
                ("4242\n2026-05-28T20:26:40Z\nmore\n", nil),
            ]
        )
        func parseRecord(text: String, pid: Int32?) {
            let record = InstanceLock.parseRecord(text)
            #expect(record?.pid == pid)
            if pid != nil {
                #expect(record?.since == Date(timeIntervalSince1970: 1_780_000_000))
            }
        }

        @Test("The record written is the record read")
        func recordRoundTrip() {
            let since = Date(timeIntervalSince1970: 1_780_000_000)
            let record = InstanceLock.parseRecord(InstanceLock.record(pid: 31337, since: since))
            #expect(record?.pid == 31337)
            #expect(record?.since == since)
        }

        /// Writes the decimal digits of `number` at the start of `buffer`, with
        /// no allocation (for a forked child); returns how many.
        private static func writeDigits(of number: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
            var divisor: Int32 = 1
            while number / divisor >= 10 { divisor *= 10 }
            var count = 0
            while divisor > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8((number / divisor) % 10)
                count += 1
                divisor /= 10
            }
            return count
        }
    }
}
