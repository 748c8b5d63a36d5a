import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { nodeArgs } from '../../../test/helpers/bundles';
import { writeFileSync } from 'node:fs';

/**
 * A virtual radio owned by the test (not by a bridge), for bridges started with
 * ZIGBEE_ADAPTER=deconz ZIGBEE_PATH=tcp://…: a bridge killed with SIGKILL cannot leave it behind.
 */
const MAIN = fileURLToPath(new URL('../../virtual-radio/src/main.ts', import.meta.url));

export interface RadioProcess {
  path: string;
  control: string;
  stop(): Promise<void>;
}

export async function startRadioProcess(dataDir: string, devices: Array<{ model: string; ieee: string }> = []): Promise<RadioProcess> {
  const network = join(dataDir, 'radio-network.json');
  writeFileSync(network, JSON.stringify({ devices }));
  const child = spawn(
    process.execPath,
    [...nodeArgs(MAIN), '--port', '0', '--control-port', '0', '--state', join(dataDir, 'radio-state.json'), '--network', network],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const logs: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    const ports = await new Promise<{ radio: number; control: number }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`radio not listening within 15 s:\n${logs.join('')}`)), 15_000);
      const found: Record<string, number> = {};
      createInterface({ input: child.stdout }).on('line', (line) => {
        const { service, port } = JSON.parse(line) as { service: string; port: number };
        found[service] = port;
        if (found.radio && found.control) {
          clearTimeout(timer);
          resolve({ radio: found.radio, control: found.control });
        }
      });
    });
    return { path: `tcp://127.0.0.1:${ports.radio}`, control: `http://127.0.0.1:${ports.control}`, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
