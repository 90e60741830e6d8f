#!/usr/bin/env python3
"""Write the recurrence fixtures: the first occurrences of RRULEs, expanded by
python-dateutil, as an independent reference for todo-remind's libical-based
engine (Tests/TodoRecurrenceTests/RecurrenceFixtureTests.swift reads them).

    python3 scripts/recurrence-fixtures.py   # rewrites the JSON file below

Needs python3 (zoneinfo, 3.9+) and python3-dateutil. Nothing here reads
todo-remind's code: the rules of docs/ARCHITECTURE.md section 2 are applied from their
statement. dateutil expands in floating wall-clock time; each wall-clock
occurrence of a timed start then becomes an instant in its zone on its own:
a time that does not exist (spring-forward gap) moves forward by the length of
the gap, a time that exists twice is its first occurrence (fold=0).

UNTIL is applied here rather than by dateutil (which refuses a UTC UNTIL with a
floating start): a date includes its whole day, a floating date-time is compared
with the wall clock, a UTC date-time with the occurrence's instant (for a day
start, with the UTC date).
"""

import itertools
import json
import os
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import dateutil
from dateutil.rrule import rrulestr

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "TodoRecurrenceTests", "Fixtures", "recurrence.json")
LIMIT = 50

# Starts per zone around its two DST changes of 2027 and 29 February 2028: the
# evening before a gap and an ambiguous hour at the affected time, the changing
# day itself at that time, the leap day, and day starts on the leap day and a
# change day.
ZONES = {
    "America/New_York": {
        "timed": ["2027-03-13T02:30", "2027-03-14T02:30", "2027-11-06T01:30", "2027-11-07T01:30", "2028-02-29T09:00"],
        "day": ["2028-02-29", "2027-03-14"],
    },
    "Europe/Berlin": {
        "timed": ["2027-03-27T02:30", "2027-03-28T02:30", "2027-10-30T02:30", "2027-10-31T02:30", "2028-02-29T17:00"],
        "day": ["2028-02-29", "2027-10-31"],
    },
    "Australia/Lord_Howe": {
        "timed": ["2027-10-02T02:15", "2027-10-03T02:15", "2027-04-03T01:45", "2027-04-04T01:45", "2028-02-29T09:00"],
        "day": ["2028-02-29", "2027-04-04"],
    },
    "Pacific/Chatham": {
        "timed": ["2027-09-25T03:00", "2027-09-26T03:00", "2027-04-03T03:15", "2027-04-04T03:15", "2028-02-29T09:00"],
        "day": ["2028-02-29", "2027-09-26"],
    },
}

# Where each zone's "timed" list has its start in the spring-forward gap and
# its start in the ambiguous hour of the change back, on the changing day.
GAP_AND_FOLD = (1, 3)

WEEKDAYS = "MO,TU,WE,TH,FR"

