"""UTC offsets by Python's zoneinfo, the independent reference for todo-remind's Zone.

Reads a request file of lines "ZONE SECONDS SECONDS ..." (instants in seconds
past 1970, UTC) and prints, for each line, "ZONE OFFSET OFFSET ...": the
offset east of UTC in force at each instant, in seconds.
"""
import sys
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

with open(sys.argv[1]) as request:
    for line in request:
        name, *instants = line.split()
        zone = ZoneInfo(name)
        offsets = []
        for text in instants:
            moment = datetime.fromtimestamp(int(text), tz=timezone.utc).astimezone(zone)
            offsets.append(str(int(moment.utcoffset().total_seconds())))
        print(name, *offsets)
