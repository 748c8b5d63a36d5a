import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Controller, Models } from 'zigbee-herdsman';
import { toZigbee as tz, type Definition } from 'zigbee-herdsman-converters';
import type { Logger } from 'pino';
import { RadioError } from './radio-error';
import { wrapRadioError } from './errors';
import { cachedDefinition, readBack, toZigbee, toZigbeeGet } from './translate';
import { sceneExtensions } from './scene-extensions';
import { sendArmResponse, sendPanelStatus, type PanelMemory } from './ias-ace';
import type { ConverterState, ZigbeeRadio } from './types';
import { INPUT_ACTIONS, inputActionsConverter } from './input-setup';
import { COVERING_TYPE, coveringTypeConverter } from './cover-calibration';

/**
 * The radio's verbs (set, read, groups, scenes, remove…). Every failure is wrapped with what was
 * attempted and classified, so the command queue can report a reason instead of a stack.
 */
interface Deps {
  /** The running Controller; throws (reason offline) while the network is down. */
  controller: () => Controller;
  log: Logger;
  dataDir: string;
  stateOf: (ieee: string) => ConverterState;
  remember: (ieee: string, state: ConverterState) => void;
  forget: (ieee: string) => void;
  panels: PanelMemory;
}

type Operations = Omit<
  ZigbeeRadio,
  | 'start'
  | 'background'
  | 'stop'
  | 'on'
  | 'devices'
  | 'device'
  | 'touchlink'
  | 'ota'
  | 'suspend'
  | 'resume'
  | 'isUp'
  | 'channel'
  | 'reconfigure'
  | 'neighbours'
  | 'state'
>;

/** Groups whose members are unknown still get the common light and covering verbs. */
const GENERIC_GROUP = {
  toZigbee: [tz.light_onoff_brightness, tz.light_colortemp, tz.light_color, tz.ignore_transition, tz.effect, tz.cover_state, tz.cover_position_tilt],
} as unknown as Definition;

const hex = (n: number) => `0x${n.toString(16).padStart(4, '0')}`;

