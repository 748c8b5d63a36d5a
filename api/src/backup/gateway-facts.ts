import type { ArchiveBody } from '@herdgate/shared/backup';
import { META_KEYS } from '../store/load';

/**
 * The gateway's bridge id and name as its database rows hold them, for an archive written without
 * a running gateway (`npm run backup`): the bridge id of the last radio seen, else the identity
 * minted with the database.
 */
export function gatewayFacts(database: ArchiveBody['database']): { bridgeid: string; name: string } {
  const json = (value: unknown): Record<string, unknown> | string | undefined => {
    try {
      return typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown> | string) : undefined;
    } catch {
      return undefined;
    }
  };
  const settings = new Map((database.tables.settings ?? []).map((row) => [row.key, row.value]));
  const radio = json((database.tables.radio_identity ?? []).find((row) => row.id === 'last')?.value);
  const identity = json(settings.get(META_KEYS.identity));
  const name = json(settings.get('name'));
  const bridgeid =
    (typeof radio === 'object' && typeof radio.bridgeid === 'string' ? radio.bridgeid : undefined) ??
    (typeof identity === 'object' && typeof identity.bridgeid === 'string' ? identity.bridgeid : undefined) ??
    '0000000000000000';
  return { bridgeid, name: typeof name === 'string' ? name : 'herdgate' };
}
