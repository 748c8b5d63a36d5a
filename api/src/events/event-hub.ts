import { createBus } from '@herdgate/shared/bus';
import { stringifySorted } from './sorted-json';
import type { DeconzEvent, EventHub, EventHubOptions, EventListener } from './types';

/**
 * The in-process fan-out point between resources and WebSocket servers. Each event is serialised
 * once (sorted, compact), whatever the number of subscribers, and every subscriber sees events in
 * publish order, also when a listener publishes from inside its own callback.
 */
export function createEventHub(options: EventHubOptions = {}): EventHub {
  // One broken subscriber must not cost the others their events: the bus isolates each.
  const bus = createBus<{ event: { message: string; event: DeconzEvent }; restart: string }>((error, name, delivery) =>
    options.onListenerError?.(
      error,
      name === 'event'
        ? (delivery as { event: DeconzEvent }).event
        : // A server that failed to close its clients: reported as the restart it was told of.
          { t: 'event', e: 'changed', r: 'config', config: { restartclients: delivery } },
    ),
  );
  const queue: DeconzEvent[] = [];
  let delivering = false;

  function deliver(event: DeconzEvent): void {
    // The bus delivers to a snapshot: a listener that unsubscribes (or subscribes) mid-delivery changes nothing now.
    bus.emit('event', { message: stringifySorted(event), event });
  }

  return {
    publish(event) {
      if (bus.listenerCount('event') === 0) return;
      queue.push(event);
      if (delivering) return;
      delivering = true;
      try {
        for (let next = queue.shift(); next !== undefined; next = queue.shift()) deliver(next);
      } finally {
        delivering = false;
      }
    },
    subscribe(listener: EventListener) {
      return bus.on('event', ({ message, event }) => listener(message, event));
    },
    restartClients(reason) {
      bus.emit('restart', reason);
    },
    onRestartClients(listener) {
      return bus.on('restart', listener);
    },
  };
}
