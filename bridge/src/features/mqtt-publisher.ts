import { topics, type EndpointEvent } from '@herdgate/shared/mqtt';
import type { Feature, FeatureDeps } from './types';

/**
 * Everything the bridge publishes: its retained state (`online`, the last will says `offline`)
 * and info, the devices it no longer has, one retained description per device, retained per-endpoint state, and the
 * non-retained event topics. Publishing failures are logged, never thrown into the bus. Every
 * (re)connect republishes all retained topics, so a broker restarted empty is whole again.
 */
export function mqttPublisher(deps: FeatureDeps): Feature {
  const { link, bus, topics: ctx, config } = deps;
  const base = config.mqtt.baseTopic;
  const log = deps.logger.child({ feature: 'mqtt-publisher' });
  const offs: Array<() => void> = [];
  let infoTimer: ReturnType<typeof setTimeout> | undefined;
  let removedTimer: ReturnType<typeof setTimeout> | undefined;

  const send = (topic: string, payload: unknown, retain: boolean) => {
    link.publish(topic, payload, { retain }).catch((err: unknown) => log.error({ err, topic }, 'publish failed'));
  };
  // Keypad PINs are sealed (async) before publishing; the chain keeps events in arrival order.
  let events: Promise<void> = Promise.resolve();
  const sendEvent = (topic: string, event: EndpointEvent) => {
    events = events
      .then(async () => send(topic, await deps.keypadSeal.seal(event), false))
      .catch((err: unknown) => log.error({ err, topic }, 'sealing a keypad event failed'));
  };
  const publishInfo = () => send(topics.bridgeInfo(ctx), deps.info(), true);
  const publishRemoved = () => send(topics.removedDevices(ctx), { devices: deps.registry.removed() }, true);
  const publishAll = () => {
    send(topics.bridgeState(ctx), { state: 'online' }, true);
    publishInfo();
    publishRemoved();
    for (const description of deps.registry.all()) {
      send(topics.device(base, description.ieee), description, true);
      // A broker that restarted without persistence lost every retained state: restore them all.
      for (const endpoint of new Set(description.subdevices.map((s) => s.endpoint))) {
        const state = deps.registry.endpointState(description.ieee, endpoint);
        if (state) send(topics.deviceState(base, description.ieee, endpoint), state, true);
      }
    }
  };

  return {
    name: 'mqtt-publisher',
    start() {
      offs.push(
        bus.on('deviceUpdated', ({ description }) => send(topics.device(base, description.ieee), description, true)),
        bus.on('deviceRemoved', ({ ieee, endpoints }) => {
          for (const topic of [topics.device(base, ieee), ...endpoints.map((ep) => topics.deviceState(base, ieee, ep))]) {
            link.clear(topic).catch((err: unknown) => log.error({ err, topic }, 'clearing retained topic failed'));
          }
        }),
        bus.on('endpointChanged', ({ ieee, change }) => {
          if (change.state) send(topics.deviceState(base, ieee, change.endpoint), change.state, true);
          if (change.event) sendEvent(topics.deviceEvent(base, ieee, change.endpoint), change.event);
        }),
        bus.on('bridgeEvent', (event) => send(topics.bridgeEvent(ctx), event, false)),
        // Coalesce bursts (queue depth moves on every command) into one info publish per 100 ms.
        bus.on('infoChanged', () => {
          infoTimer ??= setTimeout(() => {
            infoTimer = undefined;
            publishInfo();
          }, 100);
        }),
        // A new network forgets every device at once: one publish of the list per 100 ms.
        bus.on('removedDevicesChanged', () => {
          removedTimer ??= setTimeout(() => {
            removedTimer = undefined;
            publishRemoved();
          }, 100);
        }),
      );
      link.onConnect(publishAll);
      publishAll();
    },
    async stop() {
      for (const off of offs.splice(0)) off();
      clearTimeout(infoTimer);
      clearTimeout(removedTimer);
      // A clean stop says offline itself; the broker's will only covers crashes.
      await link.publish(topics.bridgeState(ctx), { state: 'offline' }, { retain: true }).catch(() => {});
    },
  };
}
