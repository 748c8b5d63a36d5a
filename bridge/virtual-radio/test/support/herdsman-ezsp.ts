/**
 * zigbee-herdsman 11.1.1's own EZSP host layer (its `Ezsp` class over its `UartAsh`, the buffalo
 * codec both use) against the EmberZNet front of an in-process virtual radio, without a
 * Controller: the oracle for byte-exact codec tests. herdsman exports neither class from its entry,
 * so this one file reaches into its `dist/` (the package has no export map).
 */
import { setLogger } from 'zigbee-herdsman';
import { Ezsp } from 'zigbee-herdsman/dist/adapter/ember/ezsp/ezsp';
import { AdapterTransport } from 'zigbee-herdsman/dist/adapter/transport';
import { createDeviceFactory } from '../../src/devices/index';
import type { EmberFront } from '../../src/fronts/ember-front';
import type { NetworkDefinition } from '../../src/network-definition';
import { startVirtualRadio } from '../../src/virtual-radio';
import type { VirtualRadio } from '../../src/virtual-radio';

const quiet = { debug: () => {}, info: () => {}, warning: () => {}, error: () => {} };
const loud = { ...quiet, error: (m: unknown) => console.error('herdsman', m), warning: (m: unknown) => console.error('herdsman', m) };
setLogger((process.env.VR_DEBUG ? loud : quiet) as never);

export const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

export interface EzspHost {
  ezsp: Ezsp;
  radio: VirtualRadio;
  front: EmberFront;
  /** EZSP frames as they crossed the link (host → NCP commands, NCP → host responses and callbacks), hex. */
  wire: { commands: string[]; answers: string[] };
  stop(): Promise<void>;
}

/** Starts a radio on the EmberZNet front and herdsman's EZSP layer on it; `agree` runs the version exchange. */
/** The NCP's EUI64 (a Silicon Labs OUI), fixed so that frames carrying it can be pinned. */
export const NCP_EUI64 = '000d6f00a1b2c3d4';

export async function startEzspHost(options: { network?: NetworkDefinition; agree?: boolean; mac?: string } = {}): Promise<EzspHost> {
  const radio = await startVirtualRadio({ factory: createDeviceFactory(), protocol: 'ember', network: options.network, mac: options.mac ?? NCP_EUI64 });
  const front = radio.front as EmberFront;
  const wire = { commands: [] as string[], answers: [] as string[] };
  const handle = front.ncp.handle.bind(front.ncp);
  front.ncp.handle = (bytes) => {
    wire.commands.push(hex(bytes));
    handle(bytes);
  };
  const ezsp = new Ezsp(new AdapterTransport({ path: `tcp://127.0.0.1:${radio.port}`, adapter: 'ember' } as never));
  const started = await ezsp.start();
  if (started !== 0) throw new Error(`herdsman's EZSP layer did not start (status ${started})`);
  // The link is up: tap what the NCP sends from here on.
  const send = front.ncp.send;
  front.ncp.send = (frame) => {
    wire.answers.push(hex(frame));
    send(frame);
  };
  if (options.agree !== false) {
    const [ncpVersion] = await ezsp.ezspVersion(14);
    await ezsp.ezspVersion(ncpVersion);
    ezsp.setProtocolVersion(ncpVersion);
  }
  return {
    ezsp,
    radio,
    front,
    wire,
    stop: async () => {
      await ezsp.stop();
      await radio.stop();
    },
  };
}
