import type { Logger } from 'pino';
import { DeconzError } from '@herdgate/shared/errors';
import type { EventHub } from '../../events/types';
import type { BridgeLink } from '../../services/bridge-link';
import type { Clock } from '../../services/clock';
import type { RadioControl, RadioInfo, RadioOutcome } from '../../services/radio';
import type { GatewaySession } from './session';
import type { GatewaySettings, Store } from '../../store/types';
import { noteClientClock } from './client-clock';
import { planChanges } from './plan-changes';
import type { SoftwareUpdate } from './software-update';
import type { ConfigChanges, ConfigSuccess } from './types';

export interface GatewayModelDeps {
  store: Store;
  radio: RadioControl;
  radioInfo: RadioInfo;
  link: BridgeLink;
  events: EventHub;
  clock: Clock;
  session: GatewaySession;
  logger: Logger;
  defaultName: string;
  updates: SoftwareUpdate;
  /** Touchlink holds the radio: deCONZ refuses radio on/off meanwhile (901 "951"). */
  touchlinkBusy: () => boolean;
  /** `deleteDB`: empty the database keeping `keepKey`, then load every resource model again in place. */
  forgetDatabase: (keepKey: string) => Promise<void>;
}

/**
 * The gateway configuration: its settings (persisted through the store), their effects on the
 * bridge (permit join, channel, radio on/off, `groupdelay`/`otauactive` as bridge options, pushed
 * again whenever a bridge comes online) and the `config` events on the WebSocket. Routes read and
 * change the configuration only through this model.
 */
export class GatewayModel {
  private readonly log: Logger;
  private readonly offs: (() => void)[] = [];

  constructor(private readonly deps: GatewayModelDeps) {
    this.log = deps.logger.child({ module: 'gateway' });
  }

  settings(): Readonly<GatewaySettings> {
    return this.deps.store.settings();
  }

  /** Follows the bridge: options pushed when it comes online, its network progress relayed. */
  start(): void {
    this.offs.push(
      this.deps.link.subscribe((event) => {
        if (event.kind === 'bridge-online') void this.pushOptions();
        if (event.kind === 'bridge-event' && event.event.type === 'network') this.publish({ networkoperation: { ...event.event.data } });
      }),
    );
  }

  stop(): void {
    for (const off of this.offs.splice(0)) off();
  }

  /**
   * `PUT /config`: everything validated before (the caller), the radio asked first (a refusal is
   * the answer and nothing is stored), then one committed write, then the effects.
   */
  async modify(input: ConfigChanges, order: readonly string[]): Promise<ConfigSuccess[]> {
    const { patch, successes } = planChanges(input, order, this.deps.defaultName);
    const radioDone = await this.applyToRadio(patch);
    await this.deps.store.updateSettings(patch);
    if (input.unlock !== undefined) {
      // Not persisted on purpose: a restart locks the gateway again.
      this.deps.session.unlockedUntil = input.unlock > 0 ? this.deps.clock.now() + input.unlock * 1000 : 0;
      this.log.info({ seconds: input.unlock }, 'gateway unlock window set');
    }
    if (patch.groupdelay !== undefined || patch.otauactive !== undefined || patch.lightlastseeninterval !== undefined) await this.pushOptions();
    const shown = { ...patch, ...radioDone };
    if (Object.keys(shown).length > 0) this.publish(shown);
    noteClientClock(input, { now: this.deps.clock.now(), timeZone: this.settings().timezone, log: this.log });
    return successes;
  }

  /** `POST /lights`, `POST /sensors`: open the network for `networkopenduration` seconds. */
  async search(): Promise<number> {
    const seconds = this.searchSeconds(255);
    this.throwIfRefused('permitjoin', seconds, await this.deps.radio.setPermitJoin(seconds));
    this.log.info({ seconds }, 'device search started');
    return seconds;
  }

  /**
   * deCONZ `permitjoin` 255 means "open for the search duration" (`networkopenduration`, up to
   * 65535 s): the bridge keeps the network open that long, past the radio's 254 s frame.
   */
  searchSeconds(permitjoin: number): number {
    return permitjoin === 255 ? this.settings().networkopenduration : permitjoin;
  }

  /** `POST /config/update`: the newest herdgate version known (a check of the update channel first). */
  async checkForUpdate(): Promise<string> {
    return this.deps.updates.check(this.settings().updatechannel);
  }

  /** `swupdate`/`swupdate2` as the last check left them. */
  updateFields() {
    return this.deps.updates.fields();
  }

  /** `POST /config/updatefirmware`: the bridge flashes the radio where that is safe; else its reason. */
  async updateFirmware(): Promise<string> {
    const outcome = await this.deps.radio.updateFirmware();
    if (!outcome.ok) this.throwIfRefused('updatefirmware', '', outcome);
    else {
      this.log.info({ firmware: outcome.firmware, updated: outcome.updated }, 'radio firmware update done');
      this.publish({ fwversion: outcome.firmware, fwupdatestate: 'idle' });
      return outcome.firmware;
    }
    return '';
  }

