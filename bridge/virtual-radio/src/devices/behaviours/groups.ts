/** genGroups server (ZCL 3.6): group membership per endpoint, which the radio uses for groupcast fan-out. */
import type { Behaviour, BehaviourHost, CommandHandler } from '../behaviour';

const CAPACITY = 16;
const Status = { success: 0, insufficientSpace: 0x89, notFound: 0x8b, invalidField: 0x85 } as const;

function add(host: BehaviourHost, ep: number, group: number, name: unknown): number {
  if (group === 0 || group > 0xfff7) return Status.invalidField;
  const groups = host.memory.groupsOf(ep);
  if (!groups.has(group) && groups.size >= CAPACITY) return Status.insufficientSpace;
  groups.set(group, typeof name === 'string' ? name : '');
  return Status.success;
}

/** Leaving a group also forgets its scenes (ZCL 3.6.2.3.5). */
function remove(host: BehaviourHost, ep: number, group: number): boolean {
  const had = host.memory.groupsOf(ep).delete(group);
  if (had) host.memory.removeScenes((s) => s.endpoint === ep && s.group === group);
  return had;
}

const changed =
  (handler: CommandHandler): CommandHandler =>
  (host, call) => {
    const outcome = handler(host, call);
    host.changed();
    return outcome;
  };

export const groups: Behaviour = {
  defaults: { nameSupport: 0 },
  commands: {
    add: changed((host, { endpoint, args }) => ({
      response: 'addRsp',
      payload: { status: add(host, endpoint, Number(args.groupid), args.groupname), groupid: Number(args.groupid) },
    })),
    view: (host, { endpoint, args }) => {
      const group = Number(args.groupid);
      const name = host.memory.groupsOf(endpoint).get(group);
      return name === undefined
        ? { response: 'viewRsp', payload: { status: Status.notFound, groupid: group } }
        : { response: 'viewRsp', payload: { status: Status.success, groupid: group, groupname: name } };
    },
    getMembership: (host, { endpoint, args }) => {
      const mine = [...host.memory.groupsOf(endpoint).keys()];
      const asked = (args.grouplist as number[]) ?? [];
      const grouplist = asked.length === 0 ? mine : mine.filter((g) => asked.includes(g));
      return { response: 'getMembershipRsp', payload: { capacity: CAPACITY - mine.length, grouplist } };
    },
    remove: changed((host, { endpoint, args }) => {
      const group = Number(args.groupid);
      return { response: 'removeRsp', payload: { status: remove(host, endpoint, group) ? Status.success : Status.notFound, groupid: group } };
    }),
    removeAll: changed((host, { endpoint }) => {
      for (const group of [...host.memory.groupsOf(endpoint).keys()]) remove(host, endpoint, group);
      return { status: Status.success };
    }),
    addIfIdentifying: changed((host, { endpoint, args }) => {
      if (host.num(endpoint, 'genIdentify', 'identifyTime') === 0) return { status: Status.success };
      return { status: add(host, endpoint, Number(args.groupid), args.groupname) };
    }),
  },
};
