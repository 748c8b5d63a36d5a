import type { Feature, FeatureDeps } from './types';

/**
 * Reachability. A device is unreachable after a command failed with no ACK or timeout, or when
 * it has been silent too long: routers are pinged once they have been quiet for `routerQuietMs`
 * (unreachable when the ping fails), end devices (asleep most of the time) are only judged by a
 * longer `endDeviceTimeoutMs` of silence. Anything heard from a device makes it reachable again.
 */
const CHECK_EVERY_MS = 10_000;

export function availability(deps: FeatureDeps): Feature {
  const { radio, registry, bus } = deps;
  const { routerQuietMs, endDeviceTimeoutMs } = deps.config.availability;
  const log = deps.logger.child({ feature: 'availability' });
  const heard = new Map<string, number>();
  const pinging = new Set<string>();
  const offs: Array<() => void> = [];
  let timer: ReturnType<typeof setInterval> | undefined;

  const mark = (ieee: string, online: boolean, why: string) => {
    const before = registry.get(ieee)?.availability;
    const changes = registry.setAvailability(ieee, online);
    if (before === undefined || before === (online ? 'online' : 'offline')) return;
    log.info({ ieee, why }, online ? 'device reachable again' : 'device unreachable');
    const description = registry.get(ieee);
    if (description) bus.emit('deviceUpdated', { description });
    for (const change of changes) bus.emit('endpointChanged', { ieee, change });
  };

  const check = () => {
    const now = Date.now();
    for (const device of radio.devices()) {
      const last = heard.get(device.ieee) ?? device.lastSeen ?? now;
      const quiet = now - last;
      if (device.type === 'Router' && quiet >= routerQuietMs && !pinging.has(device.ieee)) {
        pinging.add(device.ieee);
        radio
          .ping(device.ieee)
          .then(() => {
            heard.set(device.ieee, Date.now());
            mark(device.ieee, true, 'answered ping');
          })
          .catch(() => mark(device.ieee, false, `no answer to ping after ${Math.round(quiet / 1000)} s of silence`))
          .finally(() => pinging.delete(device.ieee));
      } else if (device.type === 'EndDevice' && quiet >= endDeviceTimeoutMs) {
        mark(device.ieee, false, `silent for ${Math.round(quiet / 1000)} s`);
      }
    }
  };

  return {
    name: 'availability',
    start() {
      offs.push(
        bus.on('deviceSeen', ({ ieee, at }) => {
          heard.set(ieee, at);
          mark(ieee, true, 'heard from it');
        }),
        bus.on('commandFailed', ({ ieee, reason }) => {
          if (reason === 'no_ack' || reason === 'timeout') mark(ieee, false, `command failed: ${reason}`);
        }),
      );
      timer = setInterval(check, Math.min(CHECK_EVERY_MS, routerQuietMs));
    },
    stop() {
      clearInterval(timer);
      for (const off of offs.splice(0)) off();
    },
  };
}
