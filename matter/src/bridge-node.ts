/**
 * The Matter side: one ServerNode with an Aggregator whose parts are the bridged Zigbee endpoints.
 * Commissioning state and control (window, fabrics) for the api's `/matter` resource.
 */
import type { Logger } from 'pino';
import { Endpoint, ServerNode, VendorId } from '@matter/main';
import { AggregatorEndpoint } from '@matter/main/endpoints/aggregator';
import { DeviceCommissioner, FabricManager } from '@matter/main/protocol';
import { FabricIndex } from '@matter/main/types';
import type { MatterStatus } from '@herdgate/shared/mqtt';
import { CommandSink } from './command-sink';
import { DeviceFollower, type DeviceSource } from './follow';
import type { PairingSecret } from './pairing';

export interface MatterBridgeOptions {
  port: number;
  /** Listen only here (tests, loopback); by default every interface, as ecosystems need. */
  listen?: { ipv4: string; ipv6: string };
  secret: PairingSecret;
  source: DeviceSource;
  names: () => ReadonlyMap<string, string>;
  logger: Logger;
  /** Called whenever the commissioning status may have changed. */
  onStatus: (status: MatterStatus) => void;
  /** How long a window opened on request stays open (Matter: 180-900 s). */
  windowSeconds: number;
}

export interface MatterBridge {
  status(): MatterStatus;
  follower: DeviceFollower;
  openWindow(): Promise<void>;
  closeWindow(): Promise<void>;
  /** false when no fabric has that index. */
  removeFabric(index: number): Promise<boolean>;
  close(): Promise<void>;
}

/** matter.js test vendor id: herdgate has no CSA vendor id, so ecosystems show it as uncertified. */
const TEST_VENDOR = 0xfff1;
const PRODUCT_ID = 0x8000;

export async function startMatterBridge(options: MatterBridgeOptions): Promise<MatterBridge> {
  const { port, listen, secret, source, logger } = options;
  const server = await ServerNode.create({
    id: 'herdgate',
    network: { port, ...(listen ? { ipv4: true, listeningAddressIpv4: listen.ipv4, listeningAddressIpv6: listen.ipv6 } : {}) },
    commissioning: { passcode: secret.passcode, discriminator: secret.discriminator },
    productDescription: { name: 'herdgate', deviceType: AggregatorEndpoint.deviceType },
    basicInformation: {
      vendorName: 'herdgate',
      vendorId: VendorId(TEST_VENDOR),
      productName: 'Zigbee bridge',
      productLabel: 'Zigbee bridge',
      productId: PRODUCT_ID,
      nodeLabel: 'herdgate',
      serialNumber: `herdgate-${secret.discriminator}`,
      uniqueId: `herdgate-${secret.passcode % 100000}`,
    },
  });
  const aggregator = new Endpoint(AggregatorEndpoint, { id: 'aggregator' });
  await server.add(aggregator);
  const follower = new DeviceFollower({ source, aggregator, names: options.names, logger });
  server.env.set(
    CommandSink,
    new CommandSink(async (endpointId, command) => {
      const target = follower.target(endpointId);
      if (!target) return { status: 'error', code: 'not_found', message: `no Zigbee device behind ${endpointId}` };
      const outcome = await source.setDevice(target.ieee, target.endpoint, command);
      if (outcome.status === 'ok') return { status: 'ok' };
      logger.info({ id: endpointId, command, code: outcome.code }, 'matter: command refused by the bridge');
      return outcome;
    }),
  );

  /**
   * Whether a controller may pair now. matter.js's AdministratorCommissioning attribute shows only
   * windows a controller opened; the one opened here (`allowBasicCommissioning`) is tracked here,
   * and an uncommissioned node is commissionable from its start.
   */
  let localWindow = false;
  const windowOpen = () => !server.state.commissioning.commissioned || server.state.administratorCommissioning.windowStatus !== 0 || localWindow;
  const status = (): MatterStatus => {
    const { commissioning, operationalCredentials } = server.state;
    return {
      pairingcode: commissioning.pairingCodes.manualPairingCode,
      qrcode: commissioning.pairingCodes.qrPairingCode,
      port,
      commissioned: commissioning.commissioned,
      window: windowOpen(),
      fabrics: operationalCredentials.fabrics.map((fabric) => ({
        index: fabric.fabricIndex,
        label: fabric.label,
        vendorid: fabric.vendorId,
        fabricid: String(fabric.fabricId),
        nodeid: String(fabric.nodeId),
      })),
    };
  };
  const changed = () => options.onStatus(status());
  server.events.operationalCredentials.fabrics$Changed.on(changed);
  server.events.administratorCommissioning.windowStatus$Changed.on(changed);
  server.lifecycle.commissioned.on(changed);
  server.lifecycle.decommissioned.on(changed);

  await server.start();
  follower.start();
  changed();
  // matter.js keeps a basic window open until someone pairs; Matter wants it closed after a timeout.
  let windowTimer: ReturnType<typeof setTimeout> | undefined;
  const stopTimer = () => {
    clearTimeout(windowTimer);
    windowTimer = undefined;
  };
  const closeWindow = async () => {
    stopTimer();
    if (!windowOpen()) return;
    await server.env.get(DeviceCommissioner).endCommissioning();
    localWindow = false;
    changed();
  };
  return {
    status,
    follower,
    async openWindow() {
      if (windowOpen()) return;
      localWindow = true;
      // Ends on pairing, on closeWindow, on the timer below or on matter.js's own (longer) timeout.
      await server.env
        .get(DeviceCommissioner)
        .allowBasicCommissioning(() => {
          localWindow = false;
          stopTimer();
          changed();
        })
        .catch((err: unknown) => {
          localWindow = false;
          throw err;
        });
      windowTimer = setTimeout(() => {
        closeWindow().catch((err: unknown) => logger.warn({ err }, 'matter: could not close the commissioning window'));
      }, options.windowSeconds * 1000);
      windowTimer.unref?.();
      changed();
    },
    closeWindow,
    async removeFabric(index) {
      const fabrics = server.env.get(FabricManager);
      const fabric = fabrics.fabrics.find((entry) => entry.fabricIndex === FabricIndex(index));
      if (!fabric) return false;
      await fabric.delete();
      changed();
      return true;
    },
    async close() {
      stopTimer();
      await follower.stop();
      await server.close();
    },
  };
}
