/**
 * A matter.js controller (the legacy CommissioningController API) for tests and benchmarks, on
 * loopback only: mDNS on `lo` without IPv4, commissioning by known address. matter.js reads its
 * environment once, at import, so this module imports it lazily after setting it.
 */
export interface AttributeReport {
  endpoint: number;
  cluster: number;
  attribute: string;
  value: unknown;
}

export interface MatterController {
  commission(target: { port: number; passcode: number }): Promise<void>;
  /** After the bridge restarted: resolves once the bridge answers a read over a new CASE session (same fabric). */
  reconnected(timeoutMs: number): Promise<void>;
  /** Bridged endpoint number -> { uniqueId, nodeLabel, reachable }, read from the device. */
  bridged(): Promise<Map<number, { uniqueId: string; nodeLabel: string; reachable: boolean }>>;
  /** A cluster client of one endpoint (OnOff, LevelControl, WindowCovering…), by cluster. */
  cluster<T>(endpoint: number, cluster: unknown): T;
  /** Every subscription report from now on. */
  reports: AttributeReport[];
  onReport(listener: (report: AttributeReport) => void): () => void;
  fabrics(): number;
  close(): Promise<void>;
}

/** A second controller in the same process is another ecosystem: its own `id` (storage) and fabric `label`. */
export interface ControllerIdentity {
  id: string;
  label: string;
}

export async function startMatterController(
  storage: string,
  localPort: number,
  identity: ControllerIdentity = { id: 'herdgate-test-controller', label: 'herdgate test' },
): Promise<MatterController> {
  process.env.MATTER_STORAGE_PATH = storage;
  process.env.MATTER_MDNS_NETWORKINTERFACE = 'lo';
  process.env.MATTER_MDNS_IPV4 = 'false';
  process.env.MATTER_LOG_LEVEL ??= 'warn';
  const { Environment } = await import('@matter/main');
  const { PeerSet } = await import('@matter/main/protocol');
  const { BasicInformation, BridgedDeviceBasicInformation, GeneralCommissioning } = await import('@matter/main/clusters');
  const { CommissioningController } = await import('@project-chip/matter.js');
  const controller = new CommissioningController({
    environment: { environment: Environment.default, id: identity.id },
    autoConnect: false,
    adminFabricLabel: identity.label,
    localPort,
    listeningAddressIpv4: '127.0.0.1',
    listeningAddressIpv6: '::1',
  } as never);
  await controller.start();
  let bridgePort = 0;
  // Without mDNS the CASE reconnect after commissioning needs the bridge's address told.
  controller.node.env.get(PeerSet).added.on((peer) => {
    if (!peer.descriptor.operationalAddress && bridgePort)
      (peer.descriptor as { operationalAddress?: unknown }).operationalAddress = { type: 'udp', ip: '::1', port: bridgePort };
  });
  const reports: AttributeReport[] = [];
  const listeners = new Set<(report: AttributeReport) => void>();
  let node: any;
  const attach = async () => {
    const [id] = controller.getCommissionedNodes();
    node = await controller.getNode(id!);
    node.events.attributeChanged.on((data: { path: { endpointId: number; clusterId: number; attributeName: string }; value: unknown }) => {
      const report = { endpoint: Number(data.path.endpointId), cluster: Number(data.path.clusterId), attribute: data.path.attributeName, value: data.value };
      reports.push(report);
      for (const listener of listeners) listener(report);
    });
    const live = new Promise<void>((resolve) => node.events.initializedFromRemote.once(() => resolve()));
    node.connect({ autoSubscribe: true });
    await live;
  };
  return {
    reports,
    async commission({ port, passcode }) {
      bridgePort = port;
      await controller.commissionNode(
        {
          passcode,
          commissioning: { regulatoryLocation: GeneralCommissioning.RegulatoryLocationType.IndoorOutdoor, regulatoryCountryCode: 'XX' },
          discovery: { knownAddress: { ip: '::1', port, type: 'udp' }, timeout: 30_000 },
        } as never,
        { connectNodeAfterCommissioning: false },
      );
      await attach();
    },
    async reconnected(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        try {
          const info = node.getRootClusterClient(BasicInformation.Cluster);
          await info.getNodeLabelAttribute(true);
          return;
        } catch (err) {
          if (Date.now() > deadline) throw err;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
    },
    async bridged() {
      const result = new Map<number, { uniqueId: string; nodeLabel: string; reachable: boolean }>();
      for (const device of node.getDevices()) {
        for (const child of [device, ...device.getChildEndpoints()]) {
          const info = child.getClusterClient(BridgedDeviceBasicInformation.Cluster);
          if (!info || child.number === undefined) continue;
          result.set(Number(child.number), {
            uniqueId: await info.getUniqueIdAttribute(true),
            nodeLabel: await info.getNodeLabelAttribute(true),
            reachable: await info.getReachableAttribute(true),
          });
        }
      }
      return result;
    },
    cluster<T>(endpoint: number, cluster: unknown): T {
      const client = node.getDeviceById(endpoint)?.getClusterClient(cluster);
      if (!client) throw new Error(`endpoint ${endpoint} has no such cluster`);
      return client as T;
    },
    onReport(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    fabrics: () => controller.getCommissionedNodes().length,
    async close() {
      await controller.close();
    },
  };
}
