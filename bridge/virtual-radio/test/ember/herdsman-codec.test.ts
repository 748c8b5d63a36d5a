/**
 * Every EZSP command the NCP implements, encoded by zigbee-herdsman 11.1.1's own EZSP layer and
 * its answer decoded by it (over herdsman's ASH, on loopback), in the order a host would send them.
 * Each row pins the parameter bytes both ways (`command`: what herdsman wrote, `answer`: what the
 * NCP answered, EZSP 14 layouts after the 5-byte header) and what herdsman decoded from them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Ezsp } from 'zigbee-herdsman/dist/adapter/ember/ezsp/ezsp';

import { startEzspHost } from '../support/herdsman-ezsp';
import type { EzspHost } from '../support/herdsman-ezsp';
import { CODEC_ROWS } from './herdsman-codec-rows';

let host: EzspHost;
beforeAll(async () => {
  host = await startEzspHost({ network: { devices: [{ model: 'LCT015', ieee: '0017880100ee0001', join: 'joined' }] } });
});
afterAll(async () => {
  await host?.stop();
});

/** The EZSP parameters of the last command and of the response to it (callbacks skipped). */
function lastExchange(commandsBefore: number, answersBefore: number): { command: string; answer: string } {
  const command = host.wire.commands[commandsBefore] ?? '';
  const answer = host.wire.answers.slice(answersBefore).find((frame) => (Number.parseInt(frame.slice(2, 4), 16) & 0x10) === 0) ?? '';
  return { command: command.slice(10), answer: answer.slice(10) };
}

describe('EZSP codec against zigbee-herdsman 11.1.1', () => {
  for (const row of CODEC_ROWS) {
    it(`should answer ${row.name} as herdsman encodes and decodes it`, async () => {
      const [commands, answers] = [host.wire.commands.length, host.wire.answers.length];
      const returned = await row.call(host.ezsp as Ezsp, host);
      const wire = lastExchange(commands, answers);
      if (process.env.VR_CODEC_RECORD) console.log('ROW', JSON.stringify({ name: row.name, ...wire }));
      expect({ returned, ...wire }).toEqual({ returned: row.returns, command: row.command, answer: row.answer });
    });
  }
});
