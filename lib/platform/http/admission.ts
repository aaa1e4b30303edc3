/**
 * How many reads an instance works on at once (docs/performance.md "Admission").
 *
 * Node works on every request it has accepted at the same time: under saturation each
 * of them gets a slice of the CPU and a place in the database pool's queue at every step.
 * A request with three steps (who is calling, the search, the viewer's favourites) then
 * waits behind all the others three times, one with a single step once, so the answers
 * that take most steps have the longest tails, and every request in flight holds its
 * memory for longer. A gate in front of Next admits at most `limit` reads at once and
 * lets the rest wait their turn in arrival order: each admitted request runs its steps
 * without queueing behind a hundred others, and the wait is the same for every kind.
 *
 * Only GET and HEAD pass through the gate: writes (an upload's body can take a phone many
 * seconds), the event stream and the health check go straight on (scripts/server.ts). A
 * read stops counting when its answer is finished or its connection closes, or after
 * `holdMs` at the latest, so a slow reader or a stuck request can never hold a place for
 * good. A read that has waited `maxWaitMs` for a place is turned away (the server answers
 * 503 with a Retry-After): when more reads arrive than the instance can answer, the queue
 * and the wait stop growing, and a visitor hears "busy" in seconds instead of waiting for
 * an answer that comes after they gave up.
 */
export type AdmissionOptions = {
  /** Reads admitted at once; 0 turns the gate off. */
  limit: number;
  /** After this long an admitted read no longer counts against the limit. */
  holdMs: number;
  /** After this long waiting for a place a read is turned away; unset: it waits its turn however long. */
  maxWaitMs?: number;
};

export type Admission = {
  /**
   * Runs `start` now or when a place is free; `release` must be called when the read is
   * done. Calls `turnAway` instead when the read waited `maxWaitMs` without a place.
   */
  admit(start: (release: () => void) => void, turnAway?: () => void): void;
  /** Reads admitted and still counted. */
  readonly active: number;
  /** Reads waiting for a place. */
  readonly waiting: number;
};

type Waiting = { start: (release: () => void) => void; timer?: NodeJS.Timeout; gone: boolean };

export function createAdmission({ limit, holdMs, maxWaitMs }: AdmissionOptions): Admission {
  // In arrival order from `head` on. Reads turned away stay in the array, marked gone,
  // until the loop below reaches them: taking one out of the middle would cost a pass over
  // all the others, as would `shift()` on a long array (100,000 reads took seconds).
  let queue: Waiting[] = [];
  let head = 0;
  let waiting = 0;
  let active = 0;

  const run = (start: (release: () => void) => void) => {
    active += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(timer);
      active -= 1;
      next();
    };
    const timer = setTimeout(release, holdMs);
    timer.unref();
    start(release);
  };

  // A read released while it starts (its visitor already gone) lets the loop below go on
  // instead of starting the next one inside it: no recursion, however long the queue.
  let draining = false;
  const next = () => {
    if (draining) return;
    draining = true;
    try {
      while (active < limit && head < queue.length) {
        const read = queue[head]!;
        head += 1;
        // Drop the part already passed once it is half the array: each read is copied at
        // most a few times, however long the line.
        if (head === queue.length || (head > 1024 && head * 2 > queue.length)) {
          queue = queue.slice(head);
          head = 0;
        }
        if (read.gone) continue;
        read.gone = true;
        waiting -= 1;
        clearTimeout(read.timer);
        run(read.start);
      }
    } finally {
      draining = false;
    }
  };

  return {
    admit(start, turnAway) {
      if (limit <= 0) start(() => undefined);
      else if (active < limit && waiting === 0) run(start);
      else {
        const read: Waiting = { start, gone: false };
        if (maxWaitMs !== undefined && turnAway) {
          read.timer = setTimeout(() => {
            if (read.gone) return;
            read.gone = true;
            waiting -= 1;
            turnAway();
          }, maxWaitMs);
          read.timer.unref();
        }
        queue.push(read);
        waiting += 1;
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiting;
    },
  };
}
