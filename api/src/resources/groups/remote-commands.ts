import * as v from 'valibot';
import type { Logger } from 'pino';
import { groupCommandDataSchema, type GroupCommandData } from '@herdgate/shared/mqtt';
import { sceneCalledEvent, type EventHub } from '../../events';
import type { BridgeLink } from '../../services/bridge-link';
import type { LightsModel } from '../lights/lights-model';
import { recalledItems } from '../scenes/recalled-items';
import type { ScenesModel } from '../scenes/scenes-model';
import type { GroupsModel } from './groups-model';
import { nextAction } from './plan-action';

export interface RemoteCommandDeps {
  bridge: BridgeLink;
  groups: GroupsModel;
  scenes: ScenesModel;
  lights: LightsModel;
  events: EventHub;
  logger: Logger;
}

/**
 * A group command from a device (a remote bound to a group, reported by the bridge as a
 * `group_command` event), seen as if the gateway had sent it: the group's `action` takes the
 * values it implies and a recall of a known scene shows its stored values and emits
 * `scene-called`. Members' own state comes from the bridge (it publishes their predicted state),
 * so `all_on`/`any_on` follow through the lights as for any other change.
 */
export function followRemoteGroupCommands(deps: RemoteCommandDeps): () => void {
  const log = deps.logger.child({ module: 'remote-group-commands' });
  return deps.bridge.subscribe((event) => {
    if (event.kind !== 'bridge-event' || event.event.type !== 'group_command') return;
    const parsed = v.safeParse(groupCommandDataSchema, event.event.data);
    if (!parsed.success) {
      log.warn({ issues: parsed.issues.map((i) => i.message), from: event.event.ieee }, 'group_command event with an unexpected shape ignored');
      return;
    }
    void apply(deps, parsed.output).catch((err: unknown) => log.error({ err, group: parsed.output.group }, 'applying a remote group command failed'));
  });
}

async function apply(deps: RemoteCommandDeps, data: GroupCommandData): Promise<void> {
  const entry = deps.groups.get(String(data.group));
  if (!entry) return;
  const scene = data.scene === undefined ? undefined : deps.scenes.get(entry.record.id, String(data.scene));
  if (scene) {
    for (const stored of scene.lights) {
      const light = deps.lights.get(stored.id);
      if (!light || light.state.reachable === false) continue;
      deps.lights.show(light, recalledItems(stored));
    }
  }
  const command = impliedAction(data, entry.state.any_on, entry.record.action);
  const action = { ...nextAction(entry.record.action, command), ...(scene ? { scene: scene.sceneId } : {}) };
  if (JSON.stringify(action) !== JSON.stringify(entry.record.action)) {
    await deps.groups.modify(entry, (current) => ({
      ...current,
      action: { ...nextAction(current.action, command), ...(scene ? { scene: scene.sceneId } : {}) },
    }));
  }
  if (scene) deps.events.publish(sceneCalledEvent({ gid: entry.record.id, scid: scene.sceneId }));
}

/** What the command sets on the group's `action` (a toggle flips `any_on`, a step moves `bri`). */
export function impliedAction(data: GroupCommandData, anyOn: boolean, action: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const command: Record<string, unknown> = {};
  if (data.toggle) command.on = !anyOn;
  if (data.on !== undefined) command.on = data.on;
  if (data.bri !== undefined && data.bri > 0) command.bri = data.bri;
  if (data.bri_inc !== undefined && typeof action.bri === 'number') command.bri = Math.min(254, Math.max(1, action.bri + data.bri_inc));
  if (data.ct !== undefined) command.ct = data.ct;
  if (data.xy !== undefined && data.xy.length === 2) command.xy = data.xy;
  return command;
}
