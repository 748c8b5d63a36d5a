import type { Feature, FeatureDeps } from './types';

/** deCONZ's default `lightlastseeninterval`: a light's `lastseen` moves at most once a minute. */
export const DEFAULT_LIGHT_LASTSEEN_S = 60;

/**
 * `lastseen` of lights (deCONZ `lightlastseeninterval`): every frame from a device moves its
 * `lastseen` in the registry, but a device with a light publishes its description again for it at
 * most once per interval (`options.light_lastseen_s`, from the api's config), so MQTT readers, the
 * api and its WebSocket clients all see the same limited updates. A description published for any
 * other reason carries the current `lastseen` and restarts the interval. Devices without a light
 * keep their `lastseen` for their next description (sensors' report times travel with their state).
 */
export function lightLastSeen(deps: FeatureDeps, now: () => number = Date.now): Feature {
  const { bus, registry, status } = deps;
  const published = new Map<string, number>();
  const offs: (() => void)[] = [];
  return {
    name: 'light-lastseen',
    start() {
      offs.push(
        bus.on('deviceUpdated', ({ description }) => {
          published.set(description.ieee, now());
        }),
        bus.on('deviceRemoved', ({ ieee }) => {
          published.delete(ieee);
        }),
        bus.on('deviceSeen', ({ ieee }) => {
          const description = registry.get(ieee);
          if (!description?.subdevices.some((s) => s.resource === 'lights')) return;
          const last = published.get(ieee);
          if (last !== undefined && now() - last < status.options.light_lastseen_s * 1000) return;
          bus.emit('deviceUpdated', { description });
        }),
      );
    },
    stop() {
      for (const off of offs.splice(0)) off();
    },
  };
}
