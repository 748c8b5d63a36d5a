import type { ZigbeeRadio } from '../../zigbee/index';

/**
 * What Zigbee2MQTT adds to every device state message: `linkquality` (the link quality of the
 * last frame heard from the device) and, when `advanced.last_seen` is not `disable` (its default),
 * `last_seen` in the chosen format. Kept per device from the radio's reports; read once from the
 * radio for a device not heard since the bridge started.
 */
export const LAST_SEEN_FORMATS = ['disable', 'ISO_8601', 'ISO_8601_local', 'epoch'] as const;
export type LastSeenFormat = (typeof LAST_SEEN_FORMATS)[number];

/** ISO 8601 in local time with the offset, as Zigbee2MQTT's `ISO_8601_local`. */
function localIso(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const pad = (n: number, width = 2) => String(Math.floor(Math.abs(n))).padStart(width, '0');
  const sign = offset >= 0 ? '+' : '-';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}${sign}${pad(offset / 60)}:${pad(offset % 60)}`;
}

export function formatLastSeen(at: number, format: Exclude<LastSeenFormat, 'disable'>): string | number {
  if (format === 'epoch') return at;
  return format === 'ISO_8601' ? new Date(at).toISOString() : localIso(new Date(at));
}

export function createHeard(radio: Pick<ZigbeeRadio, 'device'>) {
  const facts = new Map<string, { linkquality?: number; lastSeen?: number }>();
  let lastSeen: LastSeenFormat = 'disable';
  const of = (ieee: string) => {
    let entry = facts.get(ieee);
    if (!entry) {
      const device = radio.device(ieee);
      entry = { linkquality: device?.linkquality, lastSeen: device?.lastSeen };
      facts.set(ieee, entry);
    }
    return entry;
  };
  return {
    heard(ieee: string, linkquality?: number, at?: number) {
      const entry = of(ieee);
      if (linkquality !== undefined) entry.linkquality = linkquality;
      if (at !== undefined) entry.lastSeen = at;
    },
    /** The state message as Zigbee2MQTT publishes it: the cached state plus the added keys. */
    decorate(ieee: string, state: Record<string, unknown>): Record<string, unknown> {
      const entry = of(ieee);
      const message = { ...state };
      if (lastSeen !== 'disable' && entry.lastSeen) message.last_seen = formatLastSeen(entry.lastSeen, lastSeen);
      if (entry.linkquality !== undefined) message.linkquality = entry.linkquality;
      return message;
    },
    lastSeenFormat: () => lastSeen,
    setLastSeen(format: LastSeenFormat) {
      lastSeen = format;
    },
    forget: (ieee: string) => facts.delete(ieee),
  };
}
