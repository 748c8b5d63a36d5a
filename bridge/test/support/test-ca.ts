import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';

/**
 * A throwaway certificate authority and a server certificate for 127.0.0.1, made at test time in a
 * temp folder (TEST ONLY: nothing is committed, everything dies with the folder). Node makes the
 * keys; node-forge (from npm, so no openssl binary is needed) writes and signs the certificates.
 */
export interface TestCa {
  ca: string;
  cert: string;
  key: string;
}

const DAY_MS = 86_400_000;

function keyPair(): { privatePem: string; keys: { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey } } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privatePem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  return {
    privatePem,
    keys: {
      privateKey: forge.pki.privateKeyFromPem(privatePem),
      publicKey: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
    },
  };
}

function certificate(subject: string, publicKey: forge.pki.rsa.PublicKey, extensions: object[]): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // A positive serial in minimal DER: the first byte in 0x40-0x7f (top bit clear, never a 0x00 pad).
  // A leading "0" on odd-length hex made forge write a 0x00 pad before a small byte, which OpenSSL
  // rejects as illegal padding about half the time ("unable to verify the first certificate").
  const serial = randomBytes(16);
  serial[0] = (serial[0]! & 0x3f) | 0x40;
  cert.serialNumber = serial.toString('hex');
  cert.validity.notBefore = new Date(Date.now() - DAY_MS);
  cert.validity.notAfter = new Date(Date.now() + 2 * DAY_MS);
  cert.setSubject([{ name: 'commonName', value: subject }]);
  cert.setExtensions(extensions);
  return cert;
}

export function makeTestCa(dir: string): TestCa {
  const authority = keyPair();
  const caCert = certificate('herdgate test CA', authority.keys.publicKey, [
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  ]);
  caCert.setIssuer(caCert.subject.attributes);
  caCert.sign(authority.keys.privateKey, forge.md.sha256.create());

  const server = keyPair();
  const serverCert = certificate('127.0.0.1', server.keys.publicKey, [
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 7, ip: '127.0.0.1' },
        { type: 2, value: 'localhost' },
      ],
    },
  ]);
  serverCert.setIssuer(caCert.subject.attributes);
  serverCert.sign(authority.keys.privateKey, forge.md.sha256.create());

  const paths = { ca: join(dir, 'ca.pem'), cert: join(dir, 'server.crt'), key: join(dir, 'server.key') };
  writeFileSync(paths.ca, forge.pki.certificateToPem(caCert));
  writeFileSync(paths.cert, forge.pki.certificateToPem(serverCert));
  writeFileSync(paths.key, server.privatePem, { mode: 0o600 });
  return paths;
}
