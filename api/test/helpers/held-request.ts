import { connect } from 'node:net';

/**
 * A request whose body is held back: its headers carry `Expect: 100-continue`, and Node's server
 * answers `100 Continue` in the same step that hands the request to the app, so once that line
 * arrives the route has found its resource and waits for the body; `release()` sends it. Lets a
 * test put another request in the middle of one deterministically, with no sleeps.
 */
export interface HeldRequest {
  /** Send the rest of the body; resolves with the status and parsed JSON answer. */
  release(): Promise<{ status: number; body: unknown }>;
}

export async function holdRequest(base: string, method: string, path: string, body: unknown): Promise<HeldRequest> {
  const url = new URL(base);
  const text = JSON.stringify(body);
  const bytes = Buffer.from(text);
  const socket = connect(Number(url.port), url.hostname);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    socket.once('end', resolve);
    socket.once('close', () => resolve());
    socket.once('error', reject);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const continued = new Promise<void>((resolve, reject) => {
    const check = () => {
      if (!Buffer.concat(chunks).toString('latin1').includes('\r\n\r\n')) return;
      socket.off('data', check);
      resolve();
    };
    socket.on('data', check);
    socket.once('close', () => reject(new Error('connection closed before 100 Continue')));
  });
  const head = `${method} ${path} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`;
  socket.write(head);
  await continued;
  return {
    async release() {
      await new Promise<void>((resolve, reject) => socket.write(bytes, (err) => (err ? reject(err) : resolve())));
      await ended;
      return parseResponse(Buffer.concat(chunks).toString('utf8'));
    },
  };
}

function parseResponse(raw: string): { status: number; body: unknown } {
  const [head = '', ...rest] = raw.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '').split('\r\n\r\n');
  const status = Number(head.split(' ')[1]);
  let payload = rest.join('\r\n\r\n');
  if (/transfer-encoding:\s*chunked/i.test(head)) payload = unchunk(payload);
  return { status, body: payload === '' ? undefined : JSON.parse(payload) };
}

function unchunk(payload: string): string {
  let out = '';
  let rest = payload;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}
