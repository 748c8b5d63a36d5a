import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startRadio, type RadioProcess } from '../../../test/helpers/processes';

export type { RadioProcess };

/**
 * A virtual radio owned by the test (not by a bridge), for bridges started with
 * ZIGBEE_ADAPTER=deconz ZIGBEE_PATH=tcp://…: a bridge killed with SIGKILL cannot leave it behind.
 * test/helpers/processes.ts's launcher, its network and state in `dataDir`.
 */
export function startRadioProcess(dataDir: string, devices: Array<{ model: string; ieee: string }> = []): Promise<RadioProcess> {
  const network = join(dataDir, 'radio-network.json');
  writeFileSync(network, JSON.stringify({ devices }));
  return startRadio({ statePath: join(dataDir, 'radio-state.json'), network });
}
