import { pairingSummary } from './pairing-summary';
import type { Feature, FeatureDeps } from './types';

/**
 * Keeps the device registry in step with the radio and turns radio happenings into bus events:
 * descriptions, endpoint state, and join / interview / leave events. Joins and interviews are
 * logged per device at debug and summed up at info (pairing-summary.ts): a first start pairs dozens.
 */
export function deviceSync(deps: FeatureDeps): Feature {
  const { radio, registry, bus } = deps;
  const log = deps.logger.child({ feature: 'device-sync' });
  const pairing = pairingSummary(log);
  let running = false;

  const refresh = (ieee: string) => {
    const device = radio.device(ieee);
    if (!device) return undefined;
    const description = registry.upsert(device);
    bus.emit('deviceUpdated', { description });
    return description;
  };

  return {
    name: 'device-sync',
    start() {
      running = true;
      for (const device of radio.devices()) bus.emit('deviceUpdated', { description: registry.upsert(device) });
      radio.on('deviceJoined', ({ ieee }) => {
        if (!running) return;
        log.debug({ ieee }, 'device joined; interview starting');
        pairing.joined(ieee);
        refresh(ieee);
        bus.emit('bridgeEvent', { type: 'join', ieee, data: {} });
      });
      radio.on('deviceInterview', ({ ieee, status }) => {
        if (!running) return;
        const description = refresh(ieee);
        if (status === 'started') {
          bus.emit('bridgeEvent', { type: 'interview_started', ieee, data: {} });
        } else if (status === 'successful') {
          log.debug({ ieee, modelid: description?.modelid, supported: description?.supported }, 'interview succeeded');
          pairing.interviewed(ieee, true);
          // What a sub-device shows before it reports (a vibration sensor's sensitivitymax, a lamp's
          // alert "none"): published now, or a device that never reports would never show it.
          for (const endpoint of new Set(description?.subdevices.map((s) => s.endpoint) ?? [])) {
            const state = registry.endpointState(ieee, endpoint);
            if (state) bus.emit('endpointChanged', { ieee, change: { endpoint, state } });
          }
          bus.emit('bridgeEvent', {
            type: 'interview_succeeded',
            ieee,
            data: { modelid: description?.modelid ?? '', supported: description?.supported ?? false },
          });
        } else {
          log.warn({ ieee }, 'interview failed');
          pairing.interviewed(ieee, false);
          bus.emit('bridgeEvent', { type: 'interview_failed', ieee, data: {} });
        }
      });
      radio.on('deviceAnnounce', ({ ieee }) => {
        if (!running) return;
        registry.announced(ieee, Date.now());
        refresh(ieee);
        bus.emit('bridgeEvent', { type: 'announce', ieee, data: {} });
      });
      radio.on('deviceLeave', ({ ieee }) => {
        if (!running) return;
        const endpoints = [...new Set(registry.get(ieee)?.subdevices.map((s) => s.endpoint) ?? [])];
        registry.remove(ieee, 'left').catch((err: unknown) => log.error({ err, ieee }, 'could not record the device as removed'));
        log.info({ ieee }, 'device left the network');
        bus.emit('deviceRemoved', { ieee, endpoints });
        bus.emit('bridgeEvent', { type: 'leave', ieee, data: {} });
      });
      radio.on('deviceState', ({ ieee, endpoint, state }) => {
        if (!running) return;
        for (const change of registry.apply(ieee, endpoint, state)) bus.emit('endpointChanged', { ieee, change, report: true });
      });
      radio.on('deviceSeen', ({ ieee, at }) => {
        if (!running) return;
        registry.seen(ieee, at);
        bus.emit('deviceSeen', { ieee, at });
      });
    },
    stop() {
      running = false;
      pairing.stop();
    },
  };
}
