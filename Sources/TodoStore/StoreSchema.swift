import FoundationEssentials
import TodoCore
import TodoRecurrence

/// The layout of the store file: its mark and its migrations.
///
/// A migration that has shipped is never edited: a change to the schema is a
/// new migration appended to `migrator`, so every store, however old, reaches
/// the same layout by the same steps.
enum StoreSchema {
    /// The value of `PRAGMA application_id` that marks a file as a todo-remind
    /// store ("TDRD" in ASCII). SQLite keeps it at offset 68 of the header.
    static let applicationID: Int32 = 0x5444_5244

    /// The `PRAGMA user_version` of a store with every migration below
    /// applied. A store's header says it (`SQLiteHeader.userVersion`), so a
    /// command opens a current store without first reading its migrations
    /// through a connection of their own, which costs a second reading of
    /// the whole schema; a store made or migrated before the mark existed
    /// gets it from the first command that writes to it.
    static var version: Int32 { Int32(migrator.migrations.count) }

    /// The store's `user_version`, as the connection sees it (the `-wal` included).
    static func storedVersion(_ db: Database) throws -> Int32 {
        Int32(truncatingIfNeeded: try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0)
    }

    /// Marks the store as having every migration applied.
    static func markCurrent(_ db: Database) throws {
        try db.execute(sql: "PRAGMA user_version = \(version)")
    }

