import type { Logger } from 'pino';

/**
 * A typed event bus generated from one event map. Listeners are isolated from each other and from
 * the emitter: a listener that throws (or whose promise rejects) is logged and the others still run.
 */
export type Listener<P> = (payload: P) => void | Promise<void>;

export interface Bus<M extends object> {
  /** Subscribe; returns the function that unsubscribes. */
  on<K extends keyof M & string>(event: K, listener: Listener<M[K]>): () => void;
  emit<K extends keyof M & string>(event: K, payload: M[K]): void;
  /** Number of listeners for an event (for tests and diagnostics). */
  listenerCount<K extends keyof M & string>(event: K): number;
}

export function createBus<M extends object>(logger: Logger): Bus<M> {
  const listeners = new Map<string, Set<Listener<never>>>();

  const report = (event: string, err: unknown): void => {
    logger.error({ err, event }, `bus listener for "${event}" failed`);
  };

  return {
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener as Listener<never>);
      return () => {
        set.delete(listener as Listener<never>);
      };
    },
    emit(event, payload) {
      const set = listeners.get(event);
      if (!set) return;
      // Copy so a listener that unsubscribes during emit does not skip its neighbour.
      for (const listener of [...set]) {
        try {
          const result = (listener as Listener<typeof payload>)(payload);
          if (result instanceof Promise) result.catch((err: unknown) => report(event, err));
        } catch (err) {
          report(event, err);
        }
      }
    },
    listenerCount(event) {
      return listeners.get(event)?.size ?? 0;
    },
  };
}
