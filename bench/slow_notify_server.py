"""slow_notify_server.py --delay SECONDS --record FILE [--ready FILE]

A notification server for bench/kill_soak.py: owns org.freedesktop.Notifications
on the session bus (dunst must be gone first) and answers each Notify only
after --delay seconds, without blocking its own loop: the reply is sent later
from a GLib timeout (dbus-python's async_callbacks), so calls that arrive
meanwhile are received, recorded and answered on their own schedule.

Every Notify is recorded at once, as it is received, as one JSON line of
--record: {"t": epoch, "id", "replaces_id", "summary", "body", "hints"
(string hints only)}. The other methods answer at once. --ready is written
once the name is owned.

Needs python3-dbus and python3-gi (Debian packages; `make bench-deps`).
"""

import argparse
import json
import signal
import sys
import time

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

NAME = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"


class SlowServer(dbus.service.Object):
    def __init__(self, bus, delay, record):
        super().__init__(bus, PATH)
        self.delay_ms = int(delay * 1000)
        self.record = record
        self.next_id = 1

    @dbus.service.method(NAME, in_signature="susssasa{sv}i", out_signature="u",
                         async_callbacks=("reply", "error"))
    def Notify(self, app_name, replaces_id, app_icon, summary, body, actions, hints, timeout, reply, error):
        received = time.time()
        notification_id = int(replaces_id) or self.next_id
        if not replaces_id:
            self.next_id += 1
        strings = {str(k): str(v) for k, v in hints.items() if isinstance(v, dbus.String)}
        self.record.write(json.dumps({"t": received, "id": notification_id, "replaces_id": int(replaces_id),
                                      "summary": str(summary), "body": str(body), "hints": strings}) + "\n")
        self.record.flush()

        def answer():
            reply(dbus.UInt32(notification_id))
            return False
        GLib.timeout_add(self.delay_ms, answer)

    @dbus.service.method(NAME, in_signature="", out_signature="as")
    def GetCapabilities(self):
        return ["body", "body-markup", "actions"]

    @dbus.service.method(NAME, in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return ("slow-notify-server", "todo-remind bench", "1.0", "1.2")

    @dbus.service.method(NAME, in_signature="u", out_signature="")
    def CloseNotification(self, notification_id):
        self.NotificationClosed(notification_id, 3)

    @dbus.service.signal(NAME, signature="uu")
    def NotificationClosed(self, notification_id, reason):
        pass

    @dbus.service.signal(NAME, signature="us")
    def ActionInvoked(self, notification_id, action_key):
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--delay", type=float, default=5.0)
    parser.add_argument("--record", required=True)
    parser.add_argument("--ready")
    opts = parser.parse_args()
    DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    loop = GLib.MainLoop()
    with open(opts.record, "a", encoding="utf-8") as record:
        server = SlowServer(bus, opts.delay, record)
        result = bus.request_name(NAME, dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
        if result not in (dbus.bus.REQUEST_NAME_REPLY_PRIMARY_OWNER, dbus.bus.REQUEST_NAME_REPLY_ALREADY_OWNER):
            sys.exit(f"slow_notify_server: {NAME} is owned by another server (reply {result}).")
        if opts.ready:
            with open(opts.ready, "w", encoding="utf-8") as ready:
                ready.write("ready\n")
        GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, loop.quit)
        GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGINT, loop.quit)
        loop.run()
        del server


if __name__ == "__main__":
    main()
