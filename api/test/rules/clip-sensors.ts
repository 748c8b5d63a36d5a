import { expect } from 'vitest';
import { jsonInit } from '../helpers/gateway';

/** What these helpers need of a gateway: the Node test gateway and both runtimes' gateways have it. */
interface Requester {
  request(path: string, init?: RequestInit): Promise<Response>;
}

let counter = 0;

/** A real CLIP sensor created over REST; rules read it and actions/schedules write it. */
export async function createClip(gw: Requester, key: string, type: string, state?: Record<string, unknown>): Promise<string> {
  counter += 1;
  const body = {
    name: `${type} ${counter}`,
    modelid: 'test',
    swversion: '1',
    type,
    uniqueid: `test-${type}-${counter}-${Date.now()}`,
    manufacturername: 'herdgate tests',
    state,
  };
  const res = await gw.request(`/api/${key}/sensors`, jsonInit('POST', body));
  const answer = (await res.json()) as [{ success: { id: string } }];
  expect(res.status, JSON.stringify(answer)).toBe(200);
  return answer[0].success.id;
}

export async function setClipState(gw: Requester, key: string, id: string, state: Record<string, unknown>): Promise<void> {
  const res = await gw.request(`/api/${key}/sensors/${id}/state`, jsonInit('PUT', state));
  expect(res.status, await res.clone().text()).toBe(200);
}

export async function clipState(gw: Requester, key: string, id: string): Promise<Record<string, unknown>> {
  const res = await gw.request(`/api/${key}/sensors/${id}`);
  return ((await res.json()) as { state: Record<string, unknown> }).state;
}

/** Let the automation run what the clock made due, and wait for the rule actions it started. */
export async function settle(gw: { settle(): Promise<void> }): Promise<void> {
  await gw.settle();
}
