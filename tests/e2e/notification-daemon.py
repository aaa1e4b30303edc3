#!/usr/bin/python3
"""A desktop's notification server for tests/e2e/push-notifications.spec.ts.

Linux desktops show notifications through a server on the session D-Bus that speaks the
freedesktop.org Desktop Notifications protocol (org.freedesktop.Notifications: GNOME Shell,
KDE Plasma, dunst, ...). Chromium hands its notifications to whichever server owns that
name; when the user clicks one, the server emits ActionInvoked(id, "default") and Chromium
dispatches `notificationclick` to the service worker, the same as on a desktop.

This one shows nothing: it prints each call as a JSON line on stdout ({"event": "notify",
"id", "summary", "body", "actions"}, {"event": "close", "id"}) and reads commands from
stdin: `click <id>` is a user's click on notification <id>. Needs python3-dbus and
python3-gi (Debian); DBUS_SESSION_BUS_ADDRESS names the bus.
"""
import json
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

NAME = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"


def say(**event):
    print(json.dumps(event), flush=True)


class NotificationServer(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, PATH)
        self.last_id = 0

    @dbus.service.method(NAME, in_signature="", out_signature="as")
    def GetCapabilities(self):
        # "actions": the server can report clicks, so Chromium asks for the default action.
        return ["actions", "body", "persistence"]

    @dbus.service.method(NAME, in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return ("kringwaar-e2e", "kringwaar", "1", "1.2")

    @dbus.service.method(NAME, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout):
        if replaces_id:
            notification_id = int(replaces_id)
        else:
            self.last_id += 1
            notification_id = self.last_id
        say(event="notify", id=notification_id, summary=str(summary), body=str(body), actions=[str(a) for a in actions])
        return notification_id

    @dbus.service.method(NAME, in_signature="u", out_signature="")
    def CloseNotification(self, notification_id):
        say(event="close", id=int(notification_id))
        self.NotificationClosed(notification_id, 3)  # 3: closed by a call to CloseNotification

    @dbus.service.signal(NAME, signature="us")
    def ActionInvoked(self, notification_id, action_key):
        pass

    @dbus.service.signal(NAME, signature="uu")
    def NotificationClosed(self, notification_id, reason):
        pass


def main():
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    server = NotificationServer(bus)
    owned = dbus.service.BusName(NAME, bus, do_not_queue=True)  # noqa: F841 (held while running)
    loop = GLib.MainLoop()

    def on_command(source, condition):
        line = sys.stdin.readline()
        if not line:
            loop.quit()
            return False
        command, _, argument = line.strip().partition(" ")
        if command == "click":
            server.ActionInvoked(dbus.UInt32(int(argument)), "default")
            say(event="clicked", id=int(argument))
        return True

    GLib.io_add_watch(sys.stdin, GLib.IO_IN | GLib.IO_HUP, on_command)
    say(event="ready")
    loop.run()


if __name__ == "__main__":
    main()