# Rules without COUNT or UNTIL; variations with them are added below.
BASE_RULES = [
    # DAILY
    "FREQ=DAILY",
    "FREQ=DAILY;INTERVAL=2",
    "FREQ=DAILY;INTERVAL=3",
    "FREQ=DAILY;INTERVAL=10",
    f"FREQ=DAILY;BYDAY={WEEKDAYS}",
    "FREQ=DAILY;BYDAY=SA,SU",
    "FREQ=DAILY;BYMONTH=2,3",
    "FREQ=DAILY;BYMONTH=10,11;BYDAY=SU",
    "FREQ=DAILY;BYMONTHDAY=1,15,31",
    "FREQ=DAILY;BYMONTHDAY=29",
    "FREQ=DAILY;BYMONTHDAY=-1",
    "FREQ=DAILY;BYMONTHDAY=-1,-2",
    "FREQ=DAILY;BYMONTHDAY=1,-1",
    "FREQ=DAILY;BYMONTHDAY=-3;BYMONTH=2",
    "FREQ=DAILY;INTERVAL=2;BYMONTHDAY=-1,-2,-3",
    f"FREQ=DAILY;BYMONTHDAY=-1;BYDAY={WEEKDAYS}",
    "FREQ=DAILY;INTERVAL=5;BYMONTH=1,3,5,7,9,11",
    # WEEKLY
    "FREQ=WEEKLY",
    "FREQ=WEEKLY;INTERVAL=2",
    "FREQ=WEEKLY;INTERVAL=3",
    "FREQ=WEEKLY;BYDAY=MO,WE,FR",
    "FREQ=WEEKLY;BYDAY=SU",
    "FREQ=WEEKLY;BYDAY=SA,SU",
    "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH",
    "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU;WKST=MO",
    "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU;WKST=SU",
    "FREQ=WEEKLY;INTERVAL=3;BYDAY=SA,SU,MO;WKST=SA",
    "FREQ=WEEKLY;INTERVAL=2;WKST=SU",
    f"FREQ=WEEKLY;BYDAY={WEEKDAYS}",
    f"FREQ=WEEKLY;BYDAY={WEEKDAYS};BYSETPOS=-1",
    f"FREQ=WEEKLY;BYDAY={WEEKDAYS};BYSETPOS=1",
    f"FREQ=WEEKLY;BYDAY={WEEKDAYS};BYSETPOS=1,-1",
    f"FREQ=WEEKLY;BYDAY={WEEKDAYS};BYSETPOS=2",
    "FREQ=WEEKLY;BYDAY=SU,MO,SA;WKST=SU;BYSETPOS=1",
    "FREQ=WEEKLY;BYDAY=SU,MO,SA;WKST=MO;BYSETPOS=1",
    "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,WE,TH;BYSETPOS=-1",
    "FREQ=WEEKLY;BYMONTH=3,10;BYDAY=SU",
    "FREQ=WEEKLY;BYMONTH=2;BYDAY=TU,TH",
    # MONTHLY
    "FREQ=MONTHLY",
    "FREQ=MONTHLY;INTERVAL=2",
    "FREQ=MONTHLY;INTERVAL=3",
    "FREQ=MONTHLY;INTERVAL=18",
    "FREQ=MONTHLY;BYMONTHDAY=31",
    "FREQ=MONTHLY;BYMONTHDAY=-1",
    "FREQ=MONTHLY;BYMONTHDAY=15",
    "FREQ=MONTHLY;BYMONTHDAY=1,15",
    "FREQ=MONTHLY;BYMONTHDAY=-1,-2",
    "FREQ=MONTHLY;BYMONTHDAY=29",
    "FREQ=MONTHLY;BYMONTHDAY=30",
    "FREQ=MONTHLY;BYMONTHDAY=-30",
    "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=31",
    "FREQ=MONTHLY;BYDAY=2TU",
    "FREQ=MONTHLY;BYDAY=-1FR",
    "FREQ=MONTHLY;BYDAY=1MO",
    "FREQ=MONTHLY;BYDAY=5FR",
    "FREQ=MONTHLY;BYDAY=-2SU",
    "FREQ=MONTHLY;BYDAY=1SU,-1SU",
    "FREQ=MONTHLY;BYDAY=MO",
    "FREQ=MONTHLY;INTERVAL=2;BYDAY=3WE",
    f"FREQ=MONTHLY;BYDAY={WEEKDAYS};BYSETPOS=-1",
    f"FREQ=MONTHLY;BYDAY={WEEKDAYS};BYSETPOS=1",
    f"FREQ=MONTHLY;BYDAY={WEEKDAYS};BYSETPOS=2",
    f"FREQ=MONTHLY;BYDAY={WEEKDAYS};BYSETPOS=-2",
    f"FREQ=MONTHLY;BYDAY={WEEKDAYS};BYSETPOS=1,-1",
    "FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=1",
    "FREQ=MONTHLY;BYDAY=SU;BYSETPOS=-1",
    "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13",
    "FREQ=MONTHLY;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
    f"FREQ=MONTHLY;BYMONTHDAY=-1,-2,-3;BYDAY={WEEKDAYS};BYSETPOS=-1",
    "FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=29",
    "FREQ=MONTHLY;BYMONTH=3,4,9,10,11;BYDAY=1SU",
    "FREQ=MONTHLY;BYMONTHDAY=1,-1;BYSETPOS=-1",
    "FREQ=MONTHLY;WKST=SU;BYDAY=2SU",
    # YEARLY
    "FREQ=YEARLY",
    "FREQ=YEARLY;INTERVAL=2",
    "FREQ=YEARLY;INTERVAL=4",
    "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29",
    "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1",
    "FREQ=YEARLY;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
    "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
    "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
    "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
    "FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
    "FREQ=YEARLY;BYMONTH=4;BYDAY=1SU",
    "FREQ=YEARLY;BYMONTH=9;BYDAY=-1SU",
    "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH",
    "FREQ=YEARLY;BYMONTH=1,7;BYDAY=1MO",
    "FREQ=YEARLY;BYDAY=20MO",
    "FREQ=YEARLY;BYDAY=-1FR",
    "FREQ=YEARLY;BYDAY=1MO,-1MO",
    "FREQ=YEARLY;BYMONTH=1,4,7,10;BYMONTHDAY=1",
    "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=31",
    "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=14,28",
    "FREQ=YEARLY;BYMONTH=2,3",
    f"FREQ=YEARLY;BYMONTH=2;BYDAY={WEEKDAYS};BYSETPOS=-1",
    "FREQ=YEARLY;BYMONTH=6,12;BYDAY=SA,SU;BYSETPOS=1",
    "FREQ=YEARLY;BYYEARDAY=1,100,200;BYDAY=MO,TU,WE,TH,FR",
    "FREQ=YEARLY;BYWEEKNO=1;BYDAY=MO",
    "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO,FR",
    "FREQ=YEARLY;BYWEEKNO=51;BYDAY=SU",
    "FREQ=YEARLY;BYWEEKNO=1,26;BYDAY=TH;WKST=SU",
]