export function createOperations(deps: Deps): Operations {
  // Device keys the bridge writes itself (a calibration keeps running after its write is answered).
  const converters = { [INPUT_ACTIONS]: inputActionsConverter, [COVERING_TYPE]: coveringTypeConverter(deps.log.child({ feature: 'cover-calibration' })) };

  const deviceOf = (ieee: string): Models.Device => {
    const device = deps.controller().getDeviceByIeeeAddr(ieee);
    if (!device || device.type === 'Coordinator') throw new RadioError(`device ${ieee} is not on this network`, 'unsupported');
    return device;
  };
  const endpointOf = (ieee: string, endpoint: number): Models.Endpoint => {
    const ep = deviceOf(ieee).getEndpoint(endpoint);
    if (!ep) throw new RadioError(`device ${ieee} has no endpoint ${endpoint}`, 'unsupported');
    return ep;
  };
  const groupOf = (group: number): Models.Group => deps.controller().getGroupByID(group) ?? deps.controller().createGroup(group);
  const attempt = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      throw wrapRadioError(what, err);
    }
  };

  return {
    permitJoin: (seconds, viaIeee) => attempt(`permit join ${seconds}s`, () => deps.controller().permitJoin(seconds, viaIeee ? deviceOf(viaIeee) : undefined)),

    async set(ieee, endpoint, values) {
      const device = deviceOf(ieee);
      const definition = cachedDefinition(ieee);
      const what = `set ${ieee} (${hex(device.networkAddress)}) ep ${endpoint}`;
      if (!definition) throw new RadioError(`${what}: device has no converter definition`, 'unsupported');
      const result = await toZigbee(
        { entity: endpointOf(ieee, endpoint), device, definitions: [definition], attempt: what, converters },
        values,
        deps.stateOf(ieee),
      );
      deps.remember(ieee, result.state);
      return result;
    },

    async get(ieee, endpoint, keys) {
      const device = deviceOf(ieee);
      const definition = cachedDefinition(ieee);
      const what = `get ${ieee} (${hex(device.networkAddress)}) ep ${endpoint}`;
      if (!definition) throw new RadioError(`${what}: device has no converter definition`, 'unsupported');
      return toZigbeeGet({ entity: endpointOf(ieee, endpoint), device, definition, attempt: what }, keys, deps.stateOf(ieee));
    },

    async setGroup(group, values) {
      const entity = groupOf(group);
      const members = entity.members.map((ep) => cachedDefinition(ep.deviceIeeeAddress)).filter((d): d is Definition => d !== undefined);
      const definitions = [...new Set(members), GENERIC_GROUP];
      return toZigbee({ entity, definitions, attempt: `groupcast to group ${group}` }, values, {});
    },

    read: (ieee, endpoint, cluster, attributes) =>
      attempt(
        `read ${ieee} ep ${endpoint} ${cluster} [${attributes.join(', ')}]`,
        async () => (await endpointOf(ieee, endpoint).read(cluster as string, attributes as never)) as Record<string, unknown>,
      ),

    async refresh(ieee, endpoint) {
      const device = deviceOf(ieee);
      const definition = cachedDefinition(ieee);
      if (!definition) throw new RadioError(`refresh ${ieee}: device has no converter definition`, 'unsupported');
      const endpoints = endpoint === undefined ? device.endpoints : [endpointOf(ieee, endpoint)];
      const done: number[] = [];
      for (const ep of endpoints) {
        await attempt(`refresh ${ieee} ep ${ep.ID}`, () => readBack(definition, ep, device));
        done.push(ep.ID);
      }
      return done;
    },

    ping: (ieee) => attempt(`ping ${ieee}`, () => deviceOf(ieee).ping(true)),

    async remove(ieee, { leave, force }) {
      const device = deviceOf(ieee);
      if (!leave) {
        device.removeFromDatabase();
        deps.forget(ieee);
        return { left: false };
      }
      try {
        await device.removeFromNetwork();
        deps.forget(ieee);
        return { left: true };
      } catch (err) {
        if (!force) throw wrapRadioError(`remove ${ieee} (leave request)`, err);
        deps.log.warn({ err, ieee }, 'device did not confirm leave; removed anyway (force)');
        device.removeFromDatabase();
        deps.forget(ieee);
        return { left: false };
      }
    },

    addGroupMember: (group, ieee, endpoint) =>
      attempt(`add ${ieee} ep ${endpoint} to group ${group}`, () => endpointOf(ieee, endpoint).addToGroup(groupOf(group))),

    removeGroupMember: (group, ieee, endpoint) =>
      attempt(`remove ${ieee} ep ${endpoint} from group ${group}`, () => endpointOf(ieee, endpoint).removeFromGroup(groupOf(group))),

    scene: (action, group, scene, transitiontime) =>
      attempt(`scene ${action} group ${group} scene ${scene ?? 'all'}`, async () => {
        const entity = groupOf(group);
        if (action === 'store') await entity.command('genScenes', 'store', { groupid: group, sceneid: scene! });
        else if (action === 'recall') await entity.command('genScenes', 'recall', { groupid: group, sceneid: scene!, transitionTime: transitiontime });
        else if (scene === undefined) await entity.command('genScenes', 'removeAll', { groupid: group });
        else await entity.command('genScenes', 'remove', { groupid: group, sceneid: scene });
      }),

    groupMembers: (group) => (deps.controller().getGroupByID(group)?.members ?? []).map((ep) => ({ ieee: ep.deviceIeeeAddress, endpoint: ep.ID })),

    groups: () =>
      [...deps.controller().getGroupsIterator()].map((g) => ({
        id: g.groupID,
        members: g.members.map((ep) => ({ ieee: ep.deviceIeeeAddress, endpoint: ep.ID })),
      })),

    outputClusters: (ieee, endpoint) =>
      endpointOf(ieee, endpoint)
        .getOutputClusters()
        .map((c) => c.name),

    async bindGroup(ieee, endpoint, clusters, group, unbind) {
      const ep = endpointOf(ieee, endpoint);
      for (const cluster of clusters) {
        await attempt(`${unbind ? 'unbind' : 'bind'} ${ieee} ep ${endpoint} ${cluster} ${unbind ? 'from' : 'to'} group ${group}`, () =>
          unbind ? ep.unbind(cluster, groupOf(group)) : ep.bind(cluster, groupOf(group)),
        );
      }
      return clusters;
    },

    addScene: (ieee, endpoint, values) =>
      attempt(`add scene ${values.scene} of group ${values.group} on ${ieee} ep ${endpoint}`, async () => {
        const payload = {
          groupid: values.group,
          sceneid: values.scene,
          transtime: values.transitiontime,
          scenename: '',
          extensionfieldsets: sceneExtensions(values),
        };
        const response = await endpointOf(ieee, endpoint).command('genScenes', 'add', payload as never);
        const status = (response as { status?: number } | undefined)?.status;
        if (status !== undefined && status !== 0) throw new RadioError(`device refused the scene (ZCL status ${status})`, 'error');
      }),

    removeMemberScene: (ieee, endpoint, group, scene) =>
      attempt(`remove scene ${scene ?? 'all'} of group ${group} on ${ieee} ep ${endpoint}`, async () => {
        const ep = endpointOf(ieee, endpoint);
        if (scene === undefined) await ep.command('genScenes', 'removeAll', { groupid: group });
        else await ep.command('genScenes', 'remove', { groupid: group, sceneid: scene });
      }),

    keypadPanel: (ieee, endpoint, state) =>
      attempt(`panel status ${state.armstate} to keypad ${ieee} ep ${endpoint}`, async () => {
        await sendPanelStatus(endpointOf(ieee, endpoint), state);
        deps.panels.remember(ieee, endpoint, state);
      }),

    keypadArmResponse: (ieee, endpoint, result, seq) =>
      attempt(`arm response ${result} to keypad ${ieee} ep ${endpoint}`, () => sendArmResponse(endpointOf(ieee, endpoint), result, seq)),

    async backup() {
      await attempt('coordinator backup', () => deps.controller().backup());
      return JSON.parse(await readFile(join(deps.dataDir, 'coordinator_backup.json'), 'utf8')) as Record<string, unknown>;
    },

    // herdsman parses "<ieee>|<code>" (the pipe format), checks the CRC and writes the hashed key.
    addInstallCode: (ieee, code) => attempt(`install code for ${ieee}`, () => deps.controller().addInstallCode(`${ieee.slice(2)}|${code}`)),
    // Zigbee2MQTT's `install_code/add` hands herdsman the text as printed on the label or in its QR code.
    addInstallCodeText: (text) => attempt('install code', () => deps.controller().addInstallCode(text)),
  };
}
