import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import type { GatewaySettings } from '../../store/types';
import type { RadioOutcome } from '../../services/radio';
import type { Services } from '../../services/types';
import { currentEtag } from '../../lib/etag';
import { sendJson } from '../../lib/respond';
import { parseBody } from '../../lib/validate';
import { modifyConfigSchema, type ModifyConfigInput } from './schemas';

/** Settings that map one to one from the body to the stored settings. */
const STORED_KEYS = [
  'rfconnected', 'updatechannel', 'permitjoin', 'groupdelay', 'otauactive', 'discovery', 'zigbeechannel',
  'networkopenduration', 'timezone', 'timeformat', 'websocketnotifyall', 'disablePermitJoinAutoOff', 'lightlastseeninterval',
] as const satisfies readonly (keyof ModifyConfigInput & keyof GatewaySettings)[];

/**
 * `PUT|PATCH /api/<key>/config`. Unlike the original, which applies keys one by one and stops at
 * the first bad value with the earlier ones already changed, everything is validated first and
 * then committed in one transaction: a 400 means nothing changed.
 */
export async function modifyConfig(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const input = await parseBody(c.req.raw, modifyConfigSchema, { base: '/config', jsonAddress: '' });
  rejectClockChange(input);
  const { patch, successes } = planChanges(input, services.options.defaultName);
  // The radio goes first: a setting the radio refused is answered as an error and nothing is stored.
  await applyToRadio(services, patch, c.get('logger'));
  await services.store.updateSettings(patch);
  if (input.unlock !== undefined) {
    // Not persisted on purpose: a restart locks the gateway again.
    services.session.unlockedUntil = input.unlock > 0 ? services.clock.now() + input.unlock * 1000 : 0;
    c.get('logger').info({ seconds: input.unlock }, 'gateway unlock window set');
  }
  c.header('ETag', currentEtag(services));
  return sendJson(c, successes.map((success) => ({ success })));
}

/** The settings patch and the success entries, in the order the parameters are checked. */
function planChanges(input: ModifyConfigInput, defaultName: string) {
  const patch: Partial<GatewaySettings> = {};
  const successes: Record<string, unknown>[] = [];
  for (const key of Object.keys(modifyConfigSchema.entries) as (keyof ModifyConfigInput)[]) {
    const value = input[key];
    if (value === undefined) continue;
    if (key === 'name') {
      // An empty name resets to the default, as in deCONZ.
      patch.name = value === '' ? defaultName : (value as string);
      successes.push({ '/config/name': patch.name });
    } else {
      if ((STORED_KEYS as readonly string[]).includes(key)) (patch as Record<string, unknown>)[key] = value;
      successes.push({ [`/config/${key}`]: value });
    }
  }
  return { patch, successes };
}

/** The gateway clock is the host's; accepting `utc`/`localtime` silently would be a lie. */
function rejectClockChange(input: ModifyConfigInput): void {
  for (const name of ['utc', 'UTC', 'localtime'] as const) {
    if (input[name] !== undefined) throw new DeconzError({ type: 8, address: `/config/${name}`, params: { name } });
  }
}

/**
 * Hand `permitjoin`, a new `zigbeechannel` and `rfconnected` to the radio and stop at the first
 * refusal (bridge away -> 950, busy -> 951, refused -> 901 with the reason): the answer says what
 * really happened instead of a success for something not done. Radio actions done before the
 * refusal are listed as successes, since they did happen.
 */
async function applyToRadio(services: Services, patch: Partial<GatewaySettings>, logger: Services['logger']) {
  const { radioControl } = services;
  // deCONZ refuses to reconnect or disconnect the radio while touchlink has it.
  if (patch.rfconnected !== undefined && services.touchlink.busy()) throw new DeconzError({ type: 901, address: '/config/rfconnected', params: { reason: '951' } });
  const jobs: [string, unknown, () => Promise<RadioOutcome>][] = [];
  if (patch.permitjoin !== undefined) jobs.push(['permitjoin', patch.permitjoin, () => radioControl.setPermitJoin(patch.permitjoin!)]);
  // Compared with the channel the radio is on, not the stored wish.
  if (patch.zigbeechannel !== undefined && patch.zigbeechannel !== services.radioInfo.snapshot().zigbeechannel) {
    jobs.push(['zigbeechannel', patch.zigbeechannel, () => radioControl.setChannel(patch.zigbeechannel!)]);
  }
  if (patch.rfconnected !== undefined) jobs.push(['rfconnected', patch.rfconnected, () => radioControl.setConnected(patch.rfconnected!)]);
  const done: Record<string, unknown>[] = [];
  for (const [name, value, job] of jobs) {
    const outcome = await job();
    if (outcome.ok) {
      done.push({ [`/config/${name}`]: value });
      continue;
    }
    logger.warn({ setting: name, value, type: outcome.type, reason: outcome.reason }, 'radio refused a config change');
    throw new DeconzError({ type: outcome.type, address: `/config/${name}`, params: { reason: outcome.reason } }, { successes: done });
  }
}
