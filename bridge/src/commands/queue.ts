import { failed, outcomeFromError, type CommandOutcome } from './outcome';

/**
 * The command path between MQTT and the radio. One lane per device (at most `maxInFlight` frames
 * in flight), one shared lane for groupcasts (paced by `groupDelayMs`, like deCONZ `groupdelay`)
 * and one for broadcasts (at most `broadcastBudget.max` per window, the rest wait). Pending
 * commands to the same target whose keys a newer command covers are answered `superseded`, so a
 * dimmer slider sends only its latest value and no caller waits forever.
 *
 * Bounded: past `limits.waiting` commands waiting over all lanes (or `limits.groupWaiting` in the
 * group lane, where each one costs `groupDelayMs` of air time) a new command is refused at once
 * with `busy` (deCONZ 951) instead of growing a backlog nobody will wait for. A command with an
 * `expiresAt` still waiting at that time is answered `expired` and never sent, so nothing queued
 * before an outage runs minutes later.
 *
 * Ordered per item: a command does not start while an earlier one to the same target that sets any
 * of its keys is still with the radio, even past its timeout (the caller already has `timeout`, but
 * zigbee-herdsman may still deliver it on a retry). Otherwise two values for one attribute can
 * cross on the air, and the older one, answered first or not at all, lands last.
 */
export type Lane = { kind: 'device'; ieee: string } | { kind: 'group' } | { kind: 'broadcast' };

export interface QueuedCommand {
  lane: Lane;
  /** What is addressed inside the lane, e.g. "0x0017880102030405/11" or "group/3". */
  target: string;
  /** The attributes this command sets; a newer command covering all of them replaces this one. */
  keys: readonly string[];
  /** Human-readable attempt, used in every outcome and log line. */
  description: string;
  send: () => Promise<void>;
  /** Epoch ms after which the command must not be sent any more. */
  expiresAt?: number;
}

export interface QueueOptions {
  maxInFlight: number;
  timeoutMs: number;
  groupDelayMs: number;
  broadcastBudget: { max: number; windowMs: number };
  /** Commands waiting (not in flight) over all lanes, and in the group lane, before `busy`. */
  limits?: { waiting: number; groupWaiting: number };
  now?: () => number;
}

export interface CommandQueue {
  submit(command: QueuedCommand): Promise<CommandOutcome>;
  /** Commands waiting plus in flight, over all lanes. */
  depth(): number;
  /** Fail everything still waiting (reason `offline`) and stop the pacing timers. */
  stop(): void;
  /** The gap between two groupcasts from now on (deCONZ `groupdelay`). */
  setGroupDelay(ms: number): void;
  groupDelay(): number;
}

interface Entry {
  command: QueuedCommand;
  resolve: (outcome: CommandOutcome) => void;
}

/** What a command still with the radio holds: its target's keys (until it settles or `timeoutMs` more). */
interface Holding {
  target: string;
  keys: readonly string[];
}

interface LaneState {
  pending: Entry[];
  /** Commands sent and not yet answered; the ones past their timeout no longer count. */
  inFlight: number;
  holding: Holding[];
  starts: number[];
  timer?: ReturnType<typeof setTimeout>;
}

export const DEFAULT_QUEUE_LIMITS = { waiting: 256, groupWaiting: 32 };

