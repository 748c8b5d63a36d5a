import { describe, expect, it } from 'vitest';
import { adoptedRows, type AdoptableRow } from './adopted-rows';

const MAC = '00:0b:57:ff:fe:12:34:56';
type Row = AdoptableRow & { type: string };
const row = (id: string, suffix: string, type: string, endpoint: number, deleted = false): Row => ({
  id,
  uniqueid: `${MAC}-${suffix}`,
  endpoint,
  type,
  deleted,
});
const sub = (suffix: string, type: string, endpoint: number) => ({ uniqueid: `${MAC}-${suffix}`, endpoint, type });
const sameType = (s: { type: string }, r: Row) => s.type === r.type;
const adopt = (subs: ReturnType<typeof sub>[], rows: Row[]) =>
  Object.fromEntries([...adoptedRows(subs, rows, sameType)].map(([uniqueid, taken]) => [uniqueid.slice(24), taken.id]));

describe('adopted rows', () => {
  it('should give a sub-device without a row the unclaimed row of its type on its endpoint', () => {
    expect(adopt([sub('01-0006', 'ZHASwitch', 1)], [row('7', '01-1000', 'ZHASwitch', 1)])).toEqual({ '01-0006': '7' });
  });

  it('should leave sub-devices that have a row of their own uniqueid, even a deleted one', () => {
    const rows = [row('3', '01-0006', 'ZHASwitch', 1, true), row('7', '01-1000', 'ZHASwitch', 1)];
    expect(adopt([sub('01-0006', 'ZHASwitch', 1)], rows)).toEqual({});
  });

  it('should take a deleted row only where no live one fits', () => {
    expect(adopt([sub('01-0006', 'ZHASwitch', 1)], [row('7', '01-1000', 'ZHASwitch', 1, true)])).toEqual({ '01-0006': '7' });
    const rows = [row('3', '01-1000', 'ZHASwitch', 1, true), row('7', '01-fc00', 'ZHASwitch', 1)];
    expect(adopt([sub('01-0006', 'ZHASwitch', 1)], rows)).toEqual({ '01-0006': '7' });
  });

  it('should not take a row of another type, or one another sub-device claims', () => {
    expect(adopt([sub('01-0006', 'ZHASwitch', 1)], [row('7', '01-0001', 'ZHABattery', 1)])).toEqual({});
    const subs = [sub('01-0006', 'ZHASwitch', 1), sub('01-1000', 'ZHASwitch', 1)];
    expect(adopt(subs, [row('7', '01-1000', 'ZHASwitch', 1)])).toEqual({});
  });

  it('should prefer the same endpoint, lowest id first, and give each row to one sub-device', () => {
    const subs = [sub('02-0012', 'ZHASwitch', 2), sub('03-000c', 'ZHASwitch', 3)];
    const rows = [row('9', '03-0012', 'ZHASwitch', 3), row('4', '02-0006', 'ZHASwitch', 2), row('5', '02-fc00', 'ZHASwitch', 2)];
    expect(adopt(subs, rows)).toEqual({ '02-0012': '4', '03-000c': '9' });
  });

  it('should cross endpoints only where one sub-device and one row of the type are left', () => {
    expect(adopt([sub('01-0006', 'ZHASwitch', 1)], [row('7', '02-fc00', 'ZHASwitch', 2)])).toEqual({ '01-0006': '7' });
    const two = [sub('01-0006', 'ZHASwitch', 1), sub('03-0006', 'ZHASwitch', 3)];
    expect(adopt(two, [row('7', '02-fc00', 'ZHASwitch', 2)])).toEqual({});
    const rows = [row('7', '02-fc00', 'ZHASwitch', 2), row('8', '04-fc00', 'ZHASwitch', 4)];
    expect(adopt([sub('01-0006', 'ZHASwitch', 1)], rows)).toEqual({});
  });
});
