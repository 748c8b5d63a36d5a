/**
 * Just enough HTTP/1.1 response parsing for the load generator: finds where one response ends in
 * a keep-alive byte stream (Content-Length or chunked) and reports its status. Node's own client
 * costs more CPU per request than a small server route, which would make the client the bottleneck
 * and flatten every ratio; this keeps the measuring side cheap.
 */
export interface ParsedResponse {
  status: number;
  /** Bytes of the stream this response used, head and body. */
  length: number;
  /** The server announced `Connection: close`. */
  close: boolean;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

/** The first complete response in `data`, or undefined while more bytes are needed. */
export function parseResponse(data: Buffer): ParsedResponse | undefined {
  const headEnd = data.indexOf(HEAD_END);
  if (headEnd < 0) return undefined;
  const head = data.toString('latin1', 0, headEnd);
  const status = Number(head.slice(9, 12));
  if (!head.startsWith('HTTP/1.') || !Number.isInteger(status)) {
    throw new Error(`not an HTTP/1.x response: ${JSON.stringify(head.slice(0, 40))}`);
  }
  const bodyStart = headEnd + HEAD_END.length;
  const close = /\r\nconnection:\s*close/i.test(head);
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    const end = chunkedEnd(data, bodyStart);
    return end === undefined ? undefined : { status, length: end, close };
  }
  const lengthMatch = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  // Bodyless answers (304, 204) and a missing length on a keep-alive response mean "no body".
  const bodyLength = lengthMatch ? Number(lengthMatch[1]) : 0;
  const end = bodyStart + bodyLength;
  return data.length < end ? undefined : { status, length: end, close };
}

/** End offset of a chunked body starting at `start` (no trailers), or undefined if incomplete. */
function chunkedEnd(data: Buffer, start: number): number | undefined {
  let offset = start;
  for (;;) {
    const lineEnd = data.indexOf(CRLF, offset);
    if (lineEnd < 0) return undefined;
    const size = Number.parseInt(data.toString('latin1', offset, lineEnd), 16);
    if (!Number.isFinite(size)) throw new Error('bad chunk size in chunked response');
    offset = lineEnd + CRLF.length + size + CRLF.length;
    if (data.length < offset) return undefined;
    if (size === 0) return offset;
  }
}
