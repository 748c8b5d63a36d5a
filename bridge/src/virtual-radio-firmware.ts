import type { FirmwareUpdater } from './features/network-status';

/**
 * The virtual radio's simulated firmware update, through its control API: the radio drops the host
 * connection, "flashes" (its firmware version advances) and comes back with the same network.
 */
const DOWN_MS = 300;

export function virtualRadioFirmware(controlUrl: string): FirmwareUpdater {
  return {
    async update() {
      const response = await fetch(`${controlUrl}/radio/firmware`, {
        method: 'POST',
        body: JSON.stringify({ downMs: DOWN_MS }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`virtual radio refused the firmware update: ${response.status} ${await response.text()}`);
      // The radio is back after DOWN_MS; herdsman's start retries the connection meanwhile.
      await new Promise((resolve) => setTimeout(resolve, DOWN_MS + 50));
    },
  };
}
