import Foundation
import Glibc
import TestSupport
import Testing
@testable import TodoDaemon

/// The daemon plans in the machine's time zone of the moment, which
/// Foundation's cached `TimeZone.current` does not follow.
@Suite("System time zone")
struct SystemTimeZoneTests {
    @Test(
        "TZ names a zone with or without its colon, by path, or UTC when empty",
        arguments: [
            (":Europe/Berlin", "Europe/Berlin" as String?),
            ("Europe/Berlin", "Europe/Berlin"),
            (" America/New_York ", "America/New_York"),
            (":/usr/share/zoneinfo/Asia/Tokyo", "Asia/Tokyo"),
            ("/usr/share/zoneinfo/posix/Europe/Paris", "Europe/Paris"),
            ("/home/me/zone", nil),
            ("UTC", "UTC"),
            ("", "UTC"),
            (":", "UTC"),
        ]
    )
    func tz(value: String, identifier: String?) {
        #expect(SystemTimeZone.identifier(fromTZ: value) == identifier)
    }

    @Test(
        "The target of /etc/localtime names the zone after its zoneinfo folder",
        arguments: [
            ("/usr/share/zoneinfo/Europe/Berlin", "Europe/Berlin" as String?),
            ("../usr/share/zoneinfo/America/Argentina/Buenos_Aires", "America/Argentina/Buenos_Aires"),
            ("/usr/share/zoneinfo/Etc/UTC", "Etc/UTC"),
            ("/usr/share/zoneinfo/right/Asia/Tokyo", "Asia/Tokyo"),
            ("/var/db/timezone/zoneinfo/Europe/Rome", "Europe/Rome"),
            ("/usr/share/zoneinfo/", nil),
            ("/etc/zone", nil),
        ]
    )
    func localtimeTarget(target: String, identifier: String?) {
        #expect(SystemTimeZone.identifier(fromZoneinfoPath: target) == identifier)
    }

    @Test(
        "/etc/timezone names the zone on its first line that is not blank or a comment",
        arguments: [
            ("Europe/Berlin\n", "Europe/Berlin" as String?),
            ("  Asia/Tokyo  ", "Asia/Tokyo"),
            ("# set by the installer\n\nAmerica/Chicago\n", "America/Chicago"),
            ("\n", nil),
            ("", nil),
        ]
    )
    func timezoneFile(text: String, identifier: String?) {
        #expect(SystemTimeZone.identifier(fromTimezoneFile: text) == identifier)
    }

    @Test(
        "The first source that names a known zone wins: TZ, then /etc/localtime, then /etc/timezone",
        arguments: [
            (":Europe/Berlin", "/usr/share/zoneinfo/Asia/Tokyo", "America/Chicago", "Europe/Berlin" as String?),
            (nil, "/usr/share/zoneinfo/Asia/Tokyo", "America/Chicago", "Asia/Tokyo"),
            (nil, nil, "America/Chicago\n", "America/Chicago"),
            ("CET-1CEST,M3.5.0,M10.5.0/3", "/usr/share/zoneinfo/Asia/Tokyo", nil, "Asia/Tokyo"),
            ("Mars/Olympus_Mons", nil, "Nowhere/Special", nil),
            (nil, nil, nil, nil),
        ]
    )
    func precedence(tz: String?, target: String?, file: String?, identifier: String?) {
        let known: Set = ["Europe/Berlin", "Asia/Tokyo", "America/Chicago"]
        let found = SystemTimeZone.identifier(tz: tz, localtimeTarget: target, timezoneFile: file, isKnown: known.contains)
        #expect(found == identifier)
    }

    @Test("current() reads /etc/localtime again at each call, so a replaced link is followed")
    func followsReplacedLink() throws {
        let folder = try TemporaryFolder()
        let localtime = folder.file("localtime")
        let missing = folder.file("timezone")

        #expect(symlink("/usr/share/zoneinfo/Asia/Tokyo", localtime) == 0)
        #expect(SystemTimeZone.current(tz: nil, localtime: localtime, timezoneFile: missing).identifier == "Asia/Tokyo")

        #expect(symlink("/usr/share/zoneinfo/America/New_York", folder.file("new")) == 0)
        #expect(rename(folder.file("new"), localtime) == 0)
        #expect(SystemTimeZone.current(tz: nil, localtime: localtime, timezoneFile: missing).identifier == "America/New_York")

        #expect(SystemTimeZone.current(tz: ":Europe/Berlin", localtime: localtime, timezoneFile: missing).identifier == "Europe/Berlin")
    }

    @Test("current() falls back to /etc/timezone when /etc/localtime is not a link")
    func timezoneFileFallback() throws {
        let folder = try TemporaryFolder()
        try folder.write("localtime", "TZif")
        try folder.write("timezone", "Europe/Lisbon\n")

        let zone = SystemTimeZone.current(tz: nil, localtime: folder.file("localtime"), timezoneFile: folder.file("timezone"))
        #expect(zone.identifier == "Europe/Lisbon")
    }
}
