import Testing
@testable import TodoZones

@Suite("The zoneinfo folder")
struct ZoneDirectoryTests {
    @Test("a name that could leave the folder is no zone", arguments: ["", "/etc/passwd", "../etc/passwd", "Europe/../../etc", "Europe//Berlin", "Europe/Berlin\n", "Europe/ Berlin"])
    func refusedNames(name: String) {
        #expect(!ZoneDirectory.isZoneName(name))
        #expect(ZoneDirectory.system.zone(named: name) == nil)
    }
}
