#!/usr/bin/env python3
"""The reference: every alarm instant of a folder's events, by recurring_ical_events.

alarms.py FOLDER FROM TO: prints JSON, {uid: [seconds since 1970, ...]},
the alarms firing in FROM..TO (ISO dates, read in the zone TZ names) of
every .ics file, by recurring_ical_events (PyPI) over icalendar: an
expansion written apart from todo-remind's, to check it against. Floating
and all-day times are read in TZ's zone. Alarms of cancelled occurrences
are left out, as todo-remind never fires them.

recurring_ical_events 3.8 cannot give the alarms of all-day events (it adds
the trigger to a date, which keeps only whole days): for those its
occurrences are taken and each VALARM's TRIGGER added to the local midnight
the occurrence starts at, as Thunderbird counts it.
"""
import json
import os
import sys
from datetime import date, datetime, time, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import icalendar
import recurring_ical_events


def all_day(calendar, begin, end, local, result):
    """The alarms of an all-day event's occurrences (see above)."""
    query = recurring_ical_events.of(calendar).between(begin - timedelta(days=10), end + timedelta(days=10))
    for component in query:
        if str(component.get("STATUS", "")).upper() == "CANCELLED":
            continue
        midnight = datetime.combine(component.DTSTART, time(0))
        for alarm in component.walk("VALARM"):
            trigger = alarm.TRIGGER
            if isinstance(trigger, datetime):
                moments = [trigger]
            else:
                moments = [midnight + trigger]
            for _ in range(alarm.REPEAT):
                moments.append(moments[-1] + alarm.DURATION)
            for moment in moments:
                if moment.tzinfo is None:
                    moment = moment.replace(tzinfo=local)
                if begin <= moment < end:
                    result.setdefault(str(component["UID"]), []).append(int(moment.timestamp()))


def main():
    folder, start, stop = Path(sys.argv[1]), date.fromisoformat(sys.argv[2]), date.fromisoformat(sys.argv[3])
    local = ZoneInfo(os.environ.get("TZ", "UTC").lstrip(":"))
    begin = datetime(start.year, start.month, start.day, tzinfo=local)
    end = datetime(stop.year, stop.month, stop.day, tzinfo=local)
    result = {}
    for path in sorted(folder.glob("*.ics")):
        calendar = icalendar.Calendar.from_ical(path.read_bytes())
        master = next(iter(calendar.walk("VEVENT")))
        if not isinstance(master.DTSTART, datetime):
            all_day(calendar, begin, end, local, result)
            continue
        for component in recurring_ical_events.of(calendar, components=["VALARM"]).between(begin, end):
            if str(component.get("STATUS", "")).upper() == "CANCELLED":
                continue
            for alarm in component.alarms.times:
                trigger = alarm.trigger
                if trigger.tzinfo is None:
                    trigger = trigger.replace(tzinfo=local)
                if not (begin <= trigger < end):
                    continue
                result.setdefault(str(component["UID"]), []).append(int(trigger.timestamp()))
    print(json.dumps({uid: sorted(set(times)) for uid, times in result.items()}, sort_keys=True))


if __name__ == "__main__":
    main()
