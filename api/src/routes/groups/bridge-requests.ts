import * as v from 'valibot';
import { DeconzError, type errorItem } from '@herdgate/shared/errors';
import {
  errorResponse,
  gatewayRequestSchemas,
  okResponse,
  type ErrorCode,
  type GatewayGroups,
  type GatewayRequestName,
  type GatewayRequestPayloads,
} from '@herdgate/shared/mqtt';
import type { Services } from '../../context';
import type { LinkEvent } from '../../services/bridge-link';
import { DEFAULT_ACTION } from '../../resources/groups/types';
import { writeMembership } from '../../resources/groups/write-membership';
import { removeGroup } from './delete';
import { membershipDeps, membershipRefusal, mergeMembership } from './membership';

/**
 * The groups resource answering the bridge (its Zigbee2MQTT-compatible API): a group made,
 * renamed, removed or given a member there is made here, as the REST call would make it, so it is
 * the same group in both APIs. The api's group list is kept retained for the bridge, which names
 * groups after it. Each answer follows the commit.
 */
class Refused extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The retained list: every REST group, by address, with the device endpoints of its lights. */
export function gatewayGroups(services: Services): GatewayGroups {
  return {
    groups: services.groups.live().map((entry) => ({
      id: Number(entry.record.id),
      name: entry.record.name,
      members: entry.record.lights.flatMap((id) => {
        const light = services.lights.get(id);
        return light ? [{ ieee: light.row.ieee, endpoint: light.row.endpoint }] : [];
      }),
    })),
  };
}

const CODES: Record<number, ErrorCode> = {
  3: 'not_found',
  7: 'invalid_payload',
  8: 'not_supported',
  201: 'not_supported',
  202: 'unreachable',
  301: 'not_supported',
  950: 'not_connected',
  951: 'busy',
};

export function serveBridgeGroups(services: Services): () => void {
  const log = services.logger.child({ component: 'bridge-groups' });
  const group = (id: number) => {
    const entry = services.groups.get(String(id));
    if (!entry || entry === services.groups.all) throw new Refused('not_found', `group ${id} does not exist`);
    return entry;
  };
  const lightAt = (ieee: string, endpoint: number) => {
    const light = services.lights.live().find((l) => l.row.ieee === ieee && l.row.endpoint === endpoint);
    if (!light) throw new Refused('not_found', `no light on ${ieee} endpoint ${endpoint}: REST groups hold lights`);
    return light;
  };
  const setMembers = async (id: number, change: (lights: string[]) => string[]) => {
    const entry = group(id);
    const wanted = change(entry.record.lights);
    const refusal = membershipRefusal(services, entry.record.id, entry.record.lights, wanted);
    if (refusal) throw refusal;
    await services.groups.doubts.exclusive(entry.record.id, async () => {
      const result = await writeMembership(membershipDeps(services), entry.record.id, entry.record.lights, wanted);
      await services.groups.modify(entry, (current) => ({ ...current, lights: mergeMembership(current.lights, result, wanted) }));
      const first = result.errors[0];
      if (first) throw new DeconzError(first);
    });
  };

  const handlers: { [K in GatewayRequestName]: (p: GatewayRequestPayloads[K]) => Promise<Record<string, unknown>> } = {
    async 'group/add'({ name, id }) {
      if (id !== undefined && services.groups.get(String(id))) throw new Refused('invalid_payload', `group ${id} already exists`);
      const outcome = await services.groups.create(
        {
          name,
          type: 'LightGroup',
          class: null,
          hidden: false,
          lights: [],
          lightsequence: [],
          multideviceids: [],
          devicemembership: [],
          action: { ...DEFAULT_ACTION },
          deleted: false,
        },
        id,
      );
      if (!outcome)
        throw new Refused('invalid_payload', id === undefined ? 'no group address is left' : `group address ${id} was used before and is not given again`);
      log.info({ group: outcome.entry.record.id, created: outcome.created }, 'group added for the bridge');
      return { id: Number(outcome.entry.record.id), name: outcome.entry.record.name, created: outcome.created };
    },
    async 'group/remove'({ id }) {
      await removeGroup(services, group(id), log);
      return { id };
    },
    async 'group/rename'({ id, name }) {
      const entry = group(id);
      if (!(await services.groups.modify(entry, (current) => ({ ...current, name })))) throw new Refused('not_found', `group ${id} does not exist`);
      return { id, name };
    },
    async 'group/members/add'({ id, ieee, endpoint }) {
      const light = lightAt(ieee, endpoint);
      await setMembers(id, (lights) => (lights.includes(light.row.id) ? lights : [...lights, light.row.id]));
      return { id, ieee, endpoint };
    },
    async 'group/members/remove'({ id, ieee, endpoint }) {
      const light = lightAt(ieee, endpoint);
      await setMembers(id, (lights) => lights.filter((l) => l !== light.row.id));
      return { id, ieee, endpoint };
    },
  };

  const answer = async (name: GatewayRequestName, payload: unknown) => {
    const transaction = payload && typeof payload === 'object' && 'transaction' in payload ? (payload as { transaction?: unknown }).transaction : undefined;
    const tx = typeof transaction === 'string' || typeof transaction === 'number' ? transaction : undefined;
    let response: Record<string, unknown>;
    try {
      const parsed = v.safeParse(gatewayRequestSchemas[name], payload);
      if (!parsed.success) throw new Refused('invalid_payload', parsed.issues[0].message);
      const handler = handlers[name] as (p: unknown) => Promise<Record<string, unknown>>;
      response = { ...okResponse(tx, await handler(parsed.output)) };
    } catch (err) {
      if (err instanceof Refused) response = { ...errorResponse(tx, err.code, err.message) };
      else if (err instanceof DeconzError) {
        const first = err.items.find((item) => 'error' in item) as { error: ReturnType<typeof errorItem> } | undefined;
        response = { ...errorResponse(tx, CODES[first?.error.type ?? 0] ?? 'internal', first?.error.description ?? err.message) };
      } else {
        log.error({ err, request: name }, 'a bridge group request failed');
        response = { ...errorResponse(tx, 'internal', (err as Error).message) };
      }
    }
    await services.bridge.answerGateway(name, response);
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  const publish = () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      services.bridge.publishGroups(gatewayGroups(services)).catch((err: unknown) => log.warn({ err }, 'publishing the group list failed'));
    }, 20);
  };
  const offLink = services.bridge.subscribe((event: LinkEvent) => {
    if (event.kind === 'bridge-online') publish();
    if (event.kind === 'gateway-request') void answer(event.name, event.payload).catch((err: unknown) => log.error({ err }, 'answering the bridge failed'));
  });
  const offGroups = services.groups.onChange((change) => {
    if (change.kind !== 'state') publish();
  });
  if (services.bridge.connected()) publish();
  return () => {
    clearTimeout(timer);
    offLink();
    offGroups();
  };
}