export function createCommandQueue(options: QueueOptions): CommandQueue {
  const now = options.now ?? Date.now;
  const limits = options.limits ?? DEFAULT_QUEUE_LIMITS;
  const lanes = new Map<string, LaneState>();
  let stopped = false;
  let groupDelayMs = options.groupDelayMs;

  const laneKey = (lane: Lane): string => (lane.kind === 'device' ? `device/${lane.ieee}` : lane.kind);

  const limitOf = (key: string): number => (key.startsWith('device/') ? options.maxInFlight : 1);

  /** Milliseconds until the lane's pacing allows another start (0 = now). */
  const waitFor = (key: string, state: LaneState): number => {
    const t = now();
    if (key === 'group' && state.starts.length > 0) {
      return Math.max(0, state.starts[state.starts.length - 1] + groupDelayMs - t);
    }
    if (key === 'broadcast') {
      const { max, windowMs } = options.broadcastBudget;
      state.starts = state.starts.filter((s) => s > t - windowMs);
      if (state.starts.length >= max) return state.starts[0] + windowMs - t;
    }
    return 0;
  };

  const overlaps = (a: Holding, b: Holding) => a.target === b.target && a.keys.some((k) => b.keys.includes(k));

  /** Sends one command; answers it at the first of its result and its timeout; calls `done` when the slot frees. */
  const run = (entry: Entry, state: LaneState, done: () => void): void => {
    const { description, send, target, keys } = entry.command;
    const hold: Holding = { target, keys };
    state.holding.push(hold);
    let answered = false;
    const answer = (outcome: CommandOutcome) => {
      if (answered) return;
      answered = true;
      state.inFlight -= 1;
      entry.resolve(outcome);
      done();
    };
    let grace: ReturnType<typeof setTimeout> | undefined;
    const unhold = () => {
      clearTimeout(grace);
      const at = state.holding.indexOf(hold);
      if (at >= 0) state.holding.splice(at, 1);
      return at >= 0;
    };
    const release = () => unhold() && done();
    const timer = setTimeout(() => {
      answer(failed(description, 'timeout', `no answer within ${options.timeoutMs} ms`));
      // The frame may still go out on a retry: its keys stay held a while longer, then are let go
      // even if herdsman never settles it, so a lost promise cannot stall the item for good.
      grace = setTimeout(release, options.timeoutMs);
    }, options.timeoutMs);
    void send()
      .then(
        (): CommandOutcome => ({ status: entry.command.lane.kind === 'device' ? 'acknowledged' : 'sent', description }),
        (err: unknown) => outcomeFromError(description, err),
      )
      .then((outcome) => {
        clearTimeout(timer);
        if (answered) return release();
        // Answered in time: its keys and its slot free together, so the lane keeps its order.
        unhold();
        answer(outcome);
      });
  };

  /** The first waiting command free to start: none held or waiting before it on its target shares a key. */
  const nextStartable = (state: LaneState): number => {
    const blocked: Holding[] = [...state.holding];
    for (const [index, entry] of state.pending.entries()) {
      const { target, keys } = entry.command;
      const wanted = { target, keys };
      if (!blocked.some((b) => overlaps(b, wanted))) return index;
      blocked.push(wanted);
    }
    return -1;
  };

  const pump = (key: string, state: LaneState): void => {
    if (state.timer) return;
    while (!stopped && state.pending.length > 0 && state.inFlight < limitOf(key)) {
      const wait = waitFor(key, state);
      if (wait > 0) {
        state.timer = setTimeout(() => {
          state.timer = undefined;
          pump(key, state);
        }, wait);
        return;
      }
      const index = nextStartable(state);
      if (index < 0) return;
      const [entry] = state.pending.splice(index, 1) as [Entry];
      const { expiresAt, description } = entry.command;
      if (expiresAt !== undefined && now() > expiresAt) {
        entry.resolve(failed(description, 'expired', `expired ${now() - expiresAt} ms before it could be sent`));
        continue;
      }
      state.inFlight += 1;
      if (!key.startsWith('device/')) {
        state.starts.push(now());
        // Only the broadcast lane needs a window of starts; the group lane reads the last one.
        if (key === 'group' && state.starts.length > 1) state.starts.splice(0, state.starts.length - 1);
      }
      run(entry, state, () => pump(key, state));
    }
  };

  const supersede = (state: LaneState, command: QueuedCommand): void => {
    state.pending = state.pending.filter((entry) => {
      const old = entry.command;
      const covered = old.target === command.target && old.keys.every((k) => command.keys.includes(k));
      if (covered) entry.resolve(failed(old.description, 'superseded', `replaced by ${command.description}`));
      return !covered;
    });
  };

  const waiting = () => {
    let total = 0;
    for (const state of lanes.values()) total += state.pending.length;
    return total;
  };

  return {
    setGroupDelay(ms) {
      groupDelayMs = ms;
    },
    groupDelay: () => groupDelayMs,
    submit(command) {
      if (stopped) return Promise.resolve(failed(command.description, 'offline', 'bridge is stopping'));
      const key = laneKey(command.lane);
      let state = lanes.get(key);
      if (!state) {
        state = { pending: [], inFlight: 0, holding: [], starts: [] };
        lanes.set(key, state);
      }
      if (command.keys.length > 0) supersede(state, command);
      if (waiting() >= limits.waiting) return Promise.resolve(failed(command.description, 'busy', `${limits.waiting} commands already waiting`));
      if (key === 'group' && state.pending.length >= limits.groupWaiting) {
        return Promise.resolve(failed(command.description, 'busy', `${limits.groupWaiting} group commands already waiting`));
      }
      const lane = state;
      return new Promise<CommandOutcome>((resolve) => {
        lane.pending.push({ command, resolve });
        pump(key, lane);
      });
    },
    depth() {
      let total = 0;
      for (const state of lanes.values()) total += state.pending.length + state.inFlight;
      return total;
    },
    stop() {
      stopped = true;
      for (const state of lanes.values()) {
        clearTimeout(state.timer);
        for (const entry of state.pending) entry.resolve(failed(entry.command.description, 'offline', 'bridge is stopping'));
        state.pending = [];
      }
    },
  };
}
