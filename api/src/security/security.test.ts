import { describe, expect, it } from 'vitest';
import { isLoopback } from './client-address';
import { constantTimeEqual, findSecret } from './constant-time';
import { FREE_FAILURES, LoginThrottle } from './login-throttle';
import { allowOriginHeader, originMayAct, parseOrigins } from './origins';
import { redactPath } from './redact';
import { resetWindow, RESET_WINDOW_MS } from './reset-window';
import { admitWebSocket } from './websocket-admission';
import { isLocalAddress, refuseWebhookTarget } from './webhook-target';

describe('origins', () => {
  it('should allow exactly the listed origins and treat * as read-only', () => {
    const listed = { origins: parseOrigins(' https://ui.example/ ,http://10.0.0.5:8000') };
    expect(listed.origins).toEqual(['https://ui.example', 'http://10.0.0.5:8000']);
    expect(allowOriginHeader(listed, 'https://ui.example')).toBe('https://ui.example');
    expect(allowOriginHeader(listed, 'https://evil.example')).toBeUndefined();
    expect(allowOriginHeader({ origins: ['*'] }, 'https://evil.example')).toBe('*');
    expect(originMayAct({ origins: ['*'] }, 'https://evil.example')).toBe(false);
    expect(originMayAct({ origins: [] }, undefined)).toBe(true);
    expect(originMayAct({ origins: [] }, 'null')).toBe(false);
  });
});

describe('client address', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['192.168.1.2', false],
    ['::ffff:10.0.0.1', false],
    ['fe80::1', false],
    [undefined, false],
  ])('should tell whether %s is this host', (address, loopback) => expect(isLoopback(address)).toBe(loopback));
});

describe('constant-time comparison', () => {
  it('should match only equal strings, whatever their length', () => {
    expect(constantTimeEqual('ABCDEF', 'ABCDEF')).toBe(true);
    expect(constantTimeEqual('ABCDEX', 'ABCDEF')).toBe(false);
    expect(constantTimeEqual('ABC', 'ABCDEF')).toBe(false);
    expect(constantTimeEqual('ABCDEFG', 'ABCDEF')).toBe(false);
    expect(findSecret([{ k: 'one' }, { k: 'two' }], (e) => e.k, 'two')).toEqual({ k: 'two' });
    expect(findSecret([{ k: 'one' }], (e) => e.k, 'on')).toBeUndefined();
  });
});

describe('key redaction', () => {
  it('should take the key out of logged paths and keep the public ones', () => {
    expect(redactPath('/api/0123456789ABCDEF/lights/1')).toBe('/api/<key>/lights/1');
    expect(redactPath('/api/config')).toBe('/api/config');
    expect(redactPath('/api')).toBe('/api');
  });
});

describe('login throttle', () => {
  it('should let a few failures through, then double the wait, and forget a client after a success', () => {
    const throttle = new LoginThrottle();
    for (let i = 0; i < FREE_FAILURES; i++) {
      expect(throttle.waitFor('a', 0)).toBe(0);
      throttle.failed('a', 0);
    }
    expect(throttle.waitFor('a', 0)).toBe(1000);
    expect(throttle.waitFor('b', 0)).toBe(0);
    throttle.failed('a', 1000);
    expect(throttle.waitFor('a', 1000)).toBe(2000);
    throttle.succeeded('a');
    expect(throttle.waitFor('a', 1000)).toBe(0);
  });
});

describe('password reset window', () => {
  it('should open only after a start an operator caused', () => {
    expect(resetWindow({ fresh: true, cleanShutdown: false, supervisedRestart: false }, 5).until).toBe(5 + RESET_WINDOW_MS);
    expect(resetWindow({ fresh: false, cleanShutdown: true, supervisedRestart: false }, 5).until).toBe(5 + RESET_WINDOW_MS);
    expect(resetWindow({ fresh: false, cleanShutdown: false, supervisedRestart: false }, 5).until).toBe(0);
    expect(resetWindow({ fresh: false, cleanShutdown: true, supervisedRestart: true }, 5).until).toBe(0);
  });
});

describe('websocket admission', () => {
  const policy = { origins: ['https://ui.example'], requireKey: false, maxClients: 2, isKey: (k: string) => k === 'KEY0123456' };
  const request = (over: Partial<{ origin: string; url: string; protocols: string[] }> = {}) => ({ origin: undefined, url: '/', protocols: [], ...over });

  it('should refuse other origins and connections past the cap', () => {
    expect(admitWebSocket(policy, request(), 0)).toEqual({ ok: true, protocol: undefined });
    expect(admitWebSocket(policy, request({ origin: 'https://evil.example' }), 0)).toMatchObject({ ok: false, status: 403 });
    expect(admitWebSocket(policy, request(), 2)).toMatchObject({ ok: false, status: 503 });
  });

  it('should take a key as subprotocol or query parameter when keys are required', () => {
    const keyed = { ...policy, requireKey: true };
    expect(admitWebSocket(keyed, request(), 0)).toMatchObject({ ok: false, status: 401 });
    expect(admitWebSocket(keyed, request({ protocols: ['other', 'KEY0123456'] }), 0)).toEqual({ ok: true, protocol: 'KEY0123456' });
    expect(admitWebSocket(keyed, request({ url: '/?key=KEY0123456' }), 0)).toEqual({ ok: true });
    expect(admitWebSocket(keyed, request({ url: '/?key=WRONG' }), 0)).toMatchObject({ ok: false, status: 401 });
  });
});

describe('webhook targets', () => {
  it.each(['127.0.0.1', '127.1.2.3', '0.0.0.0', '169.254.169.254', '::1', '[::1]', '::', 'fe80::1', '::ffff:127.0.0.1', '[::ffff:7f00:1]', '::ffff:a9fe:a9fe'])(
    'should call %s local',
    (address) => {
      expect(isLocalAddress(address)).toBe(true);
    },
  );
  it.each(['192.168.1.10', '10.0.0.2', '8.8.8.8', 'fd00::1', '2001:db8::1'])('should not call %s local', (address) => {
    expect(isLocalAddress(address)).toBe(false);
  });
  it('should refuse localhost names and names resolving to loopback, and let others through', async () => {
    const resolve = async (host: string) => (host === 'sneaky.example' ? ['127.0.0.1'] : ['192.168.1.5']);
    expect(await refuseWebhookTarget('http://localhost:1880/x', resolve)).toMatch(/this host/);
    expect(await refuseWebhookTarget('http://sneaky.example/x', resolve)).toMatch(/resolves to 127\.0\.0\.1/);
    expect(await refuseWebhookTarget('http://nodered.lan:1880/x', resolve)).toBeUndefined();
    expect(await refuseWebhookTarget('http://[fe80::1]/x', undefined)).toMatch(/link-local/);
  });
});
