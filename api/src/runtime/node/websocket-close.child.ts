/**
 * Child process for websocket-close.test.ts: starts the server, connects clients on both
 * ports, closes everything and then simply returns. If close() left a timer, server or socket
 * behind, this process would never exit on its own, which is what the test watches for.
 */
import { connect, startRig } from '../../../test/helpers/websocket-rig';

const rig = await startRig({ pingIntervalMs: 60_000 });
const clients = [await connect(`ws://127.0.0.1:${rig.ws.port}`), await connect(`ws://127.0.0.1:${rig.httpPort}`)];
rig.hub.publish({ t: 'event', e: 'deleted', r: 'groups', id: '1' });
await rig.close();
await Promise.all(clients.map((client) => client.closed));
process.stdout.write(`closed ${clients.map((client) => client.received.length).join(',')}\n`);
