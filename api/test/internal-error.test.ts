import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createNodeGateway, type NodeGateway } from '../src/runtime/node-gateway';
import { expectDeconzError } from './helpers/conformance';

let gateway: NodeGateway;
let folder: string;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'herdgate-api-'));
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  gateway = await createNodeGateway(
    { HTTP_HOST: '127.0.0.1', HTTP_PORT: '0', WEBSOCKET_PORT: '0', DATABASE_URL: `file:${join(folder, 'db')}`, MQTT_URL: 'none' },
    {
      logger,
      extraRoutes: (app) =>
        app.get('/boom', () => {
          throw new Error('kaboom');
        }),
    },
  );
});
afterAll(async () => {
  await gateway?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('unexpected errors', () => {
  it('should answer 901 in the deCONZ shape and log the error with the request id', async () => {
    const res = await fetch(`http://127.0.0.1:${gateway.httpPort}/boom`, { headers: { 'X-Request-Id': 'req-boom-1' } });
    const body = await expectDeconzError(res, 503, 901, '/');
    expect(body[0]?.error.description).toBe("Internal error, can't process request");
    expect(JSON.stringify(body)).not.toContain('kaboom');
    const logged = lines.find((line) => line.msg === 'unhandled error');
    expect(logged?.reqId).toBe('req-boom-1');
    expect((logged?.err as { message?: string })?.message).toBe('kaboom');
  });
});
