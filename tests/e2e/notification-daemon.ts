/**
 * A desktop's notification server for Chromium to show its notifications on, and to
 * click them on (tests/e2e/push-notifications.spec.ts): a D-Bus session bus of the test's
 * own (dbus-daemon, no service activation) with notification-daemon.py owning
 * org.freedesktop.Notifications on it. Chromium launched with DBUS_SESSION_BUS_ADDRESS =
 * `address` sends each notification there, as to GNOME Shell or KDE; `click(id)` sends the
 * server's ActionInvoked(id, "default"), which Chromium takes as the user's click.
 * Debian packages: dbus-daemon, python3-dbus, python3-gi (.ci/run installs them).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import readline from "node:readline";

export type DaemonEvent =
  | { event: "ready" }
  | { event: "notify"; id: number; summary: string; body: string; actions: string[] }
  | { event: "close"; id: number }
  | { event: "clicked"; id: number };

export type NotificationDaemon = {
  /** The bus to hand to Chromium (DBUS_SESSION_BUS_ADDRESS). */
  address: string;
  /** Every call and click so far, in order. */
  events: DaemonEvent[];
  /** The user clicks notification `id`. */
  click: (id: number) => void;
  stop: () => Promise<void>;
};

// A session bus that only carries messages: no service activation (the desktop's
// accessibility bus and the like are not started), anyone may own any name.
const BUS_CONFIG = `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=DIR</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`;

function firstLine(child: ChildProcess, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let errors = "";
    child.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.once("error", (error) => reject(new Error(`${what} could not start: ${error.message}`)));
    child.once("exit", (code) => reject(new Error(`${what} exited (${code}): ${errors}`)));
    readline.createInterface({ input: child.stdout! }).once("line", resolve);
  });
}

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

export async function startNotificationDaemon(): Promise<NotificationDaemon> {
  const dir = mkdtempSync(path.join(tmpdir(), "kringwaar-notifications-"));
  const config = path.join(dir, "bus.conf");
  writeFileSync(config, BUS_CONFIG.replace("DIR", dir));
  const bus = spawn("dbus-daemon", ["--nofork", `--config-file=${config}`, "--print-address=1"], { stdio: ["ignore", "pipe", "pipe"] });
  const address = await firstLine(bus, "dbus-daemon (Debian package dbus-daemon)");
  const server = spawn("/usr/bin/python3", [path.join(import.meta.dirname, "notification-daemon.py")], {
    env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: address },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const events: DaemonEvent[] = [];
  const ready = firstLine(server, "notification-daemon.py (Debian packages python3-dbus and python3-gi)");
  readline.createInterface({ input: server.stdout! }).on("line", (line) => events.push(JSON.parse(line) as DaemonEvent));
  try {
    await ready;
  } catch (error) {
    await stopped(bus);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    address,
    events,
    click: (id) => server.stdin!.write(`click ${id}\n`),
    stop: async () => {
      await stopped(server);
      await stopped(bus);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
