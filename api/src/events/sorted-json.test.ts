import { describe, expect, it } from 'vitest';
import { formatNumber, stringifySorted } from './sorted-json';

describe('stringifySorted', () => {
  it('should sort keys at every depth and print compactly', () => {
    const value = { t: 'event', state: { on: true, bri: 254, xy: [0.3, 0.4] }, UTC: 'x', e: 'changed' };
    expect(stringifySorted(value)).toBe('{"UTC":"x","e":"changed","state":{"bri":254,"on":true,"xy":[0.3,0.4]},"t":"event"}');
  });

  it('should drop undefined members and turn undefined array items into null', () => {
    expect(stringifySorted({ b: undefined, a: [1, undefined], c: null })).toBe('{"a":[1,null],"c":null}');
  });

  it('should escape strings as JSON does', () => {
    expect(stringifySorted({ name: 'Kü"che\n' })).toBe('{"name":"Kü\\"che\\n"}');
  });

  it('should honour toJSON, as for dates', () => {
    expect(stringifySorted({ at: new Date('2024-01-01T12:00:00.000Z') })).toBe('{"at":"2024-01-01T12:00:00.000Z"}');
  });

  it('should print non-finite numbers as null', () => {
    expect(stringifySorted([Number.NaN, Number.POSITIVE_INFINITY])).toBe('[null,null]');
  });
});

describe('formatNumber', () => {
  it.each([
    [100, '100'],
    [0.3, '0.3'],
    [-12.5, '-12.5'],
    [1e-7, '0.0000001'],
    [-2.5e-8, '-0.000000025'],
    [1e21, '1000000000000000000000'],
    [1.5e22, '15000000000000000000000'],
  ])('should print %s without an exponent as %s', (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
    expect(Number(formatNumber(value))).toBe(value);
  });
});

describe('stringifySorted key order', () => {
  it('should order numeric ids as strings, as deCONZ does, not integer-first as JS objects do', () => {
    const lights = { '2': 'b', '10': 'c', '1': 'a', x: 'd', '01': 'e' };
    expect(stringifySorted(lights)).toBe('{"01":"e","1":"a","10":"c","2":"b","x":"d"}');
  });

  it('should match JSON.stringify on already sorted data, beyond the key cache size', () => {
    const wide = Object.fromEntries(Array.from({ length: 5000 }, (_, n) => [`k${String(n).padStart(5, '0')}`, n / 7]));
    expect(stringifySorted(wide)).toBe(JSON.stringify(wide));
    expect(stringifySorted(wide)).toBe(JSON.stringify(wide));
  });
});
