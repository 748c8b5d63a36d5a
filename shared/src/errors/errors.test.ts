import { describe, expect, it } from 'vitest';
import { DeconzError, describeError, renderResultItems } from './index';

describe('deCONZ error catalogue', () => {
  it('should fill description templates as the original words them', () => {
    expect(describeError(1)).toBe('unauthorized user');
    expect(describeError(3, { path: '/lights/7' })).toBe('resource, /lights/7, not available');
    expect(describeError(4, { method: 'POST', path: '/' })).toBe('method, POST, not available for resource, /');
    expect(describeError(7, { value: '12', name: 'zigbeechannel' })).toBe('invalid value, 12, for parameter, zigbeechannel');
    expect(describeError(101)).toBe('link button not pressed');
  });

  it('should keep an unfilled placeholder visible', () => {
    expect(describeError(6)).toBe('parameter, {name}, not available');
  });
});

describe('DeconzError', () => {
  it('should take the status of its first error and put successes first', () => {
    const err = new DeconzError([{ type: 7, address: '/config/name', params: { value: 'x', name: 'name' } }], {
      successes: [{ '/config/unlock': 60 }],
    });
    expect(err.status).toBe(400);
    expect(err.items).toEqual([
      { success: { '/config/unlock': 60 } },
      { error: { type: 7, address: '/config/name', description: 'invalid value, x, for parameter, name' } },
    ]);
  });

  it('should let an endpoint override status and wording', () => {
    const err = new DeconzError({ type: 7, address: '/config/password', description: 'custom' }, { status: 401 });
    expect(err.status).toBe(401);
    expect(err.items[0]).toEqual({ error: { type: 7, address: '/config/password', description: 'custom' } });
  });

  it('should refuse to exist without an error', () => {
    expect(() => new DeconzError([])).toThrow(TypeError);
  });
});

describe('renderResultItems', () => {
  it('should HTML-escape address and description like deCONZ and leave successes alone', () => {
    const err = new DeconzError({ type: 3, address: '/lights/<b>&"', params: { path: '/lights/<b>&"' } });
    expect(renderResultItems([{ success: { '/x': '<ok>' } }, ...err.items])).toEqual([
      { success: { '/x': '<ok>' } },
      { error: { type: 3, address: '/lights/&lt;b&gt;&amp;&quot;', description: 'resource, /lights/&lt;b&gt;&amp;&quot;, not available' } },
    ]);
  });
});