  /**
   * `POST /config/reset`. `network` first (a new network through the bridge: every device must pair
   * again; a refusal is the answer and nothing is deleted), then `database`: everything but the
   * asking key, the login and the identity is deleted in one transaction and every model is loaded
   * again in place, while other requests are answered 503 busy (`session.resetting`).
   */
  async reset(what: { network: boolean; database: boolean }, keepKey: string): Promise<void> {
    if (!what.network && !what.database) return;
    const { session } = this.deps;
    if (session.resetting) throw new DeconzError({ type: 951, address: '/config/reset' }, { status: 503 });
    session.resetting = true;
    try {
      if (what.network) {
        this.throwIfRefused('reset', true, await this.deps.radio.resetNetwork());
        this.log.warn('new Zigbee network formed: every device must pair again');
        this.publish({ networkreset: true });
      }
      if (what.database) {
        this.log.warn('deleting the database (deleteDB): every resource and every other API key');
        await this.forgetDeviceNames();
        await this.deps.forgetDatabase(keepKey);
        session.unlockedUntil = 0;
        this.log.warn({ devices: this.deps.link.devices().size }, 'database deleted; devices still on the network are added again');
        this.publish({ databasereset: true });
        await this.pushOptions();
      }
    } finally {
      session.resetting = false;
    }
  }

  /**
   * The names users gave devices live on the bridge (one name per device, shared with the
   * Zigbee2MQTT API): `deleteDB` gives them back their default names first, so the devices that
   * come back as new resources are named as when they paired. A bridge that is away or refuses
   * keeps them (logged); the database is deleted all the same.
   */
  private async forgetDeviceNames(): Promise<void> {
    const ieees = [...this.deps.link.devices().keys()];
    if (ieees.length === 0) return;
    const outcome = await this.deps.radio.forgetNames(ieees);
    if (outcome.ok) this.log.info({ devices: ieees.length }, 'device names back to their defaults');
    else this.log.warn({ type: outcome.type, reason: outcome.reason }, 'device names kept on the bridge');
  }

  /** Publishes a `config` change on the WebSocket (herdgate's addition; deCONZ pushes none). */
  publish(config: Record<string, unknown>): void {
    this.deps.events.publish({ t: 'event', e: 'changed', r: 'config', config });
  }

  /**
   * Sends `groupdelay`, `otauactive` and `lightlastseeninterval` (the bridge limits lights'
   * `lastseen` updates, so MQTT readers see the same) to the bridge; a bridge away gets them when
   * it comes online.
   */
  private async pushOptions(): Promise<void> {
    const { groupdelay, otauactive, lightlastseeninterval } = this.settings();
    const outcome = await this.deps.radio.setOptions({ groupdelay, otauactive, lightlastseeninterval });
    if (outcome.ok) this.log.info({ groupdelay, otauactive, lightlastseeninterval }, 'bridge options applied');
    else this.log.warn({ type: outcome.type, reason: outcome.reason }, 'bridge options not applied (again when the bridge comes online)');
  }

  /**
   * Hands `permitjoin`, a new `zigbeechannel` and `rfconnected` to the radio and stops at the first
   * refusal (bridge away -> 950, busy -> 951, refused -> 901 with the reason): the answer says what
   * really happened. Radio actions done before the refusal are listed as successes.
   */
  private async applyToRadio(patch: Partial<GatewaySettings>): Promise<Record<string, unknown>> {
    const { radio, radioInfo } = this.deps;
    // deCONZ refuses to reconnect or disconnect the radio while touchlink has it.
    if (patch.rfconnected !== undefined && this.deps.touchlinkBusy())
      throw new DeconzError({ type: 901, address: '/config/rfconnected', params: { reason: '951' } });
    const jobs: [string, unknown, () => Promise<RadioOutcome>][] = [];
    if (patch.permitjoin !== undefined) jobs.push(['permitjoin', patch.permitjoin, () => radio.setPermitJoin(this.searchSeconds(patch.permitjoin!))]);
    // Compared with the channel the radio is on, not the stored wish.
    if (patch.zigbeechannel !== undefined && patch.zigbeechannel !== radioInfo.snapshot().zigbeechannel) {
      jobs.push(['zigbeechannel', patch.zigbeechannel, () => radio.setChannel(patch.zigbeechannel!)]);
    }
    if (patch.rfconnected !== undefined) jobs.push(['rfconnected', patch.rfconnected, () => radio.setConnected(patch.rfconnected!)]);
    const done: Record<string, unknown>[] = [];
    const changed: Record<string, unknown> = {};
    for (const [name, value, job] of jobs) {
      this.throwIfRefused(name, value, await job(), done);
      done.push({ [`/config/${name}`]: value });
      changed[name] = value;
    }
    return changed;
  }

  private throwIfRefused(name: string, value: unknown, outcome: RadioOutcome, done: Record<string, unknown>[] = []): void {
    if (outcome.ok) return;
    this.log.warn({ setting: name, value, type: outcome.type, reason: outcome.reason }, 'radio refused a config change');
    throw new DeconzError({ type: outcome.type, address: `/config/${name}`, params: { reason: outcome.reason } }, { successes: done });
  }
}
