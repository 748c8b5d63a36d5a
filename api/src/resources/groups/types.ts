/** A group as stored and held in memory; `id` is its Zigbee group address in decimal. */
export interface GroupRecord {
  id: string;
  name: string;
  type: string;
  class: string | null;
  hidden: boolean;
  lights: string[];
  lightsequence: string[];
  multideviceids: string[];
  devicemembership: string[];
  /** The last action sent to the group, plus `scene` (the last recalled scene id). */
  action: Record<string, unknown>;
  deleted: boolean;
}

export interface GroupEntry {
  record: GroupRecord;
  state: { all_on: boolean; any_on: boolean };
  /** Body form (no quotes). */
  etag: string;
}

/** The Zigbee address of the special group `All` (shown as `/groups/0`), as deCONZ uses. */
export const ALL_GROUP_ADDRESS = 0xfff0;
/** Highest address `POST /groups` hands out; above it the `All` group and reserved ones. */
export const MAX_GROUP_ADDRESS = 0xffef;

export const GROUP_TYPES = ['LightGroup', 'Luminaire', 'Lightsource', 'Room'] as const;
export const ROOM_CLASSES = [
  'Attic',
  'Balcony',
  'Barbecue',
  'Bathroom',
  'Bedroom',
  'Carport',
  'Closet',
  'Computer',
  'Dining',
  'Downstairs',
  'Driveway',
  'Front door',
  'Garage',
  'Garden',
  'Guest room',
  'Gym',
  'Hallway',
  'Home',
  'Kids bedroom',
  'Kitchen',
  'Laundry room',
  'Living room',
  'Lounge',
  'Man cave',
  'Music',
  'Nursery',
  'Office',
  'Other',
  'Pool',
  'Porch',
  'Reading',
  'Recreation',
  'Staircase',
  'Storage',
  'Studio',
  'TV',
  'Terrace',
  'Toilet',
  'Top floor',
  'Upstairs',
] as const;

export const DEFAULT_ACTION: Readonly<Record<string, unknown>> = {
  alert: 'none',
  bri: 0,
  colormode: 'hs',
  ct: 0,
  effect: 'none',
  hue: 0,
  on: false,
  sat: 0,
  scene: null,
  xy: [0, 0],
};
