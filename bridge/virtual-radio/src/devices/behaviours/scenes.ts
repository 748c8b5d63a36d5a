/**
 * genScenes server (ZCL 3.7): scenes per endpoint and group. `store` captures the device's real current
 * state (every cluster on the endpoint with scene fields), `recall` applies it through each cluster's
 * behaviour with the scene's (or the command's) transition time.
 */
import { type ClusterDef, Reader, Writer, clusterById, readValue, writeValue } from '../../zcl/index';
import type { Behaviour, BehaviourHost, CommandHandler } from '../behaviour';
import type { Scene } from '../memory';

const CAPACITY = 16;
const Status = { success: 0, invalidField: 0x85, insufficientSpace: 0x89, notFound: 0x8b } as const;
const S = 'genScenes';

function sceneClusters(host: BehaviourHost, ep: number): ClusterDef[] {
  const out: ClusterDef[] = [];
  for (const id of host.inClusters(ep)) {
    const c = clusterById(id);
    if (c?.sceneFields) out.push(c);
  }
  return out;
}

function capture(host: BehaviourHost, ep: number): Scene['values'] {
  const values: Scene['values'] = {};
  for (const c of sceneClusters(host, ep)) {
    values[c.id] = Object.fromEntries(c.sceneFields!.map((f) => [f.attr, host.num(ep, c.name, f.attr)]));
    if (c.name === 'lightingColorCtrl') values[c.id].colorMode = host.num(ep, c.name, 'enhancedColorMode');
  }
  return values;
}

function fromExtensions(sets: Array<{ clusterId: number; data: number[] }>): Scene['values'] {
  const values: Scene['values'] = {};
  for (const set of sets) {
    const c = clusterById(set.clusterId);
    if (!c?.sceneFields) continue;
    const r = new Reader(Uint8Array.from(set.data));
    values[c.id] = {};
    for (const f of c.sceneFields) {
      if (r.remaining === 0) break;
      values[c.id][f.attr] = Number(readValue(r, f.type));
    }
  }
  return values;
}

function toExtensions(values: Scene['values']): Array<{ clusterId: number; data: number[] }> {
  return Object.entries(values).flatMap(([id, attrs]) => {
    const c = clusterById(Number(id));
    if (!c?.sceneFields) return [];
    const w = new Writer();
    for (const f of c.sceneFields) writeValue(w, f.type, attrs[f.attr] ?? 0);
    return [{ clusterId: c.id, data: Array.from(w.finish()) }];
  });
}

function refresh(host: BehaviourHost, ep: number, current?: { group: number; scene: number }): void {
  host.set(ep, S, 'count', host.memory.scenes.length);
  if (current) {
    host.set(ep, S, 'currentGroup', current.group);
    host.set(ep, S, 'currentScene', current.scene);
    host.set(ep, S, 'sceneValid', 1);
  }
  host.changed();
}

/** Adds or replaces a scene; group 0 is the global group, other groups must have the endpoint as a member. */
function put(host: BehaviourHost, scene: Scene): number {
  if (scene.group !== 0 && !host.memory.groupsOf(scene.endpoint).has(scene.group)) return Status.invalidField;
  const existing = host.memory.findScene(scene.endpoint, scene.group, scene.scene);
  if (!existing && host.memory.scenes.filter((s) => s.endpoint === scene.endpoint).length >= CAPACITY) return Status.insufficientSpace;
  host.memory.removeScenes((s) => s === existing);
  host.memory.scenes.push(scene);
  return Status.success;
}

const ids = (args: Record<string, unknown>) => ({ groupid: Number(args.groupid), sceneid: Number(args.sceneid) });

const commands: Record<string, CommandHandler> = {
  add: (host, { endpoint, args }) => {
    const { groupid, sceneid } = ids(args);
    const scene: Scene = {
      endpoint,
      group: groupid,
      scene: sceneid,
      name: String(args.scenename ?? ''),
      transitionTime: Number(args.transtime),
      values: fromExtensions(args.extensionfieldsets as never),
    };
    const status = put(host, scene);
    refresh(host, endpoint);
    return { response: 'addRsp', payload: { status, groupId: groupid, sceneId: sceneid } };
  },
  view: (host, { endpoint, args }) => {
    const { groupid, sceneid } = ids(args);
    const s = host.memory.findScene(endpoint, groupid, sceneid);
    if (!s) return { response: 'viewRsp', payload: { status: Status.notFound, groupid, sceneid } };
    return {
      response: 'viewRsp',
      payload: { status: 0, groupid, sceneid, transtime: s.transitionTime, scenename: s.name ?? '', extensionfieldsets: toExtensions(s.values) },
    };
  },
  remove: (host, { endpoint, args }) => {
    const { groupid, sceneid } = ids(args);
    const removed = host.memory.removeScenes((s) => s.endpoint === endpoint && s.group === groupid && s.scene === sceneid);
    refresh(host, endpoint);
    return { response: 'removeRsp', payload: { status: removed ? 0 : Status.notFound, groupid, sceneid } };
  },
  removeAll: (host, { endpoint, args }) => {
    const { groupid } = ids(args);
    host.memory.removeScenes((s) => s.endpoint === endpoint && s.group === groupid);
    refresh(host, endpoint);
    return { response: 'removeAllRsp', payload: { status: 0, groupid } };
  },
  store: (host, { endpoint, args }) => {
    const { groupid, sceneid } = ids(args);
    const old = host.memory.findScene(endpoint, groupid, sceneid);
    const status = put(host, {
      endpoint,
      group: groupid,
      scene: sceneid,
      name: old?.name ?? '',
      transitionTime: old?.transitionTime ?? 0,
      values: capture(host, endpoint),
    });
    refresh(host, endpoint, status === 0 ? { group: groupid, scene: sceneid } : undefined);
    return { response: 'storeRsp', payload: { status, groupid, sceneid } };
  },
  recall: (host, { endpoint, args }) => {
    const { groupid, sceneid } = ids(args);
    const s = host.memory.findScene(endpoint, groupid, sceneid);
    if (!s) return { status: Status.notFound };
    const tenths = args.transtime === undefined || Number(args.transtime) === 0xffff ? s.transitionTime : Number(args.transtime);
    // Level before on/off, so a scene that turns a lamp off does not first flash it at the new level.
    const order = Object.keys(s.values).sort((a, b) => Number(b) - Number(a));
    for (const id of order) host.applyScene(endpoint, Number(id), s.values[id], tenths * 100);
    refresh(host, endpoint, { group: groupid, scene: sceneid });
    return { status: 0 };
  },
  getSceneMembership: (host, { endpoint, args }) => {
    const groupid = Number(args.groupid);
    const mine = host.memory.scenes.filter((s) => s.endpoint === endpoint);
    const capacity = CAPACITY - mine.length;
    if (groupid !== 0 && !host.memory.groupsOf(endpoint).has(groupid))
      return { response: 'getSceneMembershipRsp', payload: { status: Status.invalidField, capacity, groupid } };
    const scenelist = mine.filter((s) => s.group === groupid).map((s) => s.scene);
    return { response: 'getSceneMembershipRsp', payload: { status: 0, capacity, groupid, scenelist } };
  },
};

export const scenes: Behaviour = {
  defaults: { count: 0, currentScene: 0, currentGroup: 0, sceneValid: 0, nameSupport: 0 },
  commands,
};
