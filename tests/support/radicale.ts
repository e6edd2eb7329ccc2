/**
 * A real CalDAV server for the tests (issue 69): Radicale, from Debian's packages (`.ci/run` installs it), started on
 * a free port of this machine with its own folder and a plain htpasswd file, so a test can change a user's password
 * (Radicale reads the file at each sign-in). Calendars and events are made over CalDAV, as a mentor's own program
 * would, with tsdav.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createObject, deleteObject, getBasicAuthHeaders, makeCalendar } from "tsdav";

export type Radicale = {
  url: string;
  /** Sets (or changes) a user's password */
  setPassword(user: string, password: string): void;
  /** Makes a calendar for a user: its address */
  makeCalendar(user: string, password: string, name: string): Promise<string>;
  /** Puts an event's iCalendar text at `<calendar>/<name>.ics` */
  putEvent(calendarUrl: string, user: string, password: string, name: string, ics: string): Promise<void>;
  removeEvent(calendarUrl: string, user: string, password: string, name: string): Promise<void>;
  /** The events in a calendar's folder, as Radicale keeps them (what the portal wrote there) */
  storedEvents(user: string, calendar: string): string[];
  stop(): Promise<void>;
};

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startRadicale(): Promise<Radicale> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "radicale-"));
  const users = path.join(dir, "users");
  const store = path.join(dir, "collections");
  const passwords = new Map<string, string>();
  const writeUsers = () => fs.writeFileSync(users, [...passwords].map(([u, p]) => `${u}:${p}\n`).join(""));
  writeUsers();
  const port = await freePort();
  const child: ChildProcess = spawn(
    "radicale",
    [
      "--server-hosts",
      `127.0.0.1:${port}`,
      "--auth-type",
      "htpasswd",
      "--auth-htpasswd-filename",
      users,
      "--auth-htpasswd-encryption",
      "plain",
      "--auth-delay",
      "0",
      "--storage-filesystem-folder",
      store,
      "--logging-level",
      "warning",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let errors = "";
  child.stderr?.on("data", (d: Buffer) => (errors = (errors + d.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`Radicale did not start: ${errors}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const auth = (user: string, password: string) => getBasicAuthHeaders({ username: user, password });
  return {
    url,
    setPassword(user, password) {
      passwords.set(user, password);
      writeUsers();
    },
    async makeCalendar(user, password, name) {
      // Radicale makes a user's own collection when they first look at it.
      await fetch(`${url}/${user}/`, { method: "PROPFIND", headers: { ...auth(user, password), depth: "0" } });
      const calendarUrl = `${url}/${user}/${name}/`;
      const [made] = await makeCalendar({ url: calendarUrl, props: { displayname: name }, headers: auth(user, password) });
      if (made && !made.ok) throw new Error(`Radicale did not make the calendar: ${made.status} ${made.statusText}`);
      return calendarUrl;
    },
    async putEvent(calendarUrl, user, password, name, ics) {
      const answer = await createObject({
        url: `${calendarUrl}${name}.ics`,
        data: ics,
        headers: { ...auth(user, password), "content-type": "text/calendar; charset=utf-8" },
      });
      if (!answer.ok) throw new Error(`Radicale refused the event: ${answer.status} ${await answer.text()}`);
    },
    async removeEvent(calendarUrl, user, password, name) {
      await deleteObject({ url: `${calendarUrl}${name}.ics`, headers: auth(user, password) });
    },
    storedEvents(user, calendar) {
      const folder = path.join(store, "collection-root", user, calendar);
      if (!fs.existsSync(folder)) return [];
      return fs
        .readdirSync(folder)
        .filter((f) => f.endsWith(".ics"))
        .map((f) => fs.readFileSync(path.join(folder, f), "utf8"));
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((resolve) => child.once("exit", resolve));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
