#!/usr/bin/env python3
"""Writes a folder of calendar events for the reference checks.

generate.py FOLDER [COUNT] [SEED] [RECURRING]: COUNT events (default 320),
one .ics file each, RECURRING percent of them recurring (default 80), as calendar clients write them: recurring events (daily,
weekly, monthly, yearly rules with COUNT, UNTIL or none; RDATE, EXDATE;
overrides that move an occurrence, change its alarm or cancel it) and
one-off ones, timed in New York, Berlin, Lord Howe and Chatham (each with
its VTIMEZONE), in UTC, floating, and all-day, each with one to three
alarms. The same COUNT and SEED write the same files.

Times of day stay between 07:00 and 21:00 and relative alarms within a few
hours or whole days of them, away from the night's DST changes, where RFC
5545 leaves readings undefined and clients differ (a reading in a gap);
what todo-remind does there is tested on its own (TodoRecurrenceTests).
"""
import functools
import random
import sys
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

ZONES = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Pacific/Chatham"]


@functools.cache
def vtimezone(name):
    """A VTIMEZONE with the zone's changes from 2015 to 2030, each an observance."""
    zone = ZoneInfo(name)
    lines = ["BEGIN:VTIMEZONE", f"TZID:{name}"]
    moment = datetime(2015, 1, 1, tzinfo=ZoneInfo("UTC"))
    end = datetime(2031, 1, 1, tzinfo=ZoneInfo("UTC"))
    previous = moment.astimezone(zone).utcoffset()
    observances = []
    while moment < end:
        step = moment + timedelta(hours=1)
        offset = step.astimezone(zone).utcoffset()
        if offset != previous:
            local = step.astimezone(zone).replace(tzinfo=None)
            observances.append((local, previous, offset, bool(step.astimezone(zone).dst())))
            previous = offset
        moment = step
    def text(delta):
        minutes = int(delta.total_seconds() // 60)
        sign = "+" if minutes >= 0 else "-"
        return f"{sign}{abs(minutes) // 60:02d}{abs(minutes) % 60:02d}"
    first_offset = datetime(2015, 1, 1, tzinfo=zone).utcoffset()
    lines += ["BEGIN:STANDARD", "DTSTART:19700101T000000", f"TZOFFSETFROM:{text(first_offset)}",
              f"TZOFFSETTO:{text(first_offset)}", "END:STANDARD"]
    for local, before, after, summer in observances:
        kind = "DAYLIGHT" if summer else "STANDARD"
        lines += [f"BEGIN:{kind}", f"DTSTART:{local:%Y%m%dT%H%M%S}", f"TZOFFSETFROM:{text(before)}",
                  f"TZOFFSETTO:{text(after)}", f"END:{kind}"]
    return tuple(lines + ["END:VTIMEZONE"])


def value(kind, moment, zone):
    """A DTSTART-like property's parameters and value."""
    if kind == "day":
        return ";VALUE=DATE", f"{moment:%Y%m%d}"
    if kind == "utc":
        return "", f"{moment:%Y%m%dT%H%M%S}Z"
    if kind == "floating":
        return "", f"{moment:%Y%m%dT%H%M%S}"
    return f";TZID={zone}", f"{moment:%Y%m%dT%H%M%S}"


def alarms(rng, kind):
    """One to three VALARMs with distinct triggers."""
    if kind == "day":
        choices = ["-PT15H", "-P1D", "PT9H", "-P2D", "PT8H30M", "-P1DT3H"]
    else:
        choices = ["-PT15M", "-PT10M", "-PT30M", "-PT1H", "-PT2H", "-P1D", "PT0S", "-PT5M", "-P1DT1H"]
    picked = rng.sample(choices, rng.randint(1, 3))
    lines = []
    for trigger in picked:
        lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder"]
        if rng.random() < 0.2 and kind != "day":
            lines.append(f"TRIGGER;RELATED=END:{trigger}")
        else:
            lines.append(f"TRIGGER:{trigger}")
        if rng.random() < 0.1:
            lines += ["REPEAT:2", "DURATION:PT5M"]
        lines.append("END:VALARM")
    return lines


def rule(rng, start, kind):
    """An RRULE for a series starting at `start`."""
    weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
    shape = rng.choice(["daily", "weekly", "weekly-days", "monthly-day", "monthly-weekday", "yearly"])
    if shape == "daily":
        text = f"FREQ=DAILY;INTERVAL={rng.choice([1, 2, 3, 7])}"
    elif shape == "weekly":
        text = f"FREQ=WEEKLY;INTERVAL={rng.choice([1, 2])}"
    elif shape == "weekly-days":
        days = sorted(set([weekdays[start.weekday()]] + rng.sample(weekdays, 2)), key=weekdays.index)
        text = "FREQ=WEEKLY;BYDAY=" + ",".join(days)
    elif shape == "monthly-day":
        text = f"FREQ=MONTHLY;BYMONTHDAY={start.day}" if start.day <= 28 else "FREQ=MONTHLY;BYMONTHDAY=1"
    elif shape == "monthly-weekday":
        position = (start.day - 1) // 7 + 1
        text = f"FREQ=MONTHLY;BYDAY={min(position, 4)}{weekdays[start.weekday()]}"
    else:
        text = "FREQ=YEARLY"
    end = rng.random()
    if end < 0.25:
        text += f";COUNT={rng.randint(5, 60)}"
    elif end < 0.45:
        until = start + timedelta(days=rng.randint(100, 900))
        text += f";UNTIL={until:%Y%m%d}" if kind == "day" else f";UNTIL={until:%Y%m%dT%H%M%S}Z"
    return text


def synchronized(start, text):
    """A start the rule gives: so that DTSTART is one of its occurrences."""
    from dateutil.rrule import rrulestr
    first = rrulestr(text.split(";UNTIL")[0].split(";COUNT")[0], dtstart=start)[0]
    return first


def event(rng, index, recurring_share=80):
    uid = f"reference-{index:04d}@todo-remind.test"
    kind = rng.choices(["zoned", "utc", "floating", "day"], weights=[6, 1, 1, 2])[0]
    zone = rng.choice(ZONES)
    recurring = index % 100 < recurring_share
    year = rng.choice([2016, 2020, 2024, 2025, 2026, 2026, 2027]) if recurring else rng.choice([2026, 2027])
    day = date(year, 1, 1) + timedelta(days=rng.randint(0, 364))
    start = datetime(day.year, day.month, day.day, rng.randint(7, 19), rng.choice([0, 15, 30, 45]))
    if kind == "day":
        start = datetime(day.year, day.month, day.day)
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//todo-remind//reference//EN"]
    if kind == "zoned":
        lines += list(vtimezone(zone))
    text = None
    if recurring:
        text = rule(rng, start, kind)
        start = synchronized(start, text)
    params, start_value = value(kind, start, zone)
    length = timedelta(days=rng.randint(1, 2)) if kind == "day" else timedelta(minutes=rng.choice([30, 45, 60, 90]))
    end_params, end_value = value(kind, start + length, zone)
    master = ["BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20260101T000000Z", f"SUMMARY:Event {index}",
              f"DTSTART{params}:{start_value}"]
    master.append(f"DTEND{end_params}:{end_value}" if rng.random() < 0.8 else
                  ("DURATION:P1D" if kind == "day" else f"DURATION:PT{int(length.total_seconds() // 60)}M"))
    overrides = []
    if text:
        master.append(f"RRULE:{text}")
        from dateutil.rrule import rrulestr
        bare = text.split(";UNTIL")[0].split(";COUNT")[0]
        occurrences = list(rrulestr(bare, dtstart=start, forceset=True)[:40])
        if ";COUNT=" in text:
            occurrences = occurrences[:int(text.split(";COUNT=")[1])]
        later = [o for o in occurrences[1:]]
        if later and rng.random() < 0.5:
            excluded = rng.sample(later, min(len(later), rng.randint(1, 2)))
            for moment in excluded:
                later.remove(moment)
                p, v = value(kind, moment, zone)
                master.append(f"EXDATE{p}:{v}")
        if later and rng.random() < 0.3:
            extra = later[-1] + timedelta(days=rng.randint(1, 3), hours=0 if kind == "day" else 1)
            p, v = value(kind, extra, zone)
            master.append(f"RDATE{p}:{v}")
        for moment in rng.sample(later, min(len(later), rng.choice([0, 1, 1, 2]))):
            change = rng.choice(["move", "alarm", "cancel"])
            p, rid = value(kind, moment, zone)
            component = ["BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20260101T000000Z", f"RECURRENCE-ID{p}:{rid}",
                         f"SUMMARY:Event {index} (changed)"]
            moved = moment
            if change == "move":
                moved = moment + (timedelta(days=rng.randint(1, 3)) if kind == "day" else timedelta(hours=rng.choice([-2, 1, 3]), days=rng.randint(0, 2)))
            sp, sv = value(kind, moved, zone)
            ep, ev = value(kind, moved + length, zone)
            component += [f"DTSTART{sp}:{sv}", f"DTEND{ep}:{ev}"]
            if change == "cancel":
                component.append("STATUS:CANCELLED")
            component += alarms(rng, kind) + ["END:VEVENT"]
            overrides.append(component)
    master += alarms(rng, kind) + ["END:VEVENT"]
    lines += master
    for component in overrides:
        lines += component
    lines.append("END:VCALENDAR")
    return uid, "\r\n".join(lines) + "\r\n"


def main():
    folder = Path(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 320
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 25
    share = int(sys.argv[4]) if len(sys.argv) > 4 else 80
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    for index in range(count):
        uid, text = event(rng, index, share)
        if seed != 25:
            uid = uid.replace("reference-", f"reference-{seed}-")
            text = text.replace("UID:reference-", f"UID:reference-{seed}-")
        (folder / f"{uid.split('@')[0]}.ics").write_text(text)


if __name__ == "__main__":
    main()
