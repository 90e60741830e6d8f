import Foundation
import Testing
@testable import TodoDaemon

@Suite("Code pages let go of before sleeping")
struct CodePagesTests {
    /// Kilobytes of this process's resident file-backed pages.
    private static func residentFileKiB() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("RssFile:") })
        return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    }

    @Test("Letting go of the code mappings lowers resident memory, and the code runs on")
    func releaseLowersResidentMemory() throws {
        // Given a process that has run plenty of code (this test runner)
        let before = try Self.residentFileKiB()

        // When it lets go of its code pages
        let released = CodePages.release()
        let after = try Self.residentFileKiB()

        // Then some were let go of, fewer file pages are resident, and what
        // runs next is mapped back without harm
        #expect(released > 0)
        #expect(after < before)
        #expect(try Self.residentFileKiB() > 0)
        #expect(String(describing: [3, 1, 2].sorted()) == "[1, 2, 3]")
    }

    @Test("An executable mapping with a page of its own is left alone")
    func writtenCodeIsKept() throws {
        // Given an executable private mapping of a file whose page was written
        // (as a debugger's breakpoint writes one), made read-only and executable again
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("code-\(UUID().uuidString)").path
        try Data(repeating: 0xC3, count: 4096).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let mapping = try #require(mmap(nil, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0))
        try #require(mapping != MAP_FAILED)
        defer { munmap(mapping, 4096) }
        mapping.storeBytes(of: 0xCC, as: UInt8.self)
        try #require(mprotect(mapping, 4096, PROT_READ | PROT_EXEC) == 0)

        // When the code pages are let go of
        CodePages.release()

        // Then the written byte is still there
        #expect(mapping.load(as: UInt8.self) == 0xCC)
    }
}
