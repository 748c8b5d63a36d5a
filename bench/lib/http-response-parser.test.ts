import { describe, expect, it } from 'vitest';
import { parseResponse } from './http-response-parser';

const bytes = (text: string) => Buffer.from(text, 'latin1');

describe('http response parser', () => {
  it('should find the end of a Content-Length response and leave the next one alone', () => {
    const first = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"ok":true}';
    const parsed = parseResponse(bytes(`${first}HTTP/1.1 404 Not Found\r\n`));
    expect(parsed).toEqual({ status: 200, length: first.length, close: false });
  });

  it('should wait for the rest of a body split across reads', () => {
    expect(parseResponse(bytes('HTTP/1.1 200 OK\r\ncontent-length: 11\r\n\r\n{"ok":'))).toBeUndefined();
    expect(parseResponse(bytes('HTTP/1.1 200 OK\r\ncontent-len'))).toBeUndefined();
  });

  it('should walk a chunked body to its last chunk', () => {
    const response = 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\nA\r\n, world!!!\r\n0\r\n\r\n';
    expect(parseResponse(bytes(response))).toEqual({ status: 200, length: response.length, close: false });
    expect(parseResponse(bytes(response.slice(0, -2)))).toBeUndefined();
  });

  it('should treat a 304 without length as bodyless and see Connection: close', () => {
    const response = 'HTTP/1.1 304 Not Modified\r\nETag: "1"\r\nConnection: close\r\n\r\n';
    expect(parseResponse(bytes(response))).toEqual({ status: 304, length: response.length, close: true });
  });

  it('should refuse something that is not HTTP', () => {
    expect(() => parseResponse(bytes('SSH-2.0-OpenSSH\r\n\r\n'))).toThrow(/not an HTTP\/1.x response/);
  });
});