# Rules that set a time of day: only for timed starts.
TIMED_RULES = [
    "FREQ=DAILY;BYHOUR=9,17",
    "FREQ=DAILY;BYHOUR=2;BYMINUTE=30",
    "FREQ=DAILY;BYHOUR=1,2,3;BYMINUTE=0,45",
    "FREQ=WEEKLY;BYDAY=SU;BYHOUR=2,3;BYMINUTE=15",
    "FREQ=MONTHLY;BYDAY=-1SU;BYHOUR=2;BYMINUTE=30",
    "FREQ=DAILY;BYHOUR=8,12,18;BYSETPOS=-1",
]

# How far after the start an UNTIL is put, by frequency: far enough that it
# ends the series within the first 50 occurrences for most rules.
UNTIL_SPAN = {"DAILY": 20, "WEEKLY": 150, "MONTHLY": 700, "YEARLY": 3000}


def parse_start(text):
    if "T" in text:
        return datetime.strptime(text, "%Y-%m-%dT%H:%M"), False
    return datetime.strptime(text, "%Y-%m-%d"), True


def instant(naive, zone):
    """The UTC instant of a wall-clock reading, by docs/ARCHITECTURE.md section 2."""
    found = []
    for fold in (0, 1):
        aware = naive.replace(tzinfo=zone, fold=fold)
        if aware.astimezone(timezone.utc).astimezone(zone).replace(tzinfo=None) == naive:
            found.append(aware.timestamp())
    if found:
        return int(min(found))  # an ambiguous reading is its first occurrence
    # A gap: move forward by its length, the offset after minus the offset before.
    before = (naive - timedelta(days=1)).replace(tzinfo=zone).utcoffset()
    after = (naive + timedelta(days=1)).replace(tzinfo=zone).utcoffset()
    shifted = naive + (after - before)
    return instant(shifted, zone)


def with_until(rule, start, is_day, zone, kind):
    """The rule with an UNTIL of the given kind, some way after the start."""
    freq = rule.split("FREQ=")[1].split(";")[0]
    end = start + timedelta(days=UNTIL_SPAN[freq])
    if kind == "date":
        value = end.strftime("%Y%m%d")
    elif kind == "floating":
        value = end.strftime("%Y%m%dT%H%M%S")
    else:
        # Exactly the instant of the start's wall-clock time on that day, so
        # an occurrence falling there is included (UNTIL is inclusive).
        utc = datetime.fromtimestamp(instant(end, zone), timezone.utc) if not is_day else end
        value = utc.strftime("%Y%m%dT%H%M%SZ")
    return f"{rule};UNTIL={value}"