    /// The migrations, in the order they run.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE task (
                    -- AUTOINCREMENT: an id, once used, is never given to another task.
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    title TEXT NOT NULL CHECK (title <> ''),
                    notes TEXT,
                    category TEXT NOT NULL CHECK (category <> ''),
                    -- Priority.rank: 0 low, 1 medium, 2 high.
                    priority INTEGER NOT NULL CHECK (priority IN (0, 1, 2)),
                    -- A day due as "YYYY-MM-DD", or a timed due in seconds since 1970.
                    due_day TEXT,
                    due_time REAL,
                    -- Due.sortKey: orders dues of both kinds for the reminder queue.
                    due_key REAL,
                    completed_at REAL,
                    created_at REAL NOT NULL,
                    updated_at REAL NOT NULL,
                    reminder INTEGER NOT NULL CHECK (reminder IN (0, 1)),
                    -- UnicodeFolding.fold of title and notes, UnicodeFolding.foldCase of category.
                    title_key TEXT NOT NULL,
                    notes_key TEXT,
                    category_key TEXT NOT NULL,
                    CHECK (due_day IS NULL OR due_time IS NULL),
                    CHECK ((due_day IS NULL AND due_time IS NULL) = (due_key IS NULL))
                );

                -- Open tasks in id order (completed_at IS NULL is an equality on
                -- this index, whose entries then follow the rowid), and counts.
                CREATE INDEX task_by_completion ON task(completed_at);

                CREATE INDEX task_by_category ON task(category_key);

                -- The reminder queue: open, reminder-on tasks with a due date, by
                -- sort key, so `next` reads a few entries instead of every task.
                CREATE INDEX task_reminder_queue ON task(due_key)
                    WHERE completed_at IS NULL AND reminder = 1 AND due_key IS NOT NULL;

                PRAGMA application_id = \(applicationID);
                """)
        }
        migrator.registerMigration("v2-delivery-ledger") { db in
            try db.execute(sql: """
                -- What the daemon did about each reminder, so each fires at most
                -- once across restarts. Rows go with their task.
                CREATE TABLE delivery (
                    task_id INTEGER NOT NULL REFERENCES task(id) ON DELETE CASCADE,
                    -- ReminderKind's raw value.
                    kind TEXT NOT NULL,
                    -- The reminder's instant, in seconds since 1970.
                    at REAL NOT NULL,
                    status TEXT NOT NULL CHECK (status IN ('sending', 'delivered', 'failed', 'skipped')),
                    fired_at REAL NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    detail TEXT,
                    PRIMARY KEY (task_id, kind, at)
                ) WITHOUT ROWID;

                -- The reminders of a window, and the last one fired.
                CREATE INDEX delivery_by_instant ON delivery(at);
                CREATE INDEX delivery_by_firing ON delivery(fired_at);

                -- The daemon's own bookkeeping (such as how far it has planned).
                CREATE TABLE daemon_state (
                    key TEXT PRIMARY KEY NOT NULL,
                    value
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v3-snooze") { db in
            try db.execute(sql: """
                -- A task's snooze: remind of it once more, at `until`. One per
                -- task, gone with its task. Its own table, not a task column,
                -- because a snooze can fall anywhere, far from the due date or
                -- on a task without one, so the reminder queue's index on
                -- due_key cannot find it.
                CREATE TABLE snooze (
                    task_id INTEGER PRIMARY KEY NOT NULL REFERENCES task(id) ON DELETE CASCADE,
                    -- The instant, in seconds since 1970.
                    until REAL NOT NULL
                );

                -- The coming snoozes, for `next` and the daemon.
                CREATE INDEX snooze_by_until ON snooze(until);
                """)
        }
        migrator.registerMigration("v4-covering-reminder-queue") { db in
            try db.execute(sql: """
                -- The reminder queue again, holding every column `next` reads
                -- (its WHERE clause's too, which SQLite does not count as held
                -- otherwise): walking it no longer looks up each task's row,
                -- a page read apiece, so `next` stays as fast at 100,000
                -- tasks as at 1,000.
                DROP INDEX task_reminder_queue;
                CREATE INDEX task_reminder_queue ON task(due_key, due_day, due_time, completed_at, reminder)
                    WHERE completed_at IS NULL AND reminder = 1 AND due_key IS NOT NULL;
                """)
        }
        migrator.registerMigration("v5-repeat") { db in
            try db.execute(sql: """
                -- A repeating task keeps its rule verbatim, what it repeats
                -- from, the zone a timed series is anchored in, the series'
                -- first due (COUNT counts from it) and how many occurrences
                -- are done; the task's due is its one open occurrence.
                ALTER TABLE task ADD COLUMN repeat_rule TEXT;
                ALTER TABLE task ADD COLUMN repeat_from TEXT;
                ALTER TABLE task ADD COLUMN repeat_zone TEXT;
                ALTER TABLE task ADD COLUMN repeat_start_day TEXT;
                ALTER TABLE task ADD COLUMN repeat_start_time REAL;
                ALTER TABLE task ADD COLUMN repeat_done INTEGER NOT NULL DEFAULT 0;
                -- Each completed occurrence: its due and when it was done.
                CREATE TABLE completion (
                    id INTEGER PRIMARY KEY,
                    task_id INTEGER NOT NULL REFERENCES task(id) ON DELETE CASCADE,
                    due_day TEXT,
                    due_time REAL,
                    completed_at REAL NOT NULL
                );
                CREATE INDEX completion_by_task ON completion(task_id, completed_at);
                """)
        }
        migrator.registerMigration("v6-reminder-identity") { db in
            try db.execute(sql: """
                -- When each task's due was last set: reminders that fell
                -- before it were never due, while other edits no longer hide
                -- a reminder missed meanwhile. Unknown for existing tasks, so
                -- their last update, the rule until now.
                ALTER TABLE task ADD COLUMN due_set_at REAL;
                UPDATE task SET due_set_at = updated_at;

                -- The ledger keyed on what a reminder reminds of (task, kind,
                -- occurrence: "day YYYY-MM-DD" or "instant <ms since 1970>")
                -- instead of its instant, which moves with the time zone.
                -- The instant stays, for `status` and catch-up. Built beside
                -- the old table, then put in its place under its name.
                CREATE TABLE delivery_by_identity (
                    task_id INTEGER NOT NULL REFERENCES task(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL,
                    occurrence TEXT NOT NULL,
                    at REAL NOT NULL,
                    status TEXT NOT NULL CHECK (status IN ('sending', 'delivered', 'failed', 'skipped')),
                    fired_at REAL NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    detail TEXT,
                    PRIMARY KEY (task_id, kind, occurrence)
                ) WITHOUT ROWID;

                -- The old rows, with the occurrence they were for, as far as
                -- the task's due tells: a morning reminder on the local day of
                -- a day task's due day, or before a timed task's due, is its
                -- own; any other morning one was a daily reminder of the task
                -- overdue, on the local day it fell on; the others remind of
                -- their own instant. (SQLite's 'localtime' is this process's
                -- zone, the one the old daemon worked in.)
                INSERT OR IGNORE INTO delivery_by_identity (task_id, kind, occurrence, at, status, fired_at, attempts, detail)
                SELECT delivery.task_id, delivery.kind,
                    CASE
                        WHEN delivery.kind = 'morning' AND task.due_day IS NOT NULL
                             AND date(delivery.at, 'unixepoch', 'localtime') = task.due_day
                            THEN 'day ' || task.due_day
                        WHEN delivery.kind = 'morning' AND task.due_time IS NOT NULL AND delivery.at < task.due_time
                            THEN 'instant ' || CAST(round(task.due_time * 1000) AS INTEGER)
                        WHEN delivery.kind = 'morning'
                            THEN 'day ' || date(delivery.at, 'unixepoch', 'localtime')
                        ELSE 'instant ' || CAST(round(delivery.at * 1000) AS INTEGER)
                    END,
                    delivery.at, delivery.status, delivery.fired_at, delivery.attempts, delivery.detail
                FROM delivery JOIN task ON task.id = delivery.task_id;
                DROP TABLE delivery;
                ALTER TABLE delivery_by_identity RENAME TO delivery;

                -- The reminders of a window, and the last one fired.
                CREATE INDEX delivery_by_instant ON delivery(at);
                CREATE INDEX delivery_by_firing ON delivery(fired_at);
                """)
        }
        migrator.registerMigration("v7-daemon-state") { db in
            try db.execute(sql: """
                -- The daemon's state that `status` reads, typed (DaemonState):
                -- one row, there from the start, whose columns the daemon
                -- sets. The armed reminder is the ledger's key (task, kind,
                -- occurrence) and its instant; no foreign key on the task,
                -- whose deletion must not fail or rewrite this row (status
                -- shows the id of a task gone meanwhile).
                CREATE TABLE daemon (
                    id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
                    armed_task_id INTEGER,
                    armed_kind TEXT,
                    armed_occurrence TEXT,
                    armed_at REAL,
                    -- Seconds since 1970, as everywhere in the store.
                    planned_through REAL,
                    started_at REAL,
                    CHECK ((armed_task_id IS NULL) = (armed_kind IS NULL)
                       AND (armed_task_id IS NULL) = (armed_occurrence IS NULL)
                       AND (armed_task_id IS NULL) = (armed_at IS NULL))
                );

                -- How far the last daemon planned carries over, so its first
                -- run after the upgrade looks back no further than it must.
                -- The armed reminder does not: a daemon arms afresh at start.
                INSERT INTO daemon (id, planned_through)
                SELECT 1, (SELECT CAST(value AS REAL) FROM daemon_state WHERE key = 'planned-through');

                -- daemon_state (key/value) stays, unused by this version: a
                -- daemon of the version before, still running while a command
                -- of this one migrates its store, reads and writes it on
                -- every plan, and would stop if it were gone.
                """)
        }
        migrator.registerMigration("v8-reminder-queue-by-priority") { db in
            try db.execute(sql: """
                -- The reminder queue by priority: `next` reads the most urgent
                -- overdue tasks (high first, then the earliest due) a
                -- priority at a time, a few entries of each, instead of every
                -- overdue task looked up and sorted for the first dozens.
                CREATE INDEX task_reminder_queue_by_priority ON task(priority, due_key)
                    WHERE completed_at IS NULL AND reminder = 1 AND due_key IS NOT NULL;
                """)
        }
        migrator.registerMigration("v9-calendar") { db in
            try db.execute(sql: """
                -- The list a task is in: the path of the iCalendar folder that
                -- holds it; NULL for the local list, kept in the store alone.
                ALTER TABLE task ADD COLUMN list TEXT;
                -- When the task's reminders were last handled, here or on
                -- another device (X-MOZ-LASTACK), in seconds since 1970.
                ALTER TABLE task ADD COLUMN acknowledged_at REAL;
                -- Alarms beside the defaults (TaskAlarm, TaskRow.alarmsText):
                -- "-900" (seconds from the due's anchor) or "@1796140800"
                -- (an instant), comma-separated; and whether the two default
                -- reminders are on.
                ALTER TABLE task ADD COLUMN alarms TEXT;
                ALTER TABLE task ADD COLUMN remind_defaults INTEGER NOT NULL DEFAULT 1 CHECK (remind_defaults IN (0, 1));
                -- Where each alarm of an open task roughly falls (a day
                -- due's within Due.sortKeyZoneSlack), so that the daemon
                -- finds the alarms of a window, however far from the due.
                CREATE TABLE task_alarm (
                    task_id INTEGER NOT NULL REFERENCES task(id) ON DELETE CASCADE,
                    key REAL NOT NULL
                );
                CREATE INDEX task_alarm_by_key ON task_alarm(key);
                CREATE INDEX task_alarm_by_task ON task_alarm(task_id);
                -- The reminder queue holds the tasks with the two default
                -- reminders only: one with its defaults off has alarms alone,
                -- found through task_alarm.
                DROP INDEX task_reminder_queue;
                CREATE INDEX task_reminder_queue ON task(due_key, due_day, due_time, completed_at, reminder, remind_defaults)
                    WHERE completed_at IS NULL AND reminder = 1 AND remind_defaults = 1 AND due_key IS NOT NULL;

                -- Each task of a folder's list and its file there (TaskFile).
                -- No foreign key: the row outlives its task until the file is
                -- deleted too, and it is how the write-out finds that file.
                CREATE TABLE task_file (
                    task_id INTEGER PRIMARY KEY NOT NULL,
                    -- The folder the file is in; a task moved to another list
                    -- keeps the old one here until its file has moved.
                    folder TEXT NOT NULL,
                    -- The file's name and the VTODO's UID; NULL until the
                    -- task's first file is written.
                    name TEXT,
                    uid TEXT,
                    -- ItemStamp.etag of the file as last written or read.
                    etag TEXT,
                    -- The last version both this machine and the others had
                    -- (the file as last read from outside, or as first
                    -- written): the base of a three-way merge.
                    base BLOB,
                    -- 1 while the task has changed since its file was written.
                    dirty INTEGER NOT NULL DEFAULT 1 CHECK (dirty IN (0, 1))
                );
                CREATE UNIQUE INDEX task_file_by_name ON task_file(folder, name);
                CREATE INDEX task_file_by_uid ON task_file(uid);
                CREATE INDEX task_file_pending ON task_file(task_id) WHERE dirty = 1;

                -- Every change of a field a file holds marks the task's file
                -- for writing, whoever makes it (a command, a bubble's
                -- action), so that the write-out is one query of the pending
                -- rows and nothing is missed. Reading a file in clears the
                -- mark again in the same transaction.
                CREATE TRIGGER task_file_after_insert AFTER INSERT ON task WHEN NEW.list IS NOT NULL
                BEGIN
                    INSERT OR REPLACE INTO task_file (task_id, folder) VALUES (NEW.id, NEW.list);
                END;
                CREATE TRIGGER task_file_after_update AFTER UPDATE ON task
                WHEN OLD.title IS NOT NEW.title OR OLD.notes IS NOT NEW.notes
                  OR OLD.category IS NOT NEW.category OR OLD.priority IS NOT NEW.priority
                  OR OLD.due_day IS NOT NEW.due_day OR OLD.due_time IS NOT NEW.due_time
                  OR OLD.completed_at IS NOT NEW.completed_at OR OLD.reminder IS NOT NEW.reminder
                  OR OLD.repeat_rule IS NOT NEW.repeat_rule OR OLD.repeat_from IS NOT NEW.repeat_from
                  OR OLD.repeat_zone IS NOT NEW.repeat_zone OR OLD.list IS NOT NEW.list
                  OR OLD.acknowledged_at IS NOT NEW.acknowledged_at
                  OR OLD.alarms IS NOT NEW.alarms OR OLD.remind_defaults IS NOT NEW.remind_defaults
                BEGIN
                    UPDATE task_file SET dirty = 1 WHERE task_id = NEW.id;
                    INSERT OR IGNORE INTO task_file (task_id, folder)
                        SELECT NEW.id, NEW.list WHERE NEW.list IS NOT NULL;
                END;
                -- A snooze is a file's field too (X-MOZ-SNOOZE-TIME).
                CREATE TRIGGER task_file_after_snooze AFTER INSERT ON snooze
                BEGIN
                    UPDATE task_file SET dirty = 1 WHERE task_id = NEW.task_id;
                END;
                CREATE TRIGGER task_file_after_snooze_change AFTER UPDATE ON snooze
                BEGIN
                    UPDATE task_file SET dirty = 1 WHERE task_id = NEW.task_id;
                END;
                CREATE TRIGGER task_file_after_unsnooze AFTER DELETE ON snooze
                BEGIN
                    UPDATE task_file SET dirty = 1 WHERE task_id = OLD.task_id;
                END;
                CREATE TRIGGER task_file_after_delete AFTER DELETE ON task
                BEGIN
                    UPDATE task_file SET dirty = 1 WHERE task_id = OLD.id;
                END;

                -- The versions of a task's file written here since its base
                -- was read, oldest first: vdirsyncer uploads them without a
                -- trace in the folder, so the version the server's copy
                -- grew from (a merge's base) is the one of these it is
                -- closest to (FolderSync).
                CREATE TABLE task_file_written (
                    id INTEGER PRIMARY KEY,
                    task_id INTEGER NOT NULL,
                    bytes BLOB NOT NULL
                );
                CREATE INDEX task_file_written_by_task ON task_file_written(task_id, id);

                -- Fields changed both here and elsewhere to different values,
                -- settled by the newer LAST-MODIFIED, for `sync --check`.
                CREATE TABLE sync_conflict (
                    id INTEGER PRIMARY KEY,
                    task_id INTEGER NOT NULL,
                    -- Seconds since 1970.
                    at REAL NOT NULL,
                    -- The fields, comma-separated (TodoField raw values).
                    fields TEXT NOT NULL,
                    -- 'here' or 'there': whose values were kept.
                    kept TEXT NOT NULL CHECK (kept IN ('here', 'there'))
                );
                """)
        }
        migrator.registerMigration("v10-folder-scan") { db in
            try db.execute(sql: """
                -- Each list folder's directory (ItemStamp.etag of the folder
                -- itself: mtime and inode) as a command's scan last found it.
                -- Files are put in and taken out of a vdir by rename or
                -- unlink, which change the directory's mtime: while it is
                -- unchanged, a command reads the store alone (FolderSync).
                CREATE TABLE folder_scan (
                    folder TEXT PRIMARY KEY NOT NULL,
                    etag TEXT NOT NULL
                );
                """)
        }
        migrator.registerMigration("v11-unfollowed-rule") { db in
            try db.execute(sql: """
                -- A task whose file repeats by a rule todo-remind cannot
                -- follow (FREQ=MINUTELY, a rule libical refuses): the rule,
                -- and the sentence that says so (FolderSync), for `sync
                -- --check`. Such a task is shown as due once and is never
                -- marked done here: its file would say COMPLETED beside the
                -- rule, and the series would end on every device.
                CREATE TABLE unfollowed_rule (
                    task_id INTEGER PRIMARY KEY NOT NULL REFERENCES task(id) ON DELETE CASCADE,
                    rule TEXT NOT NULL,
                    message TEXT NOT NULL
                );
                """)
        }
        migrator.registerMigration("v12-task-file-versions") { db in
            try db.execute(sql: """
                -- The versions of a task's file this store has seen, read in
                -- or written here, oldest first (TaskFileVersion). Kept
                -- across reads: with a second local client re-writing the
                -- folder, the copy vdirsyncer brings back from the server
                -- ("b wins") may have grown from a version read or written
                -- before the last one read in, and a merge against any
                -- later one would take this side's edits since for theirs
                -- undone (FolderSync). Replaces task_file_written, which
                -- was emptied at every read, and task_file.base. Gone with
                -- its task: nothing merges into a deleted task.
                CREATE TABLE task_file_version (
                    id INTEGER PRIMARY KEY,
                    task_id INTEGER NOT NULL REFERENCES task(id) ON DELETE CASCADE,
                    -- 1 written here, 0 read in.
                    written INTEGER NOT NULL CHECK (written IN (0, 1)),
                    -- 0: what a merge needs of the version, encoded by
                    -- FolderSync, read without parsing a file; 1: the file's
                    -- bytes, carried over below, read once and then replaced.
                    is_file INTEGER NOT NULL CHECK (is_file IN (0, 1)),
                    content BLOB NOT NULL
                );
                CREATE INDEX task_file_version_by_task ON task_file_version(task_id, id);
                -- What the store had: the base read, then the versions
                -- written since, of the tasks still there.
                INSERT INTO task_file_version (task_id, written, is_file, content)
                    SELECT task_id, 0, 1, base FROM task_file
                    WHERE base IS NOT NULL AND task_id IN (SELECT id FROM task) ORDER BY task_id;
                INSERT INTO task_file_version (task_id, written, is_file, content)
                    SELECT task_id, 1, 1, bytes FROM task_file_written
                    WHERE task_id IN (SELECT id FROM task) ORDER BY id;
                DROP TABLE task_file_written;
                -- No longer read or written (the versions hold it); the
                -- column stays, as dropping one rebuilds the table.
                UPDATE task_file SET base = NULL;
                """)
        }
        migrator.registerMigration("v13-unfollowed-stored-rules") { db in
            // A rule todo-remind cannot follow is never a task's repeat, only
            // a row of unfollowed_rule (TaskFiles+UnfollowedRule): the one
            // sign that `done` refuses and `sync --check` reports. An older
            // version kept such a rule as the repeat (a COUNT past today's
            // bound), and the file it came from may never change again:
            // moved into the table here. The file stays as it is; the task
            // is not marked for writing, since the rule it shows is unchanged.
            let rows = try Row.fetchAll(db, sql: """
                SELECT t.id, t.repeat_rule, t.repeat_from, t.repeat_zone, t.repeat_start_day, t.repeat_start_time,
                       f.folder, f.name, f.dirty
                FROM task t LEFT JOIN task_file f ON f.task_id = t.id WHERE t.repeat_rule IS NOT NULL
                """)
            for row in rows {
                let id: Int64 = try row[0]
                let rule: String = try row[1]
                let start: Due? = try (row[4] as String?).flatMap(LocalDay.init(iso:)).map(Due.day)
                    ?? (row[5] as Double?).map { .time(Date(timeIntervalSince1970: $0)) }
                guard let start else { continue }
                let repeating = try TaskRepeat(rule: rule, from: RepeatFrom(rawValue: row[2] ?? "") ?? .due, zone: row[3], start: start)
                let reason: String
                do throws(RepeatRuleError) { _ = try repeating.recurrence(); continue } catch { reason = error.message }
                let folder: String? = try row[6]
                let name: String? = try row[7]
                let file = folder.flatMap { folder in name.map { PathText.joining(folder, $0) } } ?? "Task \(id)"
                try db.execute(sql: """
                    UPDATE task SET repeat_rule = NULL, repeat_from = NULL, repeat_zone = NULL,
                        repeat_start_day = NULL, repeat_start_time = NULL, repeat_done = 0 WHERE id = ?
                    """, arguments: [id])
                try db.execute(sql: "UPDATE task_file SET dirty = ? WHERE task_id = ?", arguments: [row[8] as Int64? ?? 0, id])
                try db.execute(sql: "INSERT OR REPLACE INTO unfollowed_rule (task_id, rule, message) VALUES (?, ?, ?)", arguments: [
                    id, rule, RepeatRuleError.unfollowedMessage(file: file, rule: rule, reason: reason),
                ])
            }
        }
        migrator.registerMigration("v14-repeat-start-wall") { db in
            // The wall-clock reading a timed series was started at where its
            // start instant does not say it back: a time typed in a DST gap,
            // which later occurrences keep (TaskRepeat.startWall). NULL, as
            // in every row stored before, means the start's own reading in
            // its zone, which is the typed one for every start outside a gap.
            try db.execute(sql: "ALTER TABLE task ADD COLUMN repeat_start_wall TEXT")
        }
        migrator.registerMigration("v15-events") { db in
            try db.execute(sql: """
                -- Every file of a list's folder that holds no task, as the
                -- last read found it (EventFiles): a calendar event, whose
                -- alarms fire, or another program's item (a journal). Read
                -- again only when its etag (mtime and inode) changes.
                CREATE TABLE event (
                    id INTEGER PRIMARY KEY,
                    folder TEXT NOT NULL,
                    name TEXT NOT NULL,
                    uid TEXT,
                    etag TEXT NOT NULL,
                    -- The event (EventSeries, JSON); NULL for a file that
                    -- holds none, or one whose times cannot be followed.
                    series BLOB,
                    -- Why the event is not followed, a sentence naming the
                    -- file (sync --check says it again); NULL when it is.
                    problem TEXT,
                    -- Seconds since 1970: when its first occurrence starts
                    -- and its last one ends (NULL: the series never ends),
                    -- so that `agenda` expands only the events of its days.
                    first_start REAL,
                    last_end REAL,
                    -- EventSeries.changedAt: an alarm instant before it was
                    -- never due to fire here.
                    changed_at REAL,
                    -- A dismissal made here where the file may not be
                    -- written (`events-write = false`): its alarms at or
                    -- before it are handled, on this machine.
                    acknowledged_here REAL
                );
                CREATE UNIQUE INDEX event_by_file ON event(folder, name);
                CREATE INDEX event_by_span ON event(first_start, last_end) WHERE series IS NOT NULL;

                -- The coming alarm instants of the events (EventIndex),
                -- from a little before the catch-up window to a horizon
                -- (event_index): what the daemon plans from and `next`
                -- lists, without expanding a series on every plan.
                CREATE TABLE event_alarm (
                    event_id INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
                    -- 'alarm' or 'snoozed', and what it reminds of
                    -- (Reminder.Occurrence's text): the ledger's key.
                    kind TEXT NOT NULL,
                    occurrence TEXT NOT NULL,
                    at REAL NOT NULL,
                    -- Which VALARM (EventAlarm.id); NULL for a snooze that is none.
                    alarm TEXT,
                    -- The occurrence it is for: its start and end (seconds
                    -- since 1970), its days when all-day, its recurrence id
                    -- in microseconds (X-MOZ-SNOOZE-TIME-<µs>), what it says.
                    start REAL NOT NULL,
                    end REAL NOT NULL,
                    first_day TEXT,
                    last_day TEXT,
                    recurrence INTEGER,
                    summary TEXT,
                    location TEXT,
                    priority INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (event_id, kind, occurrence)
                ) WITHOUT ROWID;
                CREATE INDEX event_alarm_by_instant ON event_alarm(at);

                -- The window event_alarm covers, and the zone its floating
                -- and all-day instants were worked out in: one row.
                CREATE TABLE event_index (
                    id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
                    zone TEXT NOT NULL,
                    indexed_from REAL NOT NULL,
                    indexed_through REAL NOT NULL
                );

                -- Snoozes made here of events whose files may not be
                -- written: the alarm comes back then, on this machine.
                CREATE TABLE event_snooze (
                    event_id INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
                    until REAL NOT NULL,
                    -- The occurrence snoozed, as Reminder.Occurrence's text.
                    occurrence TEXT NOT NULL,
                    PRIMARY KEY (event_id, occurrence)
                ) WITHOUT ROWID;

                -- The ledger of event alarms (as delivery is of tasks'
                -- reminders): each alarm instant shown once per machine.
                CREATE TABLE event_delivery (
                    event_id INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL,
                    occurrence TEXT NOT NULL,
                    at REAL NOT NULL,
                    status TEXT NOT NULL CHECK (status IN ('sending', 'delivered', 'failed', 'skipped')),
                    fired_at REAL NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    detail TEXT,
                    PRIMARY KEY (event_id, kind, occurrence)
                ) WITHOUT ROWID;
                CREATE INDEX event_delivery_by_instant ON event_delivery(at);
                """)
        }
        migrator.registerMigration("v16-journal") { db in
            try db.execute(sql: """
                -- Every change a command, the interactive view or a bubble's
                -- action made to tasks, newest last, with the tasks as they
                -- were before it, so that it can be undone (Journal). A
                -- change read in from a folder is not one: it is undone on
                -- the device that made it. Bounded: the oldest go first.
                CREATE TABLE journal (
                    -- AUTOINCREMENT: ids keep growing past the entries trimmed.
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    -- Seconds since 1970.
                    at REAL NOT NULL,
                    -- JournalAuthor: 'command', 'view' or 'bubble'.
                    author TEXT NOT NULL,
                    -- Which run of the interactive view made it; NULL otherwise.
                    session TEXT,
                    -- JournalAction's raw value: 'add', 'edit', 'done'…
                    action TEXT NOT NULL,
                    -- When it was undone; NULL while it stands.
                    undone_at REAL
                );
                CREATE INDEX journal_by_session ON journal(session, id) WHERE session IS NOT NULL;

                -- Each task an entry changed, as it was before (the columns of
                -- `task`, its snooze, its file's UID), or, when the change
                -- made it (`existed` 0), only its id and title: undoing
                -- deletes it. `after` is its updated_at after the change,
                -- NULL when the change deleted it: undo refuses a task
                -- changed again since.
                CREATE TABLE journal_task (
                    entry INTEGER NOT NULL REFERENCES journal(id) ON DELETE CASCADE,
                    id INTEGER NOT NULL,
                    existed INTEGER NOT NULL CHECK (existed IN (0, 1)),
                    after REAL,
                    title TEXT NOT NULL,
                    notes TEXT,
                    category TEXT,
                    priority INTEGER,
                    due_day TEXT,
                    due_time REAL,
                    due_key REAL,
                    completed_at REAL,
                    created_at REAL,
                    updated_at REAL,
                    reminder INTEGER,
                    due_set_at REAL,
                    title_key TEXT,
                    notes_key TEXT,
                    category_key TEXT,
                    repeat_rule TEXT,
                    repeat_from TEXT,
                    repeat_zone TEXT,
                    repeat_start_day TEXT,
                    repeat_start_time REAL,
                    repeat_done INTEGER,
                    list TEXT,
                    acknowledged_at REAL,
                    alarms TEXT,
                    remind_defaults INTEGER,
                    repeat_start_wall TEXT,
                    snoozed_until REAL,
                    file_uid TEXT,
                    PRIMARY KEY (entry, id)
                ) WITHOUT ROWID;

                -- The completed occurrences of each task an entry changed, as
                -- they were before it.
                CREATE TABLE journal_completion (
                    entry INTEGER NOT NULL REFERENCES journal(id) ON DELETE CASCADE,
                    task_id INTEGER NOT NULL,
                    due_day TEXT,
                    due_time REAL,
                    completed_at REAL NOT NULL
                );
                CREATE INDEX journal_completion_by_entry ON journal_completion(entry, task_id);
                """)
        }
        migrator.registerMigration("v17-tags-subtasks-start") { db in
            try db.execute(sql: """
                -- Every tag of a task, in order, separated by U+001F
                -- (TaskTags.separator); the first is the category, which the
                -- category column keeps too (for --category and its index).
                -- NULL for a task without tags: its category is the default.
                ALTER TABLE task ADD COLUMN tags TEXT;
                -- When the task can begin (TodoTask.start): a day as
                -- "YYYY-MM-DD" or an instant in seconds since 1970.
                ALTER TABLE task ADD COLUMN start_day TEXT;
                ALTER TABLE task ADD COLUMN start_time REAL;
                -- The task it is a subtask of. No foreign key: a parent
                -- deleted in another client's file leaves its subtasks, shown
                -- at the top level until it comes back (ids are never reused,
                -- so it is found again under its id: an undone delete).
                ALTER TABLE task ADD COLUMN parent_id INTEGER;
                -- A task's subtasks, and (holding the columns) how many of
                -- them are done, for list's "2/5", without reading their rows.
                CREATE INDEX task_by_parent ON task(parent_id, completed_at, list) WHERE parent_id IS NOT NULL;

                -- The tags by key (TaskTags.key: lower case), for list --tag
                -- and the tags command without reading every task.
                CREATE TABLE task_tag (
                    tag_key TEXT NOT NULL,
                    task_id INTEGER NOT NULL REFERENCES task(id) ON DELETE CASCADE,
                    PRIMARY KEY (tag_key, task_id)
                ) WITHOUT ROWID;
                CREATE INDEX task_tag_by_task ON task_tag(task_id);

                -- Until now a task kept one category: every task in it has
                -- that one tag, but for the default, which is none.
                UPDATE task SET tags = category WHERE lower(category) <> lower('\(TodoTask.defaultCategory)');
                INSERT INTO task_tag (tag_key, task_id) SELECT category_key, id FROM task WHERE tags IS NOT NULL;

                -- The UID a task's file names as its parent (RELATED-TO), as
                -- last read or written: a parent whose file comes in later is
                -- found by it (FolderSync).
                ALTER TABLE task_file ADD COLUMN parent_uid TEXT;
                CREATE INDEX task_file_by_parent_uid ON task_file(parent_uid) WHERE parent_uid IS NOT NULL;

                -- The tasks of folders whose files may say more than the
                -- store knew until now (more CATEGORIES, a DTSTART, a
                -- RELATED-TO): FolderSync reads those fields from each file
                -- once, before any file is written, so a write keeps them.
                CREATE TABLE task_backfill (
                    task_id INTEGER PRIMARY KEY NOT NULL REFERENCES task(id) ON DELETE CASCADE
                );
                INSERT INTO task_backfill (task_id) SELECT task_id FROM task_file WHERE task_id IN (SELECT id FROM task);

                -- The reminder queue holds the start, so that `next` leaves out
                -- the reminders of a task before it starts without reading it.
                DROP INDEX task_reminder_queue;
                CREATE INDEX task_reminder_queue ON task(due_key, due_day, due_time, completed_at, reminder, remind_defaults, start_day, start_time)
                    WHERE completed_at IS NULL AND reminder = 1 AND remind_defaults = 1 AND due_key IS NOT NULL;

                -- The tags, the start and the parent are a file's fields too.
                DROP TRIGGER task_file_after_update;
                CREATE TRIGGER task_file_after_update AFTER UPDATE ON task
                WHEN OLD.title IS NOT NEW.title OR OLD.notes IS NOT NEW.notes
                  OR OLD.category IS NOT NEW.category OR OLD.priority IS NOT NEW.priority
                  OR OLD.due_day IS NOT NEW.due_day OR OLD.due_time IS NOT NEW.due_time
                  OR OLD.completed_at IS NOT NEW.completed_at OR OLD.reminder IS NOT NEW.reminder
                  OR OLD.repeat_rule IS NOT NEW.repeat_rule OR OLD.repeat_from IS NOT NEW.repeat_from
                  OR OLD.repeat_zone IS NOT NEW.repeat_zone OR OLD.list IS NOT NEW.list
                  OR OLD.acknowledged_at IS NOT NEW.acknowledged_at
                  OR OLD.alarms IS NOT NEW.alarms OR OLD.remind_defaults IS NOT NEW.remind_defaults
                  OR OLD.tags IS NOT NEW.tags OR OLD.start_day IS NOT NEW.start_day
                  OR OLD.start_time IS NOT NEW.start_time OR OLD.parent_id IS NOT NEW.parent_id
                BEGIN
                    UPDATE task_file SET dirty = 1 WHERE task_id = NEW.id;
                    INSERT OR IGNORE INTO task_file (task_id, folder)
                        SELECT NEW.id, NEW.list WHERE NEW.list IS NOT NULL;
                END;

                -- The journal keeps them of a task as it was, to put back (Journal).
                ALTER TABLE journal_task ADD COLUMN tags TEXT;
                ALTER TABLE journal_task ADD COLUMN start_day TEXT;
                ALTER TABLE journal_task ADD COLUMN start_time REAL;
                ALTER TABLE journal_task ADD COLUMN parent_id INTEGER;
                """)
        }
        migrator.registerMigration("v18-task-origin") { db in
            try db.execute(sql: """
                -- Where an imported task came from (TaskOrigin): the UID it
                -- had there, which a second import of the same file finds,
                -- and what of it todo-remind does not map, as iCalendar text.
                CREATE TABLE task_origin (
                    task_id INTEGER PRIMARY KEY NOT NULL REFERENCES task(id) ON DELETE CASCADE,
                    uid TEXT NOT NULL,
                    item BLOB NOT NULL
                );
                CREATE INDEX task_origin_by_uid ON task_origin(uid);
                """)
        }
        migrator.registerMigration("v19-journal-origin") { db in
            try db.execute(sql: """
                -- A deleted imported task's origin, so that undoing the
                -- delete brings back where it came from with it.
                ALTER TABLE journal_task ADD COLUMN origin_uid TEXT;
                ALTER TABLE journal_task ADD COLUMN origin_item BLOB;
                """)
        }
        migrator.registerMigration("v20-journal-added-span") { db in
            try db.execute(sql: """
                -- The tasks an import added, as the span of ids they were
                -- given one after the other, instead of a journal_task row
                -- each (an eighth of a 100,000-task import's time and
                -- 7 MB): undoing it deletes the span. `after` is their
                -- updated_at after the import; undo refuses when one of
                -- them has another, or is gone.
                CREATE TABLE journal_added (
                    entry INTEGER NOT NULL REFERENCES journal(id) ON DELETE CASCADE,
                    first_id INTEGER NOT NULL,
                    last_id INTEGER NOT NULL,
                    after REAL NOT NULL,
                    PRIMARY KEY (entry, first_id)
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v21-event-by-uid") { db in
            try db.execute(sql: """
                -- A UID is one event in a folder: a second file holding it
                -- is found at its reading, not by a scan of the folder's.
                CREATE INDEX event_by_uid ON event(folder, uid);
                """)
        }
        migrator.registerMigration("v22-one-ledger") { db in
            try db.execute(sql: """
                -- One ledger for every reminder, whoever owns it: a task's
                -- (task_id) or a calendar event's alarm instant (event_id),
                -- each row deleted with its owner. The rows of both old
                -- tables come across as they were, so a reminder on record
                -- before is never fired again.
                CREATE TABLE ledger (
                    task_id INTEGER REFERENCES task(id) ON DELETE CASCADE,
                    event_id INTEGER REFERENCES event(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL,
                    occurrence TEXT NOT NULL,
                    at REAL NOT NULL,
                    status TEXT NOT NULL CHECK (status IN ('sending', 'delivered', 'failed', 'skipped')),
                    fired_at REAL NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    detail TEXT,
                    CHECK ((task_id IS NULL) <> (event_id IS NULL))
                );
                INSERT INTO ledger (task_id, kind, occurrence, at, status, fired_at, attempts, detail)
                    SELECT task_id, kind, occurrence, at, status, fired_at, attempts, detail FROM delivery;
                INSERT INTO ledger (event_id, kind, occurrence, at, status, fired_at, attempts, detail)
                    SELECT event_id, kind, occurrence, at, status, fired_at, attempts, detail FROM event_delivery;
                DROP TABLE delivery;
                DROP TABLE event_delivery;
                ALTER TABLE ledger RENAME TO delivery;

                -- A reminder's row by its identity (Reminder.ID: owner,
                -- kind, occurrence), one per owner; the reminders of a
                -- window, and the last one fired.
                CREATE UNIQUE INDEX delivery_of_task ON delivery(task_id, kind, occurrence) WHERE task_id IS NOT NULL;
                CREATE UNIQUE INDEX delivery_of_event ON delivery(event_id, kind, occurrence) WHERE event_id IS NOT NULL;
                CREATE INDEX delivery_by_instant ON delivery(at);
                CREATE INDEX delivery_by_firing ON delivery(fired_at);
                """)
        }
        return migrator
    }()
}
