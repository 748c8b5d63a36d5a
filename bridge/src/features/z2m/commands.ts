import type { FeatureDeps } from '../types';
import type { FriendlyNames } from './friendly-names';
import { readPayload, splitByEndpoint, withSuffix } from './set-get';

/**
 * `<name>/set` and `<name>/get` of the Zigbee2MQTT-compatible API. Commands go through the
 * bridge's command queue, like every other command. As in Zigbee2MQTT there is no answer topic:
 * a set that went out shows as the new state, a failure is said on `bridge/logging`.
 */
export interface CommandSinks {
  names: FriendlyNames;
  /** Merge converter state into a device's cached state and publish it. */
  deviceState(ieee: string, state: Record<string, unknown>): void;
  groupState(group: number, state: Record<string, unknown>): void;
  log(level: 'info' | 'warning' | 'error', message: string): void;
}

export function createZ2mCommands(deps: FeatureDeps, sinks: CommandSinks) {
  const { radio, queue, registry, bus } = deps;

  /** Finds the entity of a topic path: the whole path, or all but its last level plus an endpoint name. */
  const entityOf = (path: string) => {
    const whole = sinks.names.resolve(path);
    if (whole) return { entity: whole };
    const cut = path.lastIndexOf('/');
    if (cut > 0) {
      const entity = sinks.names.resolve(path.slice(0, cut));
      if (entity?.kind === 'device') return { entity, endpoint: path.slice(cut + 1) };
    }
    return undefined;
  };

  async function deviceCommand(verb: 'set' | 'get', ieee: string, name: string, topicEndpoint: string | undefined, values: Record<string, unknown>) {
    const device = radio.device(ieee);
    if (!device?.definition) return sinks.log('error', `No converter available for '${name}'`);
    const split = splitByEndpoint(device, values, topicEndpoint);
    if (split.unknownEndpoint !== undefined) return sinks.log('error', `Device '${name}' has no endpoint '${split.unknownEndpoint}'`);
    for (const [endpoint, { name: epName, values: keys }] of split.byEndpoint) {
      let predicted: Record<string, unknown> = {};
      let skipped: string[] = [];
      const what = `${verb} ${name} ep ${endpoint} ${JSON.stringify(keys)}`;
      const outcome = await queue.submit({
        lane: { kind: 'device', ieee },
        target: `${ieee}/${endpoint}${verb === 'get' ? '/get' : ''}`,
        keys: Object.keys(keys).filter((k) => k !== 'transition'),
        description: what,
        send: async () => {
          if (verb === 'get') {
            skipped = (await radio.get(ieee, endpoint, Object.keys(keys))).skipped;
            return;
          }
          const result = await radio.set(ieee, endpoint, keys);
          predicted = result.state;
          skipped = result.skipped.filter((key) => key !== 'transition');
        },
      });
      bus.emit('infoChanged', {});
      for (const key of skipped) sinks.log('error', `No converter available for '${key}' on '${name}'`);
      if (outcome.status === 'failed') {
        bus.emit('commandFailed', { ieee, reason: outcome.reason });
        sinks.log('error', `Publish '${verb}' '${Object.keys(keys).join(', ')}' to '${name}' failed: '${outcome.message}'`);
        continue;
      }
      if (Object.keys(predicted).length === 0) continue;
      // The deCONZ side shows it too (the REST api's lights follow).
      for (const change of registry.apply(ieee, endpoint, predicted)) bus.emit('endpointChanged', { ieee, change });
      sinks.deviceState(ieee, withSuffix(predicted, epName));
    }
  }

  async function groupCommand(verb: 'set' | 'get', group: number, values: Record<string, unknown>) {
    const name = sinks.names.groupName(group);
    if (verb === 'get') return sinks.log('error', `Group '${name}': read the members' states instead (a group cannot answer a read)`);
    let predicted: Record<string, unknown> = {};
    const outcome = await queue.submit({
      lane: { kind: 'group' },
      target: `group/${group}`,
      keys: Object.keys(values).filter((k) => k !== 'transition'),
      description: `set ${name} ${JSON.stringify(values)}`,
      send: async () => {
        predicted = (await radio.setGroup(group, values)).state;
      },
    });
    if (outcome.status === 'failed') return sinks.log('error', `Publish 'set' '${Object.keys(values).join(', ')}' to '${name}' failed: '${outcome.message}'`);
    bus.emit('groupCommanded', { group, command: {}, predicted });
    if (Object.keys(predicted).length === 0) return;
    sinks.groupState(group, predicted);
    // Nobody acknowledges a groupcast: the members show what it predicts, as Zigbee2MQTT does.
    for (const member of radio.groupMembers(group)) {
      if (registry.get(member.ieee)?.availability === 'online') sinks.deviceState(member.ieee, predicted);
    }
  }

  return {
    async handle(verb: 'set' | 'get', path: string, attribute: string | undefined, raw: string): Promise<void> {
      const found = entityOf(path);
      if (!found) return sinks.log('error', `Entity '${path}' is unknown`);
      const payload = readPayload(raw, attribute);
      if (!payload.ok) return sinks.log('error', payload.error);
      if (found.entity.kind === 'group') return groupCommand(verb, found.entity.id, payload.value);
      return deviceCommand(verb, found.entity.ieee, sinks.names.of(found.entity.ieee), found.endpoint, payload.value);
    },
  };
}
