/**
 * One image download: the bytes received so far and the block loop (request, store, next), with
 * wait-for-data, abort and retries of a block whose response never came. Kept after a stall or a
 * timeout so the next offer of the same image resumes at its offset. With a page size it asks for a
 * page at a time (Image Page Request) and takes the server's blocks until the page is in.
 */
import type { BlockResponse } from './ota-frames';
import { OtaStatus } from './ota-frames';
import type { Offer } from './verify';

export interface DownloadDeps {
  /** Sends an Image Block Request for `offset` (an Image Page Request when `pageSize` is given); returns its TSN. */
  request(offset: number, maximumDataSize: number, pageSize?: number): number;
  /** Runs `fn` after `ms` (one pending timer). */
  later(fn: () => void, ms: number): void;
  /** Milliseconds the device takes to store a block (pacing applied), and the server's minimum block period. */
  blockDelay(): number;
  /** Wait-for-data delays (seconds from the server) to milliseconds, pacing applied. */
  waitMs(seconds: number): number;
  /** The device stops asking here (a stall fault), or never (undefined). */
  stallAt(): number | undefined;
  /** Every byte arrived. */
  complete(bytes: Uint8Array): void;
  /** The download ended without the image: aborted by the server, or given up after retries. */
  ended(result: 'aborted' | 'timeout' | 'stalled'): void;
  setOffset(offset: number): void;
  setMinimumBlockPeriod(ms: number): void;
}

/** A response that never comes: ask again after this long, at most RETRIES times. */
const RESPONSE_TIMEOUT_MS = 5_000;
const RETRIES = 3;

export class Download {
  readonly bytes: Uint8Array;
  offset = 0;
  state: 'downloading' | 'waiting' | 'stalled' | 'done' = 'downloading';
  private tsn = -1;
  private retries = 0;
  /** Where the page asked for ends (page mode). */
  private pageEnd = 0;

  constructor(
    readonly offer: Offer,
    private readonly maxDataSize: number,
    private readonly deps: DownloadDeps,
    private readonly pageSize?: number,
  ) {
    this.bytes = new Uint8Array(offer.imageSize);
  }

  sameImage(offer: Offer): boolean {
    const o = this.offer;
    return (
      o.manufacturerCode === offer.manufacturerCode && o.imageType === offer.imageType && o.fileVersion === offer.fileVersion && o.imageSize === offer.imageSize
    );
  }

  /** (Re)starts the loop at the current offset after the device's block delay. */
  resume(): void {
    this.state = 'downloading';
    this.retries = 0;
    this.deps.later(() => this.requestNext(), this.deps.blockDelay());
  }

  private requestNext(): void {
    const stallAt = this.deps.stallAt();
    if (stallAt !== undefined && this.offset >= stallAt) {
      this.state = 'stalled';
      this.tsn = -1;
      this.deps.ended('stalled');
      return;
    }
    this.state = 'downloading';
    const left = this.offer.imageSize - this.offset;
    // A page never runs past the end of the file: the server would have nothing to fill it with.
    const page = this.pageSize === undefined ? undefined : Math.min(this.pageSize, left);
    this.pageEnd = this.offset + (page ?? 0);
    this.tsn = this.deps.request(this.offset, Math.min(this.maxDataSize, left), page);
    this.deps.later(() => this.noResponse(), RESPONSE_TIMEOUT_MS);
  }

  private noResponse(): void {
    if (++this.retries > RETRIES) {
      this.tsn = -1;
      this.deps.ended('timeout');
      return;
    }
    this.requestNext();
  }

  /** An Image Block Response; false when it does not answer the outstanding request. */
  answer(tsn: number, response: BlockResponse): boolean {
    if (tsn !== this.tsn || this.state !== 'downloading') return false;
    if (response.status === OtaStatus.success && 'data' in response) return this.store(response.fileOffset, response.data);
    this.tsn = -1;
    if (response.status === OtaStatus.waitForData && 'requestTime' in response) {
      const { currentTime, requestTime, minimumBlockPeriod } = response;
      if (minimumBlockPeriod !== undefined) this.deps.setMinimumBlockPeriod(minimumBlockPeriod);
      // currentTime 0: the server has no UTC clock and requestTime is a delay in seconds (ZCL 11.13.8.1).
      const seconds = currentTime === 0 ? requestTime : Math.max(0, requestTime - currentTime);
      this.state = 'waiting';
      this.deps.later(() => this.requestNext(), this.deps.waitMs(seconds));
      return true;
    }
    // ABORT, or any status a client cannot go on from.
    this.state = 'done';
    this.deps.ended('aborted');
    return true;
  }

  private store(fileOffset: number, data: Uint8Array): boolean {
    if (data.length === 0 || fileOffset + data.length > this.bytes.length) {
      // A block the device cannot use: it asks for its offset again, as after a lost response.
      this.deps.later(() => this.noResponse(), this.deps.blockDelay());
      return true;
    }
    this.bytes.set(data, fileOffset);
    this.offset = fileOffset + data.length;
    this.retries = 0;
    this.deps.setOffset(this.offset);
    if (this.offset >= this.bytes.length) {
      this.tsn = -1;
      this.state = 'done';
      this.deps.complete(this.bytes);
    } else if (this.pageSize !== undefined && this.offset < this.pageEnd) {
      // More blocks of this page are on their way; a gap is asked for again after the timeout.
      this.deps.later(() => this.noResponse(), RESPONSE_TIMEOUT_MS);
    } else {
      this.tsn = -1;
      this.deps.later(() => this.requestNext(), this.deps.blockDelay());
    }
    return true;
  }

  /** Stops every pending request (the client leaves the download). */
  halt(): void {
    this.tsn = -1;
  }
}
