import type { RemovedDevice } from '@herdgate/shared/mqtt';
import type { GroupRecord } from '../groups/types';
import type { SceneRecord } from '../scenes/types';

/** A resource of a device: its id and the device's IEEE address. */
export interface DeviceResource {
  id: string;
  ieee: string;
}

export interface DepartureInput {
  /** The bridge's record of the devices it no longer has. */
  removed: readonly RemovedDevice[];
  /** Devices the bridge describes now: never treated as gone, whatever a record says. */
  present: ReadonlySet<string>;
  /** Live lights and live device sensors. */
  lights: readonly DeviceResource[];
  sensors: readonly DeviceResource[];
}

/** What goes: lights and sensors by id, and the devices they belong to. */
export interface Departure {
  ieees: string[];
  lights: string[];
  sensors: string[];
}

/**
 * Which resources belong to devices the bridge no longer has. Only the bridge's explicit record
 * counts, never a device merely missing from the mirror: after a start of either side the
 * descriptions arrive one by one, and a device not described yet is not gone.
 *
 * Sensors go for every reason, as they do when the api sees a device leave. Lights go when the
 * device was removed or left; after a new network (`reset`) they stay, unreachable, because every
 * device must pair again and a light that rejoins keeps its id, groups and scenes (its state
 * writes answer 202 "pair it again" meanwhile).
 */
export function planDeparture(input: DepartureInput): Departure {
  const reasons = new Map(input.removed.filter((d) => !input.present.has(d.ieee)).map((d) => [d.ieee, d.reason]));
  const lights = input.lights.filter((l) => {
    const reason = reasons.get(l.ieee);
    return reason === 'removed' || reason === 'left';
  });
  const sensors = input.sensors.filter((s) => reasons.has(s.ieee));
  const ieees = [...new Set([...lights, ...sensors].map((r) => r.ieee))].sort();
  return { ieees, lights: lights.map((l) => l.id), sensors: sensors.map((s) => s.id) };
}

/** Does the group hold any of these lights (as member) or sensors (in `devicemembership`)? */
export function groupHolds(group: GroupRecord, lights: ReadonlySet<string>, sensors: ReadonlySet<string>): boolean {
  return group.lights.some((id) => lights.has(id)) || group.devicemembership.some((id) => sensors.has(id));
}

/** The group without these lights and sensors. */
export function groupWithout(group: GroupRecord, lights: ReadonlySet<string>, sensors: ReadonlySet<string>): GroupRecord {
  return {
    ...group,
    lights: group.lights.filter((id) => !lights.has(id)),
    lightsequence: group.lightsequence.filter((id) => !lights.has(id)),
    multideviceids: group.multideviceids.filter((id) => !lights.has(id)),
    devicemembership: group.devicemembership.filter((id) => !sensors.has(id)),
  };
}

/** The scene without these lights' stored states. */
export function sceneWithout(scene: SceneRecord, lights: ReadonlySet<string>): SceneRecord {
  return { ...scene, lights: scene.lights.filter((light) => !lights.has(light.id)) };
}
