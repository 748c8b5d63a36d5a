import { randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PairingSecret {
  passcode: number;
  discriminator: number;
}

// The Matter specification forbids these setup passcodes (trivial or sequential).
const INVALID = new Set([0, 11111111, 22222222, 33333333, 44444444, 55555555, 66666666, 77777777, 88888888, 99999999, 12345678, 87654321]);

export function randomPairingSecret(): PairingSecret {
  let passcode = 0;
  while (INVALID.has(passcode)) passcode = randomInt(1, 99999999);
  return { passcode, discriminator: randomInt(0, 4096) };
}

/**
 * The passcode and discriminator, drawn once per installation and kept beside the Matter storage:
 * the printed code stays the same across restarts. An explicit one (tests) wins.
 */
export function loadPairingSecret(dir: string, explicit?: Partial<PairingSecret>): PairingSecret {
  const file = join(dir, 'pairing.json');
  let secret: PairingSecret;
  if (existsSync(file)) secret = JSON.parse(readFileSync(file, 'utf8')) as PairingSecret;
  else {
    secret = randomPairingSecret();
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(secret)}\n`, { mode: 0o600 });
  }
  return { passcode: explicit?.passcode ?? secret.passcode, discriminator: explicit?.discriminator ?? secret.discriminator };
}
