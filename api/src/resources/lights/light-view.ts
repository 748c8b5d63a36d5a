import { unsetValue, withItemDefaults } from '@herdgate/shared/deconz';
import type { DeviceDescription, EndpointState, ItemValue, Subdevice } from '@herdgate/shared/mqtt';
import { traitsOf } from './traits';
import type { LightEntry } from './types';

/**
 * The deCONZ `state` of a light sub-device from its endpoint's retained state: every item the
 * sub-device declares, those the light has not reported yet at their unset value (deCONZ shows
 * them from the start), `alert` always `none` (it is momentary), and `reachable` from the device's
 * availability when the endpoint does not say.
 */
export function lightState(subdevice: Subdevice, device: DeviceDescription, endpoint: EndpointState | undefined): Record<string, ItemValue> {
  const out: Record<string, ItemValue> = {};
  const items = endpoint?.state ?? {};
  for (const name of subdevice.state) {
    const value = (items as Record<string, ItemValue | undefined>)[name];
    if (name === 'lastupdated') continue;
    const shown = value === undefined ? unsetValue(name) : value;
    if (shown !== undefined) out[name] = shown;
  }
  if (subdevice.state.includes('alert')) out.alert = 'none';
  const reachable = (items as Record<string, ItemValue | undefined>).reachable;
  out.reachable = device.availability === 'online' && reachable !== false;
  return out;
}

/**
 * A light's state as shown: items the light has not reported yet at deCONZ's defaults (`on` false,
 * `bri` 0, `effect` "none"). A view only: `entry.state` keeps them unset, so a group's `all_on`
 * and a relative step count only what the light reported.
 */
export function shownLightState(state: LightEntry['state']): Record<string, ItemValue> {
  return withItemDefaults({ ...state });
}

/** A light's start-up brightness from its endpoint's config, when the sub-device declares one. */
export function lightPowerup(subdevice: Subdevice, endpoint: EndpointState | undefined): number | undefined {
  const value = subdevice.config.includes('powerup') ? (endpoint?.config as Record<string, ItemValue | undefined> | undefined)?.powerup : undefined;
  return typeof value === 'number' ? value : undefined;
}

/** The attributes a rename, a device update or a new start-up brightness can change (the `attr` of events). */
export function lightAttr(entry: LightEntry): Record<string, unknown> {
  const device = entry.device;
  return {
    ...(entry.powerup !== undefined ? { powerup: entry.powerup } : {}),
    id: entry.row.id,
    lastannounced: device?.lastannounced ?? null,
    lastseen: device?.lastseen ?? null,
    manufacturername: device?.manufacturername ?? '',
    modelid: device?.modelid ?? '',
    name: entry.row.name,
    swversion: device?.swversion ?? '',
    type: entry.subdevice?.type ?? 'Unknown',
    uniqueid: entry.row.uniqueid,
  };
}

/** `GET /lights/<id>`: the light object as deCONZ (plain v1 Accept) shows it. */
export function lightView(entry: LightEntry, groups: readonly string[]): Record<string, unknown> {
  const type = entry.subdevice?.type ?? 'On/Off light';
  const traits = traitsOf(type, entry.subdevice?.capabilities);
  const { id: _id, ...attr } = lightAttr(entry);
  const view: Record<string, unknown> = {
    ...attr,
    capabilities: capabilities(traits),
    colorcapabilities: traits.colorcapabilities,
    config: { groups: [...groups] },
    etag: entry.etag,
    hascolor: traits.colormodes.length > 0,
    // Listed by the spec as unused; clients that read it expect an object.
    pointsymbol: {},
    state: shownLightState(entry.state),
  };
  if (entry.device?.productid !== undefined) view.productid = entry.device.productid;
  if (traits.ct) {
    view.ctmin = traits.ct.min;
    view.ctmax = traits.ct.max;
  }
  return view;
}

function capabilities(traits: ReturnType<typeof traitsOf>): Record<string, unknown> {
  const out: Record<string, unknown> = { alerts: [...traits.alerts] };
  if (traits.colormodes.length > 0) {
    const color: Record<string, unknown> = { effects: [...traits.effects], modes: [...traits.colormodes] };
    if (traits.ct) color.ct = { computes_xy: false, max: traits.ct.max, min: traits.ct.min };
    out.color = color;
  }
  return out;
}
