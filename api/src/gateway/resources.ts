/**
 * The resource models of one gateway (lights, groups, scenes, sensors, alarm systems, devices, DDF
 * bundles, rules, schedules, resourcelinks), loaded from the store and attached to the bridge link
 * as one unit, so `deleteDB` can close them, empty the database and load them again in the same
 * process (`rebuildResources`): the event hub, the bridge link, the app and its WebSocket clients
 * stay.
 */
import type { Logger } from 'pino';
import { serveBridgeGroups } from '../routes/groups/bridge-requests';
import { followBridgeNames } from '../resources/devices/follow-bridge-names';
import { loadAutomation, type Automation, type InternalRequests } from '../automation';
import { automationCollections } from '../automation/seed';
import { deletedEvent, type EventHub } from '../events';
import { openAlarmSystems } from '../resources/alarmsystems';
import { DdfBundles } from '../resources/ddf/bundles-model';
import { DevicesModel } from '../resources/devices/devices-model';
import { followDeviceMembership } from '../resources/groups/device-membership';
import { startLighting } from '../resources/lights/start-lighting';
import { followRemovedDevices } from '../resources/removed-devices';
import { openSensorsModel } from '../resources/sensors';
import { ResourcelinksModel } from '../resources/resourcelinks/resourcelinks-model';
import type { ResolveHost } from '../security/webhook-target';
import type { BridgeLink } from '../services/bridge-link';
import type { Clock } from '../services/clock';
import type { Timers } from '../services/timers';
import type { Services } from '../context';
import type { Store } from '../store/types';

export type ResourceModels = Pick<Services, 'automation' | 'sensors' | 'lights' | 'groups' | 'scenes' | 'alarms' | 'ddf' | 'devices' | 'resourcelinks'>;

export interface ResourceDeps {
  store: Store;
  events: EventHub;
  clock: Clock;
  timers: Timers;
  logger: Logger;
  bridge: BridgeLink;
  internal: InternalRequests;
  webhookAllowLocal: boolean;
  resolveHost?: ResolveHost;
  webhookFetch?: typeof fetch;
}

export interface OpenResources {
  models: ResourceModels;
  /** Starts rules and schedules once the models are on `services` (they read its collections). */
  start(services: Services): Promise<void>;
  /** Stops timers and detaches from the link, newest first; resolves once pending updates are applied. */
  close(): Promise<void>;
}

export async function openResources(deps: ResourceDeps): Promise<OpenResources> {
  const { store, events, clock, timers, logger, bridge } = deps;
  const closers: (() => unknown)[] = [];
  const close = async () => {
    for (const closer of closers.splice(0).reverse()) await closer();
  };
  try {
    const automation: Automation = await loadAutomation({
      store,
      clock,
      events,
      logger,
      internal: deps.internal,
      timers,
      webhookAllowLocal: deps.webhookAllowLocal,
      resolveHost: deps.resolveHost,
      fetch: deps.webhookFetch,
    });
    const sensors = await openSensorsModel({ store, events, clock, logger, bridge, timers });
    closers.push(async () => {
      sensors.close();
      await sensors.idle();
    });
    const lighting = await startLighting({ store, bridge, events, logger });
    closers.push(() => lighting.close());
    closers.push(followDeviceMembership({ bridge, sensors, groups: lighting.groups, logger }));
    closers.push(followRemovedDevices({ bridge, store, sensors, ...lighting, logger }));
    const alarms = await openAlarmSystems({ store, clock, timers, events, logger, sensors, lights: lighting.lights, bridge });
    closers.push(() => alarms.close());
    const ddf = await DdfBundles.open(store, logger);
    const devices = await DevicesModel.open({ store, link: bridge, events, clock, logger, bundles: ddf });
    closers.push(() => devices.close());
    const resourcelinks = await ResourcelinksModel.load(store);
    // Registered before `start`: a start that fails half-way may already have set timers.
    closers.push(() => automation.stop());
    const { lights, groups, scenes } = lighting;
    return {
      models: { automation, sensors, lights, groups, scenes, alarms: alarms.model, ddf, devices, resourcelinks },
      start: (services) => {
        closers.push(serveBridgeGroups(services), followBridgeNames(services));
        return automation.start(automationCollections(services));
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * The open models of a running gateway. `forgetDatabase` is `deleteDB`: close the models, empty the
 * database (one transaction, `store.forgetData`), load the models again and put them on `services`
 * in place. Devices still paired with the bridge are in the link's mirror, so they come back at
 * once as new lights and sensors (new ids, default names). When the database refuses the write,
 * nothing was deleted and the models are loaded again from it unchanged.
 */
export class GatewayResources {
  private constructor(
    private current: OpenResources,
    private readonly deps: ResourceDeps,
  ) {}

  static async open(deps: ResourceDeps): Promise<GatewayResources> {
    return new GatewayResources(await openResources(deps), deps);
  }

  get models(): ResourceModels {
    return this.current.models;
  }

  start(services: Services): Promise<void> {
    return this.current.start(services);
  }

  close(): Promise<void> {
    return this.current.close();
  }

  forgetDatabase(services: Services, keepKey: string): Promise<void> {
    return this.rebuild(services, () => this.deps.store.forgetData(keepKey), true);
  }

  /**
   * A restore: the same rebuild around `replace` (`store.replaceAll`). No `deleted` events: the
   * restored gateway has other resources under the same ids, so clients load it again whole, as
   * after deCONZ restarts into an imported backup.
   */
  replaceDatabase(services: Services, replace: () => Promise<void>): Promise<void> {
    return this.rebuild(services, replace, false);
  }

  private async rebuild(services: Services, change: () => Promise<void>, announce: boolean): Promise<void> {
    await this.current.close();
    const gone = announce ? this.goneEvents() : [];
    let failure: unknown;
    await change().catch((err: unknown) => {
      failure = err;
    });
    // Deleted before the devices still paired come back (`added`, with new ids, while loading).
    if (failure === undefined) for (const event of gone) this.deps.events.publish(event);
    this.current = await openResources(this.deps);
    Object.assign(services, this.current.models);
    await this.current.start(services);
    if (failure !== undefined) throw failure;
    // Restored: clients reconnect and load the new gateway whole, as after deCONZ restarts into a backup.
    if (!announce) this.deps.events.restartClients('the gateway restored a backup');
  }

  /** `deleted` events for every light, group and sensor the reset removes. */
  private goneEvents() {
    const { lights, groups, sensors } = this.current.models;
    return [
      ...lights.live().map((entry) => deletedEvent({ r: 'lights', id: entry.row.id, uniqueid: entry.row.uniqueid })),
      ...groups.live().map((entry) => deletedEvent({ r: 'groups', id: entry.record.id })),
      ...Object.entries(sensors.list()).map(([id, sensor]) => deletedEvent({ r: 'sensors', id, uniqueid: sensor.uniqueid })),
    ];
  }
}
