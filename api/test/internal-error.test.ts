import { expect, it } from 'vitest';
import { expectDeconzError } from './helpers/conformance';
import { describeOnRuntimes } from './helpers/runtimes';
import { FAILING_ROUTE, FAILING_ROUTE_MESSAGE } from './helpers/test-routes';

describeOnRuntimes('unexpected errors', (gw) => {
  it('should answer 901 in the deCONZ shape and log the error with the request id', async () => {
    const res = await gw().request(FAILING_ROUTE, { headers: { 'X-Request-Id': 'req-boom-1' } });
    const body = await expectDeconzError(res, 503, 901, '/');
    expect(body[0]?.error.description).toBe("Internal error, can't process request");
    expect(JSON.stringify(body)).not.toContain(FAILING_ROUTE_MESSAGE);
    const logged = (await gw().logs()).find((line) => line.msg === 'unhandled error');
    expect(logged?.reqId).toBe('req-boom-1');
    expect((logged?.err as { message?: string })?.message).toBe(FAILING_ROUTE_MESSAGE);
  });
});
