import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { parentPipe } from '@herdgate/shared/node';

/**
 * With no ZIGBEE_ADAPTER, the bridge runs the virtual radio as its own child process (it needs
 * its own event loop and must not share the bridge's fate) and connects to it over TCP. The radio
 * prints one JSON line per port on stdout (service radio / control); we wait for both.
 */
export interface RadioChild {
  /** `tcp://127.0.0.1:<port>` for herdsman's deconz or zstack adapter. */
  path: string;
  controlUrl: string;
  stop(): Promise<void>;
}

const MAIN = fileURLToPath(new URL('../virtual-radio/src/main.ts', import.meta.url));
const START_TIMEOUT_MS = 20_000;

/** One stdout line per listening port: `{"service":"radio"|"control","port":n,...}`. */
type PortLine = { service?: unknown; port?: unknown };

export function portOf(line: PortLine): { service: 'radio' | 'control'; port: number } | undefined {
  if ((line.service === 'radio' || line.service === 'control') && typeof line.port === 'number' && line.port > 0) {
    return { service: line.service, port: line.port };
  }
  return undefined;
}

export async function startRadioChild(
  options: { network: string; statePath: string; protocol?: 'deconz' | 'zstack' | 'ember' },
  logger: Logger,
): Promise<RadioChild> {
  const log = logger.child({ component: 'virtual-radio' });
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      MAIN,
      ...(existsSync(options.network) ? ['--network', options.network] : []),
      '--state',
      options.statePath,
      '--port',
      '0',
      '--control-port',
      '0',
      '--protocol',
      options.protocol ?? 'deconz',
    ],
    {
      // stdin is watched by the radio: it stops when we die, even by SIGKILL (exitWithParent).
      ...parentPipe(),
      // Own process group: a Ctrl-C in the terminal must not kill the radio before herdsman has
      // stopped talking to it; we stop it ourselves, last. If we die hard, take it with us.
      detached: true,
    },
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void once(child, 'exit').then(() => process.off('exit', killOnExit));
  child.stderr!.on('data', (chunk: Buffer) => log.debug(chunk.toString().trimEnd()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };

  const ports = await new Promise<{ radio: number; control: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`virtual radio printed no ports within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
    void exited.then((code) => reject(new Error(`virtual radio exited with code ${code} before it was ready`)));
    const seen: Partial<Record<'radio' | 'control', number>> = {};
    createInterface({ input: child.stdout! }).on('line', (text) => {
      let found: ReturnType<typeof portOf>;
      try {
        found = portOf(JSON.parse(text) as PortLine);
      } catch {
        found = undefined;
      }
      if (!found) return log.info(text);
      seen[found.service] = found.port;
      if (seen.radio !== undefined && seen.control !== undefined) {
        clearTimeout(timer);
        resolve({ radio: seen.radio, control: seen.control });
      }
    });
  }).catch(async (err: unknown) => {
    await stop();
    throw err;
  });
  log.info(ports, 'virtual radio started');
  return {
    path: `tcp://127.0.0.1:${ports.radio}`,
    controlUrl: `http://127.0.0.1:${ports.control}`,
    stop,
  };
}
