import { connect as netConnect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { closed, collect, connect, connectBridge, startTestBroker } from '../../test/support/broker-clients';

const refused = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = netConnect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve('connected')));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });

describe('broker listeners', () => {
  it('should carry MQTT over WebSocket to TCP clients', async () => {
    const handle = await startTestBroker({ wsPort: 0 });
    try {
      expect(handle.wsPort).toBeGreaterThan(0);
      const bridge = await connectBridge(handle);
      const seen = collect(bridge);
      await bridge.subscribeAsync('herdgate/devices/+/+/set');
      const browser = await connect(`ws://127.0.0.1:${handle.wsPort}`);
      await browser.publishAsync('herdgate/devices/0x0017880102a3b4c5/11/set', '{"bri":10}', { qos: 1 });
      expect((await seen.next(() => true)).payload).toBe('{"bri":10}');
      await Promise.all([bridge.endAsync(), browser.endAsync()]);
    } finally {
      await handle.close();
    }
  });

  it('should close every client and listener, half-open sockets included', async () => {
    const handle = await startTestBroker({ wsPort: 0 });
    const tcp = await connect(`mqtt://127.0.0.1:${handle.port}`);
    const ws = await connect(`ws://127.0.0.1:${handle.wsPort}`);
    const silentSocket = netConnect(handle.port, '127.0.0.1');
    await new Promise((resolve) => silentSocket.once('connect', resolve));
    const silentClosed = new Promise((resolve) => silentSocket.once('close', resolve));

    await handle.close();
    await Promise.all([closed(tcp), closed(ws), silentClosed]);
    expect(await refused(handle.port)).toBe('ECONNREFUSED');
    expect(await refused(handle.wsPort!)).toBe('ECONNREFUSED');
    await handle.close(); // idempotent
    await Promise.all([tcp.endAsync(true), ws.endAsync(true)]);
  });

  it('should fail clearly and leave nothing open when the port is taken', async () => {
    const first = await startTestBroker();
    try {
      await expect(startTestBroker({ port: first.port, wsPort: 0 })).rejects.toThrow(/could not listen on 127\.0\.0\.1: .*EADDRINUSE/);
      await expect(startTestBroker({ wsPort: first.port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });

  it('should answer plain HTTP on the WebSocket port with 426', async () => {
    const handle = await startTestBroker({ wsPort: 0 });
    try {
      const response = await fetch(`http://127.0.0.1:${handle.wsPort}/`);
      expect(response.status).toBe(426);
      await response.text();
    } finally {
      await handle.close();
    }
  });
});
