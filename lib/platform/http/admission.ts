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
 * good.
 */
export type AdmissionOptions = {
  /** Reads admitted at once; 0 turns the gate off. */
  limit: number;
  /** After this long an admitted read no longer counts against the limit. */
  holdMs: number;
};

export type Admission = {
  /** Runs `start` now or when a place is free; `release` must be called when the read is done. */
  admit(start: (release: () => void) => void): void;
  /** Reads admitted and still counted. */
  readonly active: number;
  /** Reads waiting for a place. */
  readonly waiting: number;
};

export function createAdmission({ limit, holdMs }: AdmissionOptions): Admission {
  const queue: Array<(release: () => void) => void> = [];
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
      while (active < limit && queue.length > 0) run(queue.shift()!);
    } finally {
      draining = false;
    }
  };

  return {
    admit(start) {
      if (limit <= 0) start(() => undefined);
      else if (active < limit && queue.length === 0) run(start);
      else queue.push(start);
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
