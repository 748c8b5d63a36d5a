import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A throwaway certificate authority and a server certificate for 127.0.0.1, made at test time with
 * openssl in a temp folder (TEST ONLY: nothing is committed, everything dies with the folder).
 */
export interface TestCa {
  ca: string;
  cert: string;
  key: string;
}

const OPENSSL = ['/usr/bin/openssl', '/usr/local/bin/openssl', '/bin/openssl'].find((path) => existsSync(path));
export const hasOpenssl = OPENSSL !== undefined;

export function makeTestCa(dir: string): TestCa {
  const openssl = (...args: string[]) => execFileSync(OPENSSL!, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=herdgate test CA', '-keyout', 'ca.key', '-out', 'ca.pem');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', 'server.key', '-out', 'server.csr');
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2', '-extfile', 'server.ext', '-out', 'server.crt');
  return { ca: join(dir, 'ca.pem'), cert: join(dir, 'server.crt'), key: join(dir, 'server.key') };
}
