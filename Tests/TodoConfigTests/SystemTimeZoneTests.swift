import Foundation
import Glibc
import TestSupport
import Testing
@testable import TodoConfig

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
        try folder.write("localtime", text: "TZif")
        try folder.write("timezone", text: "Europe/Lisbon\n")

        let zone = SystemTimeZone.current(tz: nil, localtime: folder.file("localtime"), timezoneFile: folder.file("timezone"))
        #expect(zone.identifier == "Europe/Lisbon")
    }
}

@Suite("TZ in every form the C library accepts")
struct ZoneChoiceTests {
    @Test("names, :names, zoneinfo paths and rules without daylight saving are followed exactly, without a warning", arguments: [
        ("Europe/Berlin", "Europe/Berlin"),
        (":Europe/Berlin", "Europe/Berlin"),
        ("/usr/share/zoneinfo/Europe/Berlin", "Europe/Berlin"),
        (":/usr/share/zoneinfo/Asia/Tokyo", "Asia/Tokyo"),
        ("", "UTC"),
    ])
    func followed(tz: String, identifier: String) {
        let choice = SystemTimeZone.choice(tz: tz, localtime: "/nonexistent", timezoneFile: "/nonexistent")
        #expect(choice.zone.identifier == identifier)
        #expect(choice.source == "TZ")
        #expect(choice.warning == nil)
    }

    @Test("a POSIX rule is followed exactly, with or without daylight saving", arguments: [
        // 2026-07-01 and 2026-12-01, 12:00 UTC.
        ("JST-9", 9 * 3600, 9 * 3600),
        ("CET-1CEST,M3.5.0,M10.5.0/3", 7200, 3600),
        ("<-03>3", -3 * 3600, -3 * 3600),
        ("AEST-10AEDT,M10.1.0,M4.1.0/3", 10 * 3600, 11 * 3600),
    ])
    func rule(tz: String, july: Int, december: Int) {
        let choice = SystemTimeZone.choice(tz: tz, localtime: "/nonexistent", timezoneFile: "/nonexistent")
        #expect(choice.zone.offset(atUTC: 1_782_907_200) == july)
        #expect(choice.zone.offset(atUTC: 1_796_126_400) == december)
        #expect(choice.zone.identifier == tz)
        #expect(choice.warning == nil)
    }

    @Test(":/etc/localtime follows the link to its zone")
    func localtimeLink() throws {
        let folder = try TemporaryFolder()
        #expect(symlink("/usr/share/zoneinfo/America/Chicago", folder.file("localtime")) == 0)
        let choice = SystemTimeZone.choice(tz: ":" + folder.file("localtime"), localtime: "/nonexistent", timezoneFile: "/nonexistent")
        #expect(choice.zone.identifier == "America/Chicago")
    }

    @Test("a TZ that names no zone gets a warning naming it and the zone used", arguments: [
        ("Invalid/Zone", "UTC", 0),
        ("Europe/Berlín", "UTC", 0),
    ])
    func warned(tz: String, used: String, offset: Int) throws {
        let choice = SystemTimeZone.choice(tz: tz, localtime: "/nonexistent", timezoneFile: "/nonexistent")
        let warning = try #require(choice.warning)
        #expect(warning.contains(tz))
        #expect(warning.contains(used))
        #expect(choice.zone.offset(atUTC: 1_782_000_000) == offset)
    }

    @Test("unset TZ is /etc/localtime's zone, and says so")
    func unset() throws {
        let folder = try TemporaryFolder()
        #expect(symlink("/usr/share/zoneinfo/Asia/Tokyo", folder.file("localtime")) == 0)
        let choice = SystemTimeZone.choice(tz: nil, localtime: folder.file("localtime"), timezoneFile: "/nonexistent")
        #expect(choice.zone.identifier == "Asia/Tokyo")
        #expect(choice.source == folder.file("localtime"))
    }
}
