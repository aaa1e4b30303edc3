/**
 * How many reads an instance works on at once, and whose turn it is (docs/operations.md,
 * "More reads than an instance can work on").
 *
 * Node works on every request it has accepted at the same time: under saturation each
 * of them gets a slice of the CPU and a place in the database pool's queue at every step,
 * so the answers that take most steps have the longest tails. A gate in front of Next
 * admits at most `limit` reads at once and lets the rest wait their turn.
 *
 * The turns are shared per client (the trusted client address, or the signed-in user:
 * scripts/server.ts names it): each client has its own line, and a free place goes to the
 * clients in turn, one read each, a client with no read in progress first, so one
 * client's burst waits behind its own reads, not in front of everyone else's. Within a client's line, reads keep their arrival order. A
 * client may keep at most `queuePerClient` reads waiting: one more is turned away at once
 * (the server answers 429 with a Retry-After), long before another client's read has
 * waited long enough to be answered 503.
 *
 * Only GET and HEAD pass through the gate: writes (an upload's body can take a phone many
 * seconds), the event stream and the health check go straight on (scripts/server.ts). A
 * read stops counting when its answer is finished or its connection closes, or after
 * `holdMs` at the latest, so a slow reader or a stuck request can never hold a place for
 * good. A read that has waited `maxWaitMs` for a place is turned away (503 with a
 * Retry-After): when more reads arrive than the instance can answer, the lines and the
 * wait stop growing, and a visitor hears "busy" in seconds instead of waiting for an
 * answer that comes after they gave up.
 */
export type AdmissionOptions = {
  /** Reads admitted at once; 0 turns the gate off. */
  limit: number;
  /** After this long an admitted read no longer counts against the limit. */
  holdMs: number;
  /** After this long waiting for a place a read is turned away; unset: it waits its turn however long. */
  maxWaitMs?: number;
  /** Reads one client may keep waiting; one more is over its share. Unset: no cap. */
  queuePerClient?: number;
};

export type Admit = {
  /** Whose read this is; one line per client. */
  client: string;
  /** Runs when the read has a place; `release` must be called when it is done. */
  start: (release: () => void) => void;
  /** The read waited `maxWaitMs` without a place. */
  turnAway?: () => void;
  /** The client already has `queuePerClient` reads waiting: this one is not queued. */
  overShare?: () => void;
};

export type Admission = {
  admit(read: Admit): void;
  /** Reads admitted and still counted. */
  readonly active: number;
  /** Reads waiting for a place, over every client. */
  readonly waiting: number;
};

type Waiting = { start: (release: () => void) => void; timer?: NodeJS.Timeout; gone: boolean };

/** One client's line: in arrival order from `head` on; reads turned away stay, marked gone, until reached. */
type Line = { reads: Waiting[]; head: number; waiting: number };

export function createAdmission({ limit, holdMs, maxWaitMs, queuePerClient }: AdmissionOptions): Admission {
  // The clients with reads waiting, in the order of their turns: a client served goes to
  // the back (a Map keeps insertion order; delete and set move a key there).
  const lines = new Map<string, Line>();
  /** Reads admitted and still counted, per client. */
  const activeOf = new Map<string, number>();
  let waiting = 0;
  let active = 0;

  const run = (client: string, start: (release: () => void) => void) => {
    active += 1;
    activeOf.set(client, (activeOf.get(client) ?? 0) + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(timer);
      active -= 1;
      const left = (activeOf.get(client) ?? 1) - 1;
      if (left > 0) activeOf.set(client, left);
      else activeOf.delete(client);
      next();
    };
    const timer = setTimeout(release, holdMs);
    timer.unref();
    start(release);
  };

  /** The next read of `line` still waiting, taken out of it; undefined when none is left. */
  const take = (line: Line): Waiting | undefined => {
    while (line.head < line.reads.length) {
      const read = line.reads[line.head]!;
      line.head += 1;
      // Drop the part already passed once it is half the array: each read is copied at
      // most a few times, however long the line.
      if (line.head === line.reads.length || (line.head > 1024 && line.head * 2 > line.reads.length)) {
        line.reads = line.reads.slice(line.head);
        line.head = 0;
      }
      if (!read.gone) return read;
    }
    return undefined;
  };

  /**
   * Whose turn it is: the first client in turn order with no read in progress, else the
   * first in turn order. At most `limit` clients have reads in progress, so the search
   * ends within `limit + 1` lines however many clients wait.
   */
  const nextClient = (): [string, Line] | undefined => {
    let first: [string, Line] | undefined;
    for (const entry of lines) {
      first ??= entry;
      if (!activeOf.has(entry[0])) return entry;
    }
    return first;
  };

  // A read released while it starts (its visitor already gone) lets the loop below go on
  // instead of starting the next one inside it: no recursion, however long the lines.
  let draining = false;
  const next = () => {
    if (draining) return;
    draining = true;
    try {
      while (active < limit && waiting > 0) {
        const turn = nextClient();
        if (!turn) break;
        const [client, line] = turn;
        lines.delete(client);
        const read = take(line);
        if (!read) continue;
        read.gone = true;
        waiting -= 1;
        line.waiting -= 1;
        clearTimeout(read.timer);
        // Still reads waiting: this client's next turn comes after every other client's.
        if (line.waiting > 0) lines.set(client, line);
        run(client, read.start);
      }
    } finally {
      draining = false;
    }
  };

  return {
    admit({ client, start, turnAway, overShare }) {
      if (limit <= 0) {
        start(() => undefined);
        return;
      }
      if (active < limit && waiting === 0) {
        run(client, start);
        return;
      }
      let line = lines.get(client);
      if (queuePerClient !== undefined && overShare && (line?.waiting ?? 0) >= queuePerClient) {
        overShare();
        return;
      }
      if (!line) {
        line = { reads: [], head: 0, waiting: 0 };
        lines.set(client, line);
      }
      const read: Waiting = { start, gone: false };
      if (maxWaitMs !== undefined && turnAway) {
        const own = line;
        read.timer = setTimeout(() => {
          if (read.gone) return;
          read.gone = true;
          waiting -= 1;
          own.waiting -= 1;
          if (own.waiting === 0 && lines.get(client) === own) lines.delete(client);
          turnAway();
        }, maxWaitMs);
        read.timer.unref();
      }
      line.reads.push(read);
      line.waiting += 1;
      waiting += 1;
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiting;
    },
  };
}
