import { describe, expect, it } from 'vitest';
import { BodyCache, cachedBody } from './body-cache';

describe('body cache', () => {
  it('should build once per key and answer the same bytes until an item changes', () => {
    const cache = new BodyCache();
    let builds = 0;
    const build = (value: unknown) => () => {
      builds += 1;
      return { value, a: 1 };
    };
    const first = cache.get([1, 'x'], build('one'));
    expect(new TextDecoder().decode(first)).toBe('{"a":1,"value":"one"}');
    expect(cache.get([1, 'x'], build('ignored'))).toBe(first);
    expect(builds).toBe(1);
    expect(new TextDecoder().decode(cache.get([1, 'y'], build('two')))).toBe('{"a":1,"value":"two"}');
    expect(new TextDecoder().decode(cache.get([1, 'y', 0], build('three')))).toBe('{"a":1,"value":"three"}');
    expect(builds).toBe(3);
  });

  it('should compare objects by identity and NaN as equal to itself', () => {
    const cache = new BodyCache();
    const host = { ipaddress: '127.0.0.1' };
    cache.get([host, Number.NaN], () => 1);
    let rebuilt = false;
    cache.get([host, Number.NaN], () => ((rebuilt = true), 2));
    expect(rebuilt).toBe(false);
    cache.get([{ ...host }, Number.NaN], () => ((rebuilt = true), 3));
    expect(rebuilt).toBe(true);
  });
});

describe('cached body per owner', () => {
  it('should keep one body per owner and rebuild only when the key moves', () => {
    const a = {};
    const b = {};
    let builds = 0;
    const build = () => ((builds += 1), { builds });
    const first = cachedBody(a, ['"e1"'], build);
    expect(cachedBody(a, ['"e1"'], build)).toBe(first);
    expect(new TextDecoder().decode(cachedBody(b, ['"e1"'], build))).toBe('{"builds":2}');
    expect(new TextDecoder().decode(cachedBody(a, ['"e2"'], build))).toBe('{"builds":3}');
    expect(builds).toBe(3);
  });
});
