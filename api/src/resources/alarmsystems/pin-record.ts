import { verifyDeconzScrypt, type DeconzScrypt } from '../../lib/deconz-scrypt';
import { verifySecret, type SecretHash } from '../../lib/credentials';

/** An alarm system's PIN as kept: herdgate's PBKDF2 record, or deCONZ's scrypt record taken over as it was. */
export type AlarmPin = SecretHash | DeconzScrypt;

export function verifyPin(stored: AlarmPin, code: string): Promise<boolean> {
  return 'phc' in stored ? verifyDeconzScrypt(stored, code) : verifySecret(stored, code);
}
