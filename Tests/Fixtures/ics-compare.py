#!/usr/bin/env python3
"""ics-compare.py ORIGINAL EXPORTED: reads both with Python's icalendar and
says, for every VTODO of ORIGINAL (by UID, with its overrides and alarms),
each property that EXPORTED lost or changed. Bookkeeping a writer renews
(DTSTAMP, LAST-MODIFIED, SEQUENCE) is left aside. Prints "same" and exits 0
when nothing is lost; else one line per loss and exits 1."""
import sys
import icalendar

IGNORED = {"DTSTAMP", "LAST-MODIFIED", "SEQUENCE"}


def lines(component):
    """The component's properties and subcomponents' as comparable lines."""
    found = []
    for name, value in component.property_items(recursive=True, sorted=False):
        if name in IGNORED:
            continue
        found.append(name + ":" + (value.to_ical().decode() if hasattr(value, "to_ical") else str(value)))
    return found


def todos(path):
    with open(path, "rb") as file:
        calendar = icalendar.Calendar.from_ical(file.read())
    by_uid = {}
    for todo in calendar.walk("VTODO"):
        by_uid.setdefault(str(todo.get("UID")), []).extend(lines(todo))
    zones = {str(zone.get("TZID")) for zone in calendar.walk("VTIMEZONE")}
    return by_uid, zones


original, original_zones = todos(sys.argv[1])
exported, exported_zones = todos(sys.argv[2])
losses = []
for uid, wanted in original.items():
    have = exported.get(uid)
    if have is None:
        losses.append(f"{uid}: missing")
        continue
    for line in wanted:
        if line not in have:
            losses.append(f"{uid}: lost {line}")
for zone in original_zones - exported_zones:
    losses.append(f"VTIMEZONE {zone}: missing")
print("\n".join(losses) if losses else "same")
sys.exit(1 if losses else 0)
