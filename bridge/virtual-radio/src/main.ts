/**
 * CLI entry of the virtual radio (`npm run start:radio`). Prints one JSON line per listening port on
 * stdout (machine-readable; logs go to stderr) and shuts down cleanly on SIGINT/SIGTERM: state
 * flushed, sockets closed, exit.
 */
import { pino } from 'pino';
import { exitWithParent } from '@herdgate/shared/node';
import { startControlServer } from './control/server';
import { createDeviceFactory } from './devices/index';
import { loadNetworkDefinition } from './network-definition';
import { timingProfiles } from './network/timing';
import { parseOptions } from './options';
import { startVirtualRadio } from './virtual-radio';

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2), process.env);
  const logger = pino({ name: 'virtual-radio', level: options.logLevel }, pino.destination(2));
  const radio = await startVirtualRadio({
    factory: createDeviceFactory(),
    protocol: options.protocol,
    port: options.port,
    statePath: options.state,
    network: options.network ? loadNetworkDefinition(options.network) : undefined,
    mac: options.mac,
    newStick: options.newStick,
    timing: timingProfiles[options.timing],
    otaPacing: options.otaPacing,
    log: (event, detail) => logger.info({ event, ...detail }, event),
  });
  const control = await startControlServer(radio, options.controlPort);
  process.stdout.write(
    `${JSON.stringify({ msg: `virtual-radio listening on 127.0.0.1:${radio.port}`, service: 'radio', protocol: radio.protocol, host: '127.0.0.1', port: radio.port })}\n`,
  );
  process.stdout.write(
    `${JSON.stringify({ msg: `virtual-radio control on http://127.0.0.1:${control.port}`, service: 'control', host: '127.0.0.1', port: control.port })}\n`,
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 5_000);
    force.unref();
    Promise.all([control.close(), radio.stop()]).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  exitWithParent();
}

main().catch((error: unknown) => {
  process.stderr.write(`virtual-radio: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
