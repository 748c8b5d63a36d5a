/**
 * The libSQL schema. Migrations under `api/drizzle/` are generated from this file with
 * `npm run db:generate -w @herdgate/api` and applied at start; never edit them by hand.
 */
import { customType, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** The whitelist: one row per API key. Times are epoch milliseconds (UTC). */
export const apiKeys = sqliteTable('api_keys', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  createdAt: integer('created_at').notNull(),
  lastUsedAt: integer('last_used_at').notNull(),
  userAgent: text('user_agent'),
});

/** Gateway settings as key → JSON value, so a new setting needs no migration. */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Monotonic id allocation per resource kind (`lights`, `sensors`, `rules`…): ids are never reused,
 * even after a delete, so a client holding an old id never addresses a different resource.
 */
export const idSequences = sqliteTable('id_sequences', {
  name: text('name').primaryKey(),
  lastId: integer('last_id').notNull(),
});

/**
 * Light resources (issue #5). One row per light sub-device ever seen, keyed by its deCONZ uniqueid.
 * Deleted lights keep their row (`deleted` = 1) so an id is never handed to another device, and a
 * device that rejoins gets its old id and name back.
 */
export const lights = sqliteTable('lights', {
  id: integer('id').primaryKey(),
  uniqueid: text('uniqueid').notNull().unique(),
  ieee: text('ieee').notNull(),
  endpoint: integer('endpoint').notNull(),
  name: text('name').notNull(),
  deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
});

/**
 * Groups (issue #5): the id is the Zigbee group address. Deleted groups keep their row so the
 * address is not reused while devices may still hold the old membership. List fields are JSON.
 */
export const lightGroups = sqliteTable('light_groups', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  class: text('class'),
  hidden: integer('hidden', { mode: 'boolean' }).notNull().default(false),
  lights: text('lights').notNull(),
  lightsequence: text('lightsequence').notNull(),
  multideviceids: text('multideviceids').notNull(),
  devicemembership: text('devicemembership').notNull(),
  action: text('action').notNull(),
  deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
});

/**
 * Group memberships the gateway cannot vouch for (`resources/groups/membership-doubts.ts`): a
 * membership request whose answer was lost may still have reached the device. Each is asserted
 * again when the bridge comes back, also after an api restart.
 */
export const groupMembershipDoubts = sqliteTable(
  'group_membership_doubts',
  {
    groupId: text('group_id').notNull(),
    lightId: text('light_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.lightId] })],
);

/** Scenes of a group (issue #5): per-light states as JSON; ids 1-255 per group. */
export const groupScenes = sqliteTable(
  'group_scenes',
  {
    groupId: integer('group_id').notNull(),
    sceneId: integer('scene_id').notNull(),
    name: text('name').notNull(),
    transitiontime: integer('transitiontime').notNull(),
    lights: text('lights').notNull(),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.sceneId] })],
);

/**
 * Sensor resources (issue #6): device sub-devices, CLIP sensors and the Daylight sensor. Device rows
 * survive deletes (`deleted` = 1) so a rejoining device gets its old id and name back; CLIP rows are
 * removed. `state`/`config` hold JSON for the items the gateway itself owns (CLIP, Daylight, names of
 * device config kept locally); device state comes from the bridge's retained topics.
 */
export const sensors = sqliteTable('sensors', {
  id: integer('id').primaryKey(),
  uniqueid: text('uniqueid').notNull(),
  kind: text('kind', { enum: ['device', 'clip', 'daylight'] }).notNull(),
  type: text('type').notNull(),
  name: text('name').notNull(),
  modelid: text('modelid').notNull(),
  manufacturername: text('manufacturername').notNull(),
  swversion: text('swversion').notNull(),
  ieee: text('ieee'),
  endpoint: integer('endpoint'),
  mode: integer('mode'),
  state: text('state').notNull(),
  config: text('config').notNull(),
  deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
});

/**
 * The radio identity the bridge last reported (bridge id, MAC, PAN id, channel, firmware, device
 * name) as JSON, one row `last`: a restart without the bridge still answers with the same identity.
 */