def expand(rule, start_text, zone_name):
    start, is_day = parse_start(start_text)
    zone = ZoneInfo(zone_name)
    parts = dict(part.split("=", 1) for part in rule.split(";"))
    until = parts.pop("UNTIL", None)
    count = None
    dtstart = start
    if parts["FREQ"] == "WEEKLY" and "BYSETPOS" in parts:
        # RFC 5545 chooses BYSETPOS within the whole interval ("a set of
        # recurrence instances starts at the beginning of the interval defined
        # by the FREQ rule part"), then drops what lies before DTSTART, as
        # dateutil does for months; but dateutil's first week begins at
        # DTSTART rather than at WKST (dateutil's issue 1398 on GitHub, open). So dateutil is
        # started at the week's first day, with the weekday the real start
        # implied made explicit, and the start and COUNT are applied here.
        # A start that the week's readings hold but its positions pass over
        # is still the first due, and takes the first of COUNT's places
        # (RFC 5545 §3.3.10), as dateutil's own week cut at DTSTART counts it.
        codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        back = (start.weekday() - codes.index(parts.get("WKST", "MO"))) % 7
        parts.setdefault("BYDAY", codes[start.weekday()])
        count = int(parts.pop("COUNT")) if "COUNT" in parts else None
        dtstart = start - timedelta(days=back)
    body = ";".join(f"{k}={v}" for k, v in parts.items())
    # dateutil expands from DTSTART in wall-clock time, like libical given a
    # floating start.
    rrule = rrulestr(body, dtstart=dtstart)
    out = []
    if count is not None:
        readings = rrulestr(";".join(f"{k}={v}" for k, v in parts.items() if k != "BYSETPOS"), dtstart=dtstart)
        week_end = dtstart + timedelta(days=7)
        week = list(itertools.takewhile(lambda wall: wall < week_end, readings))
        chosen = list(itertools.takewhile(lambda wall: wall < week_end, rrulestr(body, dtstart=dtstart)))
        if start in week and start not in chosen:
            count -= 1
    for wall in itertools.islice(rrule, 5000):
        if len(out) == LIMIT or (count is not None and len(out) == count):
            break
        if wall < start:
            continue
        value = wall.date().isoformat() if is_day else instant(wall, zone)
        if until is not None:
            if len(until) == 8:
                limit = datetime.strptime(until, "%Y%m%d")
                if wall.date() > limit.date():
                    break
            elif until.endswith("Z"):
                limit = datetime.strptime(until, "%Y%m%dT%H%M%SZ")
                if is_day:
                    if wall.date() > limit.date():
                        break
                else:
                    limit_instant = int(limit.replace(tzinfo=timezone.utc).timestamp())
                    if value > limit_instant:
                        # Wall order and instant order part only within a gap.
                        if wall.date() > limit.date() + timedelta(days=2):
                            break
                        continue
            else:
                if wall > datetime.strptime(until, "%Y%m%dT%H%M%S"):
                    break
        out.append(value)
    return out


def cases_from(start, rule, index, zone_index, zone_name, cases, rule_texts):
    """The rule's cases from one start: itself, and every third rule again
    with COUNT, with UNTIL in each form, or with WKST."""
    variants = [rule]
    if index % 3 == 0:
        variants.append(f"{rule};COUNT={5 + index % 17}")
    if index % 3 == 1:
        s, is_day = parse_start(start)
        kind = ["date", "floating", "utc"][(index // 3 + zone_index) % 3]
        variants.append(with_until(rule, s, is_day, ZoneInfo(zone_name), kind))
    if index % 3 == 2 and "WKST" not in rule and "FREQ=WEEKLY" in rule:
        variants.append(f"{rule};WKST=SU")
    for variant in variants:
        occurrences = expand(variant, start, zone_name)
        if not occurrences:
            continue  # a rule with no occurrence is refused, tested elsewhere
        rule_texts.add(variant)
        cases.append({"rule": variant, "zone": zone_name, "start": start, "occurrences": occurrences})


def main():
    zone_names = list(ZONES)
    cases = []
    rule_texts = set()
    plans = [(rule, False) for rule in BASE_RULES] + [(rule, True) for rule in TIMED_RULES]
    for index, (rule, timed_only) in enumerate(plans):
        # Each rule in every zone, from a start that rotates through the zone's list.
        for zone_index, zone_name in enumerate(zone_names):
            starts = ZONES[zone_name]["timed"] + ([] if timed_only else ZONES[zone_name]["day"])
            start = starts[(index + zone_index) % len(starts)]
            cases_from(start, rule, index, zone_index, zone_name, cases, rule_texts)
            # Every rule, in one zone by turns, also from the change days
            # themselves: a start in the gap (the series keeps the reading
            # typed, not the instant it moves to) and an ambiguous start.
            if zone_index == index % len(zone_names):
                for extra in (ZONES[zone_name]["timed"][i] for i in GAP_AND_FOLD):
                    if extra != start:
                        cases_from(extra, rule, index, zone_index, zone_name, cases, rule_texts)
    document = {
        "generator": "scripts/recurrence-fixtures.py",
        "reference": f"python-dateutil {dateutil.__version__}, zoneinfo",
        "occurrences": "the first 50: YYYY-MM-DD for a day start, seconds since 1970 (UTC) for a timed start",
        "rules": len(rule_texts),
        "cases": cases,
    }
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as file:
        json.dump(document, file, indent=0, separators=(",", ":"))
        file.write("\n")
    print(f"{len(cases)} cases, {len(rule_texts)} distinct rules -> {os.path.normpath(OUT)}")


if __name__ == "__main__":
    main()
