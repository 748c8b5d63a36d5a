import { describe, expect, it } from 'vitest';
import { Download, type DownloadDeps } from './download';

/** A download on hand-run timers: `fire()` runs the one pending step. */
function rig(imageSize: number, pageSize?: number) {
  const requests: Array<{ offset: number; size: number; page?: number; tsn: number }> = [];
  let pending: (() => void) | undefined;
  const ended: string[] = [];
  let completed: Uint8Array | undefined;
  const deps: DownloadDeps = {
    request: (offset, size, page) => (requests.push({ offset, size, page, tsn: requests.length + 1 }), requests.length),
    later: (fn) => void (pending = fn),
    blockDelay: () => 0,
    waitMs: (s) => s * 1000,
    stallAt: () => undefined,
    complete: (bytes) => void (completed = bytes),
    ended: (r) => void ended.push(r),
    setOffset: () => {},
    setMinimumBlockPeriod: () => {},
  };
  const d = new Download({ manufacturerCode: 1, imageType: 2, fileVersion: 3, imageSize }, 40, deps, pageSize);
  const block = (tsn: number, fileOffset: number, size: number) =>
    d.answer(tsn, { status: 0, manufacturerCode: 1, imageType: 2, fileVersion: 3, fileOffset, data: new Uint8Array(size).fill(fileOffset & 0xff) });
  return { d, requests, ended, block, fire: () => pending?.(), completed: () => completed };
}

describe('OTA download', () => {
  it('should ask for a page at a time and take every block of it before the next', () => {
    const r = rig(250, 100);
    r.d.resume();
    r.fire();
    expect(r.requests).toEqual([{ offset: 0, size: 40, page: 100, tsn: 1 }]);
    r.block(1, 0, 40);
    r.block(1, 40, 40);
    expect(r.requests).toHaveLength(1);
    r.block(1, 80, 20);
    r.fire();
    expect(r.requests[1]).toEqual({ offset: 100, size: 40, page: 100, tsn: 2 });
    r.block(2, 100, 40);
    r.block(2, 140, 40);
    r.block(2, 180, 20);
    r.fire();
    // The last page stops at the end of the file.
    expect(r.requests[2]).toEqual({ offset: 200, size: 40, page: 50, tsn: 3 });
    r.block(3, 200, 40);
    r.block(3, 240, 10);
    expect(r.completed()?.length).toBe(250);
  });

  it('should ask again from the gap when a block of a page never comes', () => {
    const r = rig(250, 100);
    r.d.resume();
    r.fire();
    r.block(1, 0, 40);
    r.fire(); // the response timeout: the rest of the page did not come
    expect(r.requests[1]).toEqual({ offset: 40, size: 40, page: 100, tsn: 2 });
    // A late block of the old page is not taken.
    expect(r.block(1, 40, 40)).toBe(false);
  });

  it('should give up after three unanswered retries and keep what it has', () => {
    const r = rig(100);
    r.d.resume();
    r.fire();
    r.block(1, 0, 40);
    r.fire();
    for (let i = 0; i < 4; i++) r.fire();
    expect(r.requests.map((q) => q.offset)).toEqual([0, 40, 40, 40, 40]);
    expect(r.ended).toEqual(['timeout']);
    expect(r.d.offset).toBe(40);
  });
});
