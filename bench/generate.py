#!/usr/bin/env python3
"""generate.py SIZE OUTDIR [--now EPOCH] [--seed N]

Makes one set of benchmark tasks three ways, so every tool is timed on the
same work:

- OUTDIR/todo.json       a JSON array for `todo-remind import`
- OUTDIR/taskwarrior.json one object per line for `task import`
- OUTDIR/reminders.rem   a remind file: one REM per open task with a due date

The mix (from issue 5): 70 % of the tasks have a due date spread from 30 days
ago to 60 days ahead, half of them a day and half a time of day; 15 % are
completed; titles, categories, priorities and notes vary. The same seed gives
the same tasks, relative to --now (default: the current time), so runs differ
only by the day they were made on.

remind has no notion of a completed task or of a task without a date, so its
file holds only the open tasks with a due date (about 60 % of SIZE); that is
what a remind user would keep in the file.
"""

import argparse
import datetime as dt
import json
import os
import random

VERBS = ["Call", "Email", "Buy", "Fix", "Write", "Review", "Book", "Pay", "Plan",
         "Clean", "Renew", "Order", "Return", "Send", "Prepare", "Check"]
OBJECTS = ["the dentist", "milk and bread", "bike tyre", "quarterly report", "train tickets",
           "rent", "garden shed", "passport", "library books", "birthday card for Léa",
           "slides for Monday", "café meeting notes", "insurance claim", "car service",
           "tax return", "the plumber", "Zoë's present", "backup drive", "flat viewing",
           "conference talk"]
CATEGORIES = ["General", "Work", "Home", "Health", "Errands", "Finance", "Family",
              "Garden", "Travel", "Study", "Car", "Friends"]
PRIORITIES = [("low", 3), ("medium", 5), ("high", 2)]
NOTES = ["Ask about the invoice.", "Bring the receipt.", "See the email from Tuesday.",
         "Second floor, ring twice.", "Before the end of the month.", "Use the blue folder."]

DAY_SECONDS = 86_400


def pick_priority(rng):
    total = sum(weight for _, weight in PRIORITIES)
    roll = rng.uniform(0, total)
    for name, weight in PRIORITIES:
        if roll < weight:
            return name
        roll -= weight
    return PRIORITIES[-1][0]


def make_tasks(size, now, seed):
    """The tasks as plain dicts: title, notes, category, priority, due, created, completed."""
    rng = random.Random(seed)
    local = dt.datetime.fromtimestamp(now).astimezone()
    today = local.date()
    tasks = []
    for index in range(size):
        title = f"{rng.choice(VERBS)} {rng.choice(OBJECTS)} #{index}"
        due = None
        if rng.random() < 0.70:
            day = today + dt.timedelta(days=rng.randint(-30, 60))
            if rng.random() < 0.5:
                due = ("day", day)
            else:
                at = dt.time(rng.randint(7, 21), rng.choice(range(0, 60, 5)))
                due = ("time", dt.datetime.combine(day, at).astimezone())
        created = now - rng.randint(1, 60) * DAY_SECONDS - rng.randint(0, DAY_SECONDS)
        completed = None
        if rng.random() < 0.15:
            completed = rng.randint(int(created), int(now) - 60)
        tasks.append({
            "title": title,
            "notes": rng.choice(NOTES) if rng.random() < 0.2 else None,
            "category": rng.choice(CATEGORIES),
            "priority": pick_priority(rng),
            "due": due,
            "created": created,
            "completed": completed,
        })
    return tasks


def iso_instant(epoch):
    return dt.datetime.fromtimestamp(epoch, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def taskwarrior_stamp(moment):
    return moment.astimezone(dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def write_todo(tasks, path):
    out = []
    for task in tasks:
        item = {"title": task["title"], "category": task["category"], "priority": task["priority"],
                "createdAt": iso_instant(task["created"])}
        if task["notes"]:
            item["notes"] = task["notes"]
        if task["due"]:
            kind, value = task["due"]
            item["due"] = {"day": value.isoformat()} if kind == "day" else {"time": value.isoformat()}
        if task["completed"]:
            item["completed"] = True
            item["completedAt"] = iso_instant(task["completed"])
        out.append(item)
    with open(path, "w", encoding="utf-8") as file:
        json.dump(out, file, ensure_ascii=False)


def write_taskwarrior(tasks, path, seed):
    rng = random.Random(seed + 1)
    priority = {"low": "L", "medium": "M", "high": "H"}
    with open(path, "w", encoding="utf-8") as file:
        for task in tasks:
            item = {
                "uuid": "%08x-%04x-4%03x-8%03x-%012x" % (
                    rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(12),
                    rng.getrandbits(12), rng.getrandbits(48)),
                "description": task["title"],
                "project": task["category"],
                "priority": priority[task["priority"]],
                "entry": taskwarrior_stamp(dt.datetime.fromtimestamp(task["created"]).astimezone()),
                "status": "completed" if task["completed"] else "pending",
            }
            if task["notes"]:
                item["annotations"] = [{"entry": item["entry"], "description": task["notes"]}]
            if task["due"]:
                kind, value = task["due"]
                # Taskwarrior has no floating day: a date alone is its local midnight.
                moment = dt.datetime.combine(value, dt.time()).astimezone() if kind == "day" else value
                item["due"] = taskwarrior_stamp(moment)
            if task["completed"]:
                item["end"] = taskwarrior_stamp(dt.datetime.fromtimestamp(task["completed"]).astimezone())
            file.write(json.dumps(item, ensure_ascii=False) + "\n")


def write_remind(tasks, path):
    with open(path, "w", encoding="utf-8") as file:
        for task in tasks:
            if task["completed"] or not task["due"]:
                continue
            kind, value = task["due"]
            day = value.date() if kind == "time" else value
            date = f"{day.day} {day.strftime('%b')} {day.year}"
            at = f" AT {value.strftime('%H:%M')}" if kind == "time" else ""
            # The generated titles hold neither % nor [, remind's special characters.
            file.write(f"REM {date}{at} MSG {task['title']}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("size", type=int)
    parser.add_argument("outdir")
    parser.add_argument("--now", type=float, default=None)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    now = args.now if args.now is not None else dt.datetime.now().timestamp()
    os.makedirs(args.outdir, exist_ok=True)
    tasks = make_tasks(args.size, now, args.seed)
    write_todo(tasks, os.path.join(args.outdir, "todo.json"))
    write_taskwarrior(tasks, os.path.join(args.outdir, "taskwarrior.json"), args.seed)
    write_remind(tasks, os.path.join(args.outdir, "reminders.rem"))


if __name__ == "__main__":
    main()
