/** A simulated device composed from a catalogue entry: the `SimDevice` the radio core talks to. */
import type {
  ActionInfo,
  ActionResult,
  Delivery,
  DeviceContext,
  DeviceIdentity,
  DeviceSettings,
  DeviceStateView,
  OtaControl,
  SimDevice,
} from '../network/types';
import { attributeById, clusterById, resolveCluster } from '../zcl/index';
import { type ZdoDevice, respondZdo } from '../zdo/responder';
import { availableActions } from './actions';
import { motions } from './behaviours/animate';
import type { CatalogueEntry } from './catalogue-schema';
import { DeviceHost } from './device-host';
import { type DeviceSnapshot, restoreInto, seed } from './snapshot';
import { handleZcl } from './zcl-handler';
import type { BindRequest } from '../zdo/responder';

const ZDO_PROFILE = 0x0000;

export class CatalogueDevice implements SimDevice {
  private readonly host: DeviceHost;
  private readonly zdo: ZdoDevice;
  /** Set for a device made from its descriptors: its entry travels in the state file. */
  ownEntry: CatalogueEntry | undefined;

  constructor(identity: DeviceIdentity, entry: CatalogueEntry, ctx: DeviceContext, snapshot?: DeviceSnapshot, settings?: DeviceSettings) {
    this.host = new DeviceHost(identity, entry, ctx);
    this.zdo = {
      nwk: identity.nwk,
      logicalType: entry.logicalType,
      macCapabilities: entry.macCapabilities,
      manufacturerCode: entry.manufacturerCode,
      endpoints: entry.endpoints,
    };
    seed(this.host, settings);
    if (snapshot) restoreInto(this.host, snapshot);
  }

  get identity(): DeviceIdentity {
    return this.host.identity;
  }

  receive(frame: Delivery): void {
    if (frame.profileId === ZDO_PROFILE && frame.dstEndpoint === 0) return this.receiveZdo(frame);
    handleZcl(this.host, frame);
  }

  private receiveZdo(frame: Delivery): void {
    if (frame.group !== undefined || frame.broadcast) return; // broadcast ZDO is the radio core's business
    const memory = this.host.memory;
    const toBinding = (req: BindRequest) => ({ endpoint: req.srcEndpoint, cluster: req.cluster, to: req.to });
    const response = respondZdo(
      this.zdo,
      {
        bind: (req) => (memory.bind(toBinding(req)), this.host.changed(), 0),
        unbind: (req) => (memory.unbind(toBinding(req)) ? (this.host.changed(), 0) : 0x88),
      },
      frame.clusterId,
      frame.asdu,
    );
    if (response) this.host.ctx.send({ to: { kind: 'coordinator', endpoint: 0 }, srcEndpoint: 0, profileId: ZDO_PROFILE, ...response });
  }

  endpointsInGroup(group: number): number[] {
    return this.host.memory.endpointsInGroup(group);
  }

  act(action: string, params: Record<string, unknown>): ActionResult {
    const found = availableActions(this.host).find((a) => a.name === action);
    if (!found)
      return {
        ok: false,
        error: `unknown action "${action}" for ${this.identity.model} (has: ${
          this.actions()
            .map((a) => a.name)
            .join(', ') || 'none'
        })`,
      };
    return found.run(this.host, params ?? {});
  }

  actions(): ActionInfo[] {
    return availableActions(this.host).map(({ name, description, params }) => (params ? { name, description, params } : { name, description }));
  }

  inspect(): DeviceStateView {
    const { identity, store, memory, reporting } = this.host;
    const endpoints: DeviceStateView['endpoints'] = store.snapshot();
    for (const [ep, clusters] of Object.entries(memory.clientState)) Object.assign((endpoints[ep] ??= {}), structuredClone(clusters));
    const groups: DeviceStateView['groups'] = {};
    for (const [ep, g] of memory.groups) if (g.size > 0) groups[ep] = [...g.keys()];
    const named = (id: number) => clusterById(id)?.name ?? String(id);
    return {
      ieee: identity.ieee,
      nwk: identity.nwk,
      model: identity.model,
      endpoints,
      groups,
      scenes: memory.scenes.map((s) => ({
        endpoint: s.endpoint,
        group: s.group,
        scene: s.scene,
        ...(s.name ? { name: s.name } : {}),
        transitionTime: s.transitionTime,
        values: Object.fromEntries(Object.entries(s.values).map(([id, v]) => [named(Number(id)), v])),
      })),
      bindings: memory.bindings.map((b) => ({ endpoint: b.endpoint, cluster: b.cluster, to: b.to })),
      reporting: reporting.list().map((r) => ({ ...r, ...attrName(r.cluster, r.attribute) })),
      ...(Object.keys(memory.schedules).length > 0 ? { schedules: structuredClone(memory.schedules) } : {}),
      ...(this.host.tuya ? { datapoints: this.host.tuya.view(), mcuClock: this.host.tuya.clock() ?? null } : {}),
      ...(this.host.ota ? { ota: this.host.ota.view() } : {}),
      motions: motions(this.host),
    };
  }

  snapshot(): DeviceSnapshot {
    return { version: 1, attributes: this.host.store.snapshot(), reporting: this.host.reporting.list(), memory: this.host.memory.snapshot() };
  }

  start(): void {
    this.host.reporting.start();
    for (const [ep, behaviours] of this.host.servers) for (const b of behaviours.values()) b.start?.(this.host, ep);
    this.host.ota?.start();
  }

  definition(): CatalogueEntry | undefined {
    return this.ownEntry;
  }

  ota(): OtaControl | undefined {
    return this.host.ota;
  }

  stop(): void {
    this.host.timers.stop();
  }
}

function attrName(cluster: number, attribute: number): { clusterName?: string; attributeName?: string } {
  const c = resolveCluster(cluster);
  const a = c && attributeById(c, attribute);
  return c ? { clusterName: c.name, ...(a ? { attributeName: a.name } : {}) } : {};
}