export const radioIdentity = sqliteTable('radio_identity', {
  id: text('id').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Rules (issue #6): conditions and actions as the client sent them (JSON), compiled again at load.
 * Deleted rules are removed; their ids stay taken through `id_sequences`. Times are epoch ms.
 */
export const rules = sqliteTable('rules', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  owner: text('owner').notNull(),
  status: text('status', { enum: ['enabled', 'disabled'] }).notNull(),
  periodic: integer('periodic').notNull(),
  conditions: text('conditions').notNull(),
  actions: text('actions').notNull(),
  createdAt: integer('created_at').notNull(),
  lastTriggeredAt: integer('last_triggered_at'),
  timesTriggered: integer('times_triggered').notNull(),
  etag: text('etag').notNull(),
});

/**
 * Schedules (issue #6). `nextFireAt` is the committed next firing: it is advanced in the same
 * transaction that decides a firing, so a restart never fires one occurrence twice, and an
 * occurrence that fell due while the gateway was down is still found at start.
 */
export const schedules = sqliteTable('schedules', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  command: text('command').notNull(),
  time: text('time'),
  localtime: text('localtime'),
  status: text('status', { enum: ['enabled', 'disabled'] }).notNull(),
  autodelete: integer('autodelete', { mode: 'boolean' }).notNull(),
  createdAt: integer('created_at').notNull(),
  startedAt: integer('started_at').notNull(),
  nextFireAt: integer('next_fire_at'),
  firings: integer('firings').notNull(),
  etag: text('etag').notNull(),
});

/**
 * Alarm systems (issue #9). `config` holds the delays and durations as JSON; `pin` the PIN as a
 * PBKDF2 record (JSON, never the PIN). The running state is stored as the target mode, the current
 * phase and the epoch ms at which that phase ends, so a restart resumes a countdown exactly.
 */
export const alarmSystems = sqliteTable('alarm_systems', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  config: text('config').notNull(),
  pin: text('pin'),
  armmode: text('armmode').notNull(),
  armstate: text('armstate').notNull(),
  /** Epoch ms the current timed phase (exit/entry delay, arming, in alarm) ends; null otherwise. */
  deadline: integer('deadline'),
});

/**
 * PIN guessing state per alarm system (`resources/alarmsystems/pin-guard.ts`): recent wrong PINs
 * (JSON epoch ms), the lock-out's end and how many lock-outs in a row. Kept so that a restart of
 * the api does not lift an attacker's lock-out. No row: no wrong PIN since the last good one.
 */
export const alarmPinGuards = sqliteTable('alarm_pin_guards', {
  alarmsystem: text('alarmsystem').primaryKey(),
  failures: text('failures').notNull(),
  lockedUntil: integer('locked_until').notNull(),
  lockouts: integer('lockouts').notNull(),
});

/** Members of alarm systems: a device (sensor, light, keypad) belongs to at most one. */
export const alarmDevices = sqliteTable('alarm_devices', {
  uniqueid: text('uniqueid').primaryKey(),
  alarmsystem: text('alarmsystem').notNull(),
  armmask: text('armmask').notNull(),
  trigger: text('trigger'),
});

/** Raw bytes as a BLOB, read back as a Uint8Array on any runtime (no Buffer). */
const bytes = customType<{ data: Uint8Array; driverData: ArrayBuffer | Uint8Array }>({
  dataType: () => 'blob',
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value)),
});

/**
 * DDF policy per device (issue #10), keyed by the device MAC with colons. Absent: the default
 * policy (`latest_prefer_stable`). `hash` is the pinned bundle for `pin`.
 */
export const deviceDdfPolicies = sqliteTable('device_ddf_policies', {
  mac: text('mac').primaryKey(),
  policy: text('policy', { enum: ['latest_prefer_stable', 'latest', 'pin', 'raw_json'] }).notNull(),
  hash: text('hash'),
});

/**
 * Uploaded DDF bundles (issue #10): immutable, keyed by the bundle hash (SHA-256 of the DDFB
 * chunk). `seq` orders the descriptor listing (upload order) and is its paging cursor.
 */
export const ddfBundles = sqliteTable('ddf_bundles', {
  hash: text('hash').primaryKey(),
  seq: integer('seq').notNull().unique(),
  fileHash: text('file_hash').notNull(),
  descriptor: text('descriptor').notNull(),
  signatures: text('signatures').notNull(),
  data: bytes('data').notNull(),
  uploadedAt: integer('uploaded_at').notNull(),
});

/**
 * Resourcelinks (deCONZ and Hue): a named list of resource addresses a client groups together.
 * `links` is a JSON array of addresses (`/lights/1`, `/rules/3`…). Deleted ones are removed; their
 * ids stay taken through `id_sequences`.
 */
export const resourcelinks = sqliteTable('resourcelinks', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  type: text('type').notNull(),
  classid: integer('classid').notNull(),
  owner: text('owner').notNull(),
  recycle: integer('recycle', { mode: 'boolean' }).notNull(),
  links: text('links').notNull(),
});
