/**
 * An MQTT probe in its own process, so its timing does not queue behind the api's work in the
 * bench process: prints one JSON line per message, `{"topic","at"}` with `at` in epoch ms at
 * sub-millisecond resolution (performance.timeOrigin + now, comparable across processes).
 * Args: broker URL, then topic filters. Prints `ready` once subscribed; exits on SIGTERM.
 */
import { connectAsync } from 'mqtt';

const [url, ...filters] = process.argv.slice(2);
const client = await connectAsync(url!, { reconnectPeriod: 0, connectTimeout: 5_000 });
client.on('message', (topic) => {
  process.stdout.write(`${JSON.stringify({ topic, at: performance.timeOrigin + performance.now() })}\n`);
});
await client.subscribeAsync(filters, { qos: 0 });
process.stdout.write('ready\n');
process.once('SIGTERM', () => void client.endAsync(true).finally(() => process.exit(0)));
