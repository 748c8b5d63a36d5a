import { expect, it } from 'vitest';

/** One deCONZ error element. */
export interface WireError {
  error: { address: string; description: string; type: number };
}

/**
 * Assert a deCONZ error answer: status, JSON content type, an array whose first element is the
 * error of `type` (pydeconz only looks at the first), optionally at `address`.
 */
export async function expectDeconzError(res: Response, status: number, type: number, address?: string): Promise<WireError[]> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = (await res.json()) as WireError[];
  expect(Array.isArray(body)).toBe(true);
  expect(body[0]?.error?.type).toBe(type);
  if (address !== undefined) expect(body[0]?.error?.address).toBe(address);
  expect(typeof body[0]?.error?.description).toBe('string');
  return body;
}

export interface ConformanceTarget {
  /** Resolves the running gateway's request function and a valid key (called inside each test). */
  context(): { request(path: string, init?: RequestInit): Promise<Response>; key: string };
  /** Collection path relative to the key, e.g. `/lights`. */
  collection: string;
  /** A path (relative to the key) that names no resource, e.g. `/lights/99999`. */
  unknownId: string;
  /** A write route (relative to the key) whose body is parsed, for the invalid-JSON check. */
  write?: { method: 'PUT' | 'POST' | 'PATCH'; path: string };
  /** GET of the collection works without a key (only `/config`, per deCONZ). */
  publicCollection?: boolean;
  /** A method the collection path does not support. */
  wrongMethod?: 'PUT' | 'PATCH' | 'DELETE' | 'POST';
}

/**
 * The checks every resource must pass (style guide §11): bad key → 403 type 1, unknown id →
 * 404 type 3, invalid JSON → 400 type 2, wrong method → 404 type 4. Call inside a `describe`.
 */
export function itConformsToDeconz(target: ConformanceTarget): void {
  it(`should answer 403 type 1 for ${target.collection} with an unknown key`, async () => {
    const { request } = target.context();
    if (!target.publicCollection) {
      await expectDeconzError(await request(`/api/NOTAKEY000000${target.collection}`), 403, 1, target.collection);
    }
    await expectDeconzError(await request(`/api/NOTAKEY000000${target.unknownId}`), 403, 1, target.unknownId);
  });

  it(`should answer 404 type 3 for an unknown id under ${target.collection}`, async () => {
    const { request, key } = target.context();
    await expectDeconzError(await request(`/api/${key}${target.unknownId}`), 404, 3, target.unknownId);
  });

  if (target.write) {
    const write = target.write;
    it(`should answer 400 type 2 for invalid JSON on ${write.method} ${write.path}`, async () => {
      const { request, key } = target.context();
      for (const body of ['{"name":', 'not json', '']) {
        await expectDeconzError(await request(`/api/${key}${write.path}`, { method: write.method, body }), 400, 2);
      }
    });
  }

  it(`should answer 404 type 4 for an unsupported method on ${target.collection}`, async () => {
    const { request, key } = target.context();
    const method = target.wrongMethod ?? 'PATCH';
    const body = await expectDeconzError(await request(`/api/${key}${target.collection}`, { method, body: '{}' }), 404, 4, target.collection);
    expect(body[0]?.error.description).toBe(`method, ${method}, not available for resource, ${target.collection}`);
  });
}
