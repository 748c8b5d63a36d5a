import { describe, expect, it } from 'vitest';
import { decodePayload } from './decode';
import { errorResponse, okResponse } from './envelope';
import { requestSchemas } from './schemas/requests';
import { deviceSetSchema } from './schemas/set-command';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('mqtt payload decoding', () => {
  it('should return the typed value for a good payload from bytes or a string', () => {
    expect(decodePayload(deviceSetSchema, bytes('{"on":true,"bri":10}'))).toEqual({ ok: true, value: { on: true, bri: 10 } });
    expect(decodePayload(requestSchemas.permit_join, '{"time":30,"transaction":7}')).toEqual({
      ok: true,
      value: { time: 30, transaction: 7 },
    });
    expect(decodePayload(deviceSetSchema, { json: { stop: true } })).toEqual({ ok: true, value: { stop: true } });
  });

  it('should name the field, the expectation and echo the transaction', () => {
    expect(decodePayload(deviceSetSchema, '{"bri":300,"transaction":"t1"}')).toEqual({
      ok: false,
      response: {
        transaction: 't1',
        status: 'error',
        error: { code: 'invalid_payload', field: 'bri', message: 'bri: expected an integer from 0 to 255, got 300' },
      },
    });
  });

  it('should name unknown and missing parameters', () => {
    const unknown = decodePayload(deviceSetSchema, '{"brightness":3}');
    expect(unknown.ok || unknown.response.error).toEqual({
      code: 'invalid_payload',
      field: 'brightness',
      message: 'brightness: unknown parameter',
    });
    const missing = decodePayload(requestSchemas['device/rename'], '{"name":"x","transaction":"r"}');
    expect(missing.ok || missing.response).toEqual({
      transaction: 'r',
      status: 'error',
      error: { code: 'invalid_payload', field: 'ieee', message: 'ieee: missing parameter' },
    });
  });

  it('should answer bad JSON, non-objects and bad UTF-8 without throwing', () => {
    const cases: Array<string | Uint8Array> = ['{bad', '', '[1,2]', '"on"', 'null', new Uint8Array([0x7b, 0xff, 0x7d])];
    for (const raw of cases) {
      const result = decodePayload(deviceSetSchema, raw);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(['invalid_json', 'invalid_payload']).toContain(result.response.error.code);
    }
    const bad = decodePayload(deviceSetSchema, '{bad');
    expect(bad.ok || bad.response.error.message).toMatch(/^payload is not valid JSON/);
  });

  it('should not echo a transaction of the wrong type', () => {
    const result = decodePayload(deviceSetSchema, '{"transaction":{"a":1},"on":true}');
    expect(result.ok || result.response).toEqual({
      status: 'error',
      error: { code: 'invalid_payload', field: 'transaction', message: 'transaction: expected a string or a number, got {"a":1}' },
    });
  });

  it('should build envelopes that omit an absent transaction', () => {
    expect(okResponse(undefined, { a: 1 })).toEqual({ status: 'ok', data: { a: 1 } });
    expect(okResponse('x', 1)).toEqual({ transaction: 'x', status: 'ok', data: 1 });
    expect(errorResponse(3, 'timeout', 'no answer')).toEqual({
      transaction: 3,
      status: 'error',
      error: { code: 'timeout', message: 'no answer' },
    });
  });
});
