import { stringifySorted } from './sorted-json';
import type { DeconzEvent, EventHub, EventHubOptions, EventListener } from './types';

/**
 * The in-process fan-out point between resources and WebSocket servers. Each event is serialised
 * once (sorted, compact), whatever the number of subscribers, and every subscriber sees events in
 * publish order, also when a listener publishes from inside its own callback.
 */
export function createEventHub(options: EventHubOptions = {}): EventHub {
  const listeners = new Set<EventListener>();
  const queue: DeconzEvent[] = [];
  let delivering = false;

  function deliver(event: DeconzEvent): void {
    const message = stringifySorted(event);
    // A snapshot, so a listener that unsubscribes (or subscribes) mid-delivery changes nothing now.
    for (const listener of [...listeners]) {
      try {
        listener(message, event);
      } catch (error) {
        // One broken subscriber must not cost the others their events.
        options.onListenerError?.(error, event);
      }
    }
  }

  return {
    publish(event) {
      if (listeners.size === 0) return;
      queue.push(event);
      if (delivering) return;
      delivering = true;
      try {
        for (let next = queue.shift(); next !== undefined; next = queue.shift()) deliver(next);
      } finally {
        delivering = false;
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
