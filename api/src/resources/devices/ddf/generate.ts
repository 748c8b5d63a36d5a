import type { DeviceBinding, DeviceDescription, EndpointDescriptor, Subdevice } from '@herdgate/shared/mqtt';
import { REPORT_TYPES, ZCL_ITEMS, type ZclItem } from './zcl-items';

/**
 * The DDF (devcap1 shape, as `GET /devices/<mac>/ddf` answers) of a device that has no uploaded
 * bundle, generated from what the bridge knows: identity, the interview's endpoints and clusters
 * (fingerprints), each sub-device's items with the ZCL `parse`/`read` deCONZ would use, and the
 * bindings and reporting the bridge configured. Pure; golden-tested.
 */
const h2 = (n: number) => `0x${n.toString(16).padStart(2, '0')}`;
const h4 = (n: number) => `0x${n.toString(16).padStart(4, '0')}`;

/** Attribute items every deCONZ DDF sub-device lists. */
const ATTR_ITEMS = [
  'attr/id',
  'attr/lastannounced',
  'attr/lastseen',
  'attr/manufacturername',
  'attr/modelid',
  'attr/name',
  'attr/swversion',
  'attr/type',
  'attr/uniqueid',
];

function clusterOf(sub: Subdevice): number | undefined {
  const part = sub.uniqueid.split('-')[2];
  return part === undefined ? undefined : Number.parseInt(part, 16);
}

function fingerprint(sub: Subdevice, endpoint: EndpointDescriptor | undefined): Record<string, unknown> {
  return {
    profile: h4(endpoint?.profile ?? 0x0104),
    device: h4(endpoint?.device ?? 0),
    endpoint: h2(sub.endpoint),
    in: (endpoint?.in ?? []).map(h4),
    out: (endpoint?.out ?? []).map(h4),
  };
}

function item(name: string, sub: Subdevice, sleeper: boolean): Record<string, unknown> {
  const zcl: ZclItem | undefined = ZCL_ITEMS[`${sub.type}:${name}`] ?? ZCL_ITEMS[name];
  if (!zcl) return { name };
  const where = { ep: sub.endpoint, cl: h4(zcl.cl) };
  const parse =
    zcl.mask !== undefined
      ? { fn: 'ias:zonestatus', ...where, mask: zcl.mask }
      : { fn: 'zcl:attr', ...where, at: h4(zcl.at ?? 0), eval: zcl.eval ?? 'Item.val = Attr.val' };
  const readable = zcl.readable === true && zcl.at !== undefined && !sleeper;
  return {
    name,
    ...(sleeper ? { awake: true } : {}),
    parse,
    ...(readable ? { read: { fn: 'zcl:attr', ...where, at: h4(zcl.at!) }, refresh: { interval: 3600 } } : {}),
  };
}

function binding(b: DeviceBinding): Record<string, unknown> {
  const cl = h4(b.cluster);
  const report = b.reporting.map((r) => ({
    at: h4(r.attribute),
    ...(REPORT_TYPES[`${cl}:${h4(r.attribute)}`] ? { dt: REPORT_TYPES[`${cl}:${h4(r.attribute)}`] } : {}),
    min: r.min,
    max: r.max,
    ...(typeof r.change === 'number' ? { change: h4(r.change) } : {}),
  }));
  return {
    bind: b.group === undefined ? 'unicast' : 'groupcast',
    src: { ep: b.endpoint },
    cl,
    ...(b.group === undefined ? {} : { config: { group: b.group } }),
    ...(report.length > 0 ? { report } : {}),
  };
}

export function generateDdf(device: DeviceDescription): Record<string, unknown> {
  const sleeper = device.powersource === 'battery';
  const product = device.productid ?? device.modelid;
  return {
    schema: 'devcap1.schema.json',
    manufacturername: device.manufacturername,
    modelid: device.modelid,
    vendor: device.manufacturername,
    product,
    sleeper,
    status: device.supported ? 'Gold' : 'Draft',
    path: `generated/${product.replace(/[^\w.-]+/g, '_')}.json`,
    subdevices: device.subdevices.map((sub) => {
      const cluster = clusterOf(sub);
      return {
        type: sub.type,
        restapi: `/${sub.resource}`,
        uuid: ['$address.ext', h2(sub.endpoint), ...(cluster === undefined ? [] : [h4(cluster)])],
        meta: {},
        fingerprint: fingerprint(
          sub,
          device.endpoints?.find((e) => e.id === sub.endpoint),
        ),
        items: [
          ...ATTR_ITEMS.map((name) => ({ name })),
          ...sub.state.map((name) => item(`state/${name}`, sub, sleeper)),
          ...sub.config.map((name) => item(`config/${name}`, sub, sleeper)),
        ],
      };
    }),
    bindings: (device.bindings ?? []).map(binding),
  };
}
