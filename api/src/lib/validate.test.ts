import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DeconzError } from '@herdgate/shared/errors';
import { readJsonObject, validateBody } from './validate';

const schema = v.strictObject({
  on: v.boolean(),
  bri: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255))),
  xy: v.optional(v.tuple([v.number(), v.number()])),
});
const options = { base: '/lights/3/state' };

function errorOf(body: unknown) {
  try {
    validateBody(schema, body, options);
  } catch (err) {
    expect(err).toBeInstanceOf(DeconzError);
    return (err as DeconzError).items[0];
  }
  throw new Error('expected a DeconzError');
}

describe('validateBody', () => {
  it('should pass valid input through', () => {
    expect(validateBody(schema, { on: true, bri: 7 }, options)).toEqual({ on: true, bri: 7 });
  });

  it('should map a missing key to type 5 at its address', () => {
    expect(errorOf({ bri: 1 })).toEqual({ error: { type: 5, address: '/lights/3/state/on', description: 'missing parameters in body' } });
  });

  it('should map an unknown key to type 6', () => {
    expect(errorOf({ on: true, sparkle: 1 })).toEqual({
      error: { type: 6, address: '/lights/3/state/sparkle', description: 'parameter, sparkle, not available' },
    });
  });

  it('should map a bad value to type 7 naming the value and the parameter', () => {
    expect(errorOf({ on: true, bri: 300 })).toEqual({
      error: { type: 7, address: '/lights/3/state/bri', description: 'invalid value, 300, for parameter, bri' },
    });
    expect(errorOf({ on: 'yes' })).toEqual({
      error: { type: 7, address: '/lights/3/state/on', description: 'invalid value, yes, for parameter, on' },
    });
  });

  it('should address nested values by their full path', () => {
    expect(errorOf({ on: true, xy: [0.1, 'a'] })).toMatchObject({ error: { type: 7, address: '/lights/3/state/xy/1' } });
  });

  it('should use a fixed address when the endpoint has one', () => {
    expect(() => validateBody(schema, {}, { base: '', fixedAddress: '/' })).toThrow(
      expect.objectContaining({ items: [{ error: expect.objectContaining({ address: '/' }) }] }),
    );
  });
});

describe('readJsonObject', () => {
  const req = (body: string) => new Request('http://127.0.0.1/x', { method: 'PUT', body });

  it('should parse an object whatever the content type', async () => {
    expect(await readJsonObject(req('{"a":1}'), '/x')).toEqual({ a: 1 });
  });

  it.each(['', '[]', '1', 'null', '{'])('should refuse %j with type 2', async (text) => {
    await expect(readJsonObject(req(text), '/x')).rejects.toMatchObject({ status: 400, items: [{ error: { type: 2, address: '/x' } }] });
  });
});
