/**
 * A typed event bus generated from one event map: the bridge's features talk through one, and the
 * api's models hand their changes to listeners through one. Listeners are isolated from each other
 * and from the emitter: a listener that throws (or whose promise rejects) is reported and the
 * others still run. Web APIs only, so it runs on Node and on workerd alike.
 */
export type Listener<P> = (payload: P) => void | Promise<void>;

export interface Bus<M extends object> {
  /** Subscribe; returns the function that unsubscribes. */
  on<K extends keyof M & string>(event: K, listener: Listener<M[K]>): () => void;
  emit<K extends keyof M & string>(event: K, payload: M[K]): void;
  /** Number of listeners for an event (a fast path for emitters with nobody listening; tests). */
  listenerCount<K extends keyof M & string>(event: K): number;
  /** Forget every listener (the owner is closing). */
  clear(): void;
}

/** Where a failed listener is reported: a logger (pino's `error(detail, message)`) or a function. */
export type ListenerErrorSink = { error(detail: Record<string, unknown>, message: string): void } | ((err: unknown, event: string, payload: unknown) => void);

export function createBus<M extends object>(sink: ListenerErrorSink): Bus<M> {
  const listeners = new Map<string, Set<Listener<never>>>();

  const report = (event: string, payload: unknown, err: unknown): void => {
    if (typeof sink === 'function') sink(err, event, payload);
    else sink.error({ err, event }, `bus listener for "${event}" failed`);
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
      if (!set || set.size === 0) return;
      // Copy so a listener that unsubscribes during emit does not skip its neighbour.
      for (const listener of [...set]) {
        try {
          const result = (listener as Listener<typeof payload>)(payload);
          if (result instanceof Promise) result.catch((err: unknown) => report(event, payload, err));
        } catch (err) {
          report(event, payload, err);
        }
      }
    },
    listenerCount(event) {
      return listeners.get(event)?.size ?? 0;
    },
    clear() {
      listeners.clear();
    },
  };
}
