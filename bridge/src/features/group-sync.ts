import { ALL_LIGHTS_GROUP } from '@herdgate/shared/mqtt';
import { interpretGroupCommand, needsReadBack, predictMember } from './group-commands';
import type { Feature, FeatureDeps } from './types';

/** ZCL Groups (genGroups). */
const GROUPS_CLUSTER = 0x0004;
/** A recalled scene's own transition is the device's; read back once it has likely settled. */
const READ_BACK_DELAY_MS = 400;

/**
 * Keeps group members' published state in step with group commands: after a groupcast (nobody
 * acknowledges one) the members show the predicted state at once; after a scene recall or a stopped
 * move, whose result only the devices know, each member is read back through the command queue.
 * A device's groupcast (a remote bound to a group) is also published as a `group_command` event.
 */
export function groupSync(deps: FeatureDeps): Feature {
  const { radio, registry, bus, queue } = deps;
  const log = deps.logger.child({ feature: 'group-sync' });
  const timers = new Set<NodeJS.Timeout>();
  let running = false;

  const predict = (group: number, command: Record<string, unknown>, predicted: Record<string, unknown> = {}) => {
    for (const { ieee, endpoint } of radio.groupMembers(group)) {
      // A member that is away did not hear the groupcast: it keeps what it had.
      if (registry.get(ieee)?.availability !== 'online') continue;
      const state = predictMember(command, registry.endpointState(ieee, endpoint)?.state, predicted);
      if (Object.keys(state).length === 0) continue;
      for (const change of registry.apply(ieee, endpoint, state)) bus.emit('endpointChanged', { ieee, change });
    }
  };

  const readBack = (group: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      for (const { ieee, endpoint } of radio.groupMembers(group)) {
        if (!registry.get(ieee) || registry.get(ieee)?.availability === 'offline') continue;
        void queue
          .submit({
            lane: { kind: 'device', ieee },
            target: `${ieee}/${endpoint}/read-back`,
            keys: [],
            description: `read back ${ieee} ep ${endpoint} after group ${group}`,
            send: async () => {
              await radio.refresh(ieee, endpoint);
            },
          })
          .then((outcome) => {
            if (outcome.status === 'failed') log.debug({ ieee, endpoint, reason: outcome.reason }, 'read back after a group command failed');
          });
      }
    }, READ_BACK_DELAY_MS);
    timers.add(timer);
  };

  // As deCONZ does: every light in the All group, so a /groups/0 action is one groupcast. An
  // endpoint without the Groups cluster (an AC controller's) would refuse it at every start.
  const joinAllGroup = (ieee: string) => {
    const members = radio.groupMembers(ALL_LIGHTS_GROUP);
    const grouped = new Set(
      radio
        .device(ieee)
        ?.endpoints.filter((e) => e.inputClusters.includes(GROUPS_CLUSTER))
        .map((e) => e.id),
    );
    const lights = new Set(
      registry
        .get(ieee)
        ?.subdevices.filter((s) => s.resource === 'lights' && grouped.has(s.endpoint))
        .map((s) => s.endpoint) ?? [],
    );
    for (const endpoint of lights) {
      if (members.some((m) => m.ieee === ieee && m.endpoint === endpoint)) continue;
      void queue
        .submit({
          lane: { kind: 'device', ieee },
          target: `${ieee}/${endpoint}/all-group`,
          keys: [],
          description: `add ${ieee} ep ${endpoint} to the All group`,
          send: () => radio.addGroupMember(ALL_LIGHTS_GROUP, ieee, endpoint),
        })
        .then((outcome) => {
          if (outcome.status === 'failed')
            log.warn({ ieee, endpoint, reason: outcome.reason }, 'adding a light to the All group failed; retried at the next start');
          else log.debug({ ieee, endpoint }, 'light added to the All group');
        });
    }
  };

  return {
    name: 'group-sync',
    start() {
      running = true;
      for (const description of registry.all()) joinAllGroup(description.ieee);
      radio.on('deviceInterview', ({ ieee, status }) => {
        if (running && status === 'successful') joinAllGroup(ieee);
      });
      bus.on('groupCommanded', ({ group, command, predicted }) => {
        if (!running) return;
        predict(group, command, predicted);
        if (needsReadBack(command)) readBack(group);
      });
      radio.on('groupCommand', (raw) => {
        if (!running) return;
        const data = interpretGroupCommand(raw);
        log.info({ ieee: raw.ieee, group: raw.group, command: data.command }, 'device sent a group command');
        bus.emit('bridgeEvent', { type: 'group_command', ieee: raw.ieee, data });
        bus.emit('groupCommanded', { group: raw.group, command: data, from: raw.ieee });
      });
    },
    stop() {
      running = false;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
