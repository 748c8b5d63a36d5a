import type { Feature, FeatureDeps } from './types';

/**
 * Keeps the device registry in step with the radio and turns radio happenings into bus events:
 * descriptions, endpoint state, and join / interview / leave events with clear log lines.
 */
export function deviceSync(deps: FeatureDeps): Feature {
  const { radio, registry, bus } = deps;
  const log = deps.logger.child({ feature: 'device-sync' });
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
        log.info({ ieee }, 'device joined; interview starting');
        refresh(ieee);
        bus.emit('bridgeEvent', { type: 'join', ieee, data: {} });
      });
      radio.on('deviceInterview', ({ ieee, status }) => {
        if (!running) return;
        const description = refresh(ieee);
        if (status === 'started') {
          bus.emit('bridgeEvent', { type: 'interview_started', ieee, data: {} });
        } else if (status === 'successful') {
          log.info({ ieee, modelid: description?.modelid, supported: description?.supported }, 'interview succeeded');
          // What a sub-device shows before it reports (a vibration sensor's sensitivitymax, a lamp's
          // alert "none"): published now, or a device that never reports would never show it.
          for (const endpoint of new Set(description?.subdevices.map((s) => s.endpoint) ?? [])) {
            const state = registry.endpointState(ieee, endpoint);
            if (state) bus.emit('endpointChanged', { ieee, change: { endpoint, state } });
          }
          bus.emit('bridgeEvent', { type: 'interview_succeeded', ieee, data: { modelid: description?.modelid ?? '', supported: description?.supported ?? false } });
        } else {
          log.warn({ ieee }, 'interview failed');
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
        for (const change of registry.apply(ieee, endpoint, state)) bus.emit('endpointChanged', { ieee, change });
      });
      radio.on('deviceSeen', ({ ieee, at }) => {
        if (!running) return;
        registry.seen(ieee, at);
        bus.emit('deviceSeen', { ieee, at });
      });
    },
    stop() {
      running = false;
    },
  };
}
