/**
 * The physical memory a set of processes holds, each resident page counted once. VmRSS counts a
 * page in every process that maps it, so the bridge's and the api's VmRSS added up count twice the
 * pages of the node binary and shared libraries they both map (about 45 MiB each here, most of it
 * /usr/bin/node's code), although the machine holds them once. Read from /proc/<pid>/pagemap:
 * the physical frame of every resident page of the processes' mappings. Frame numbers need
 * CAP_SYS_ADMIN; without it the answer is undefined and callers fall back to VmRSS.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';

const PAGE = 4096;
const PRESENT = 1n << 63n;
const FRAME_MASK = (1n << 55n) - 1n;

/** MiB of distinct physical pages resident in any of `pids`, or undefined when frames are hidden. */
export function uniqueResidentMiB(pids: readonly number[]): number | undefined {
  const frames = new Set<bigint>();
  for (const pid of pids) if (!collectFrames(pid, frames)) return undefined;
  return (frames.size * PAGE) / 2 ** 20;
}

function collectFrames(pid: number, frames: Set<bigint>): boolean {
  const fd = openSync(`/proc/${pid}/pagemap`, 'r');
  try {
    for (const [start, end] of residentRanges(pid)) {
      const pages = (end - start) / PAGE;
      const buffer = Buffer.alloc(pages * 8);
      readSync(fd, buffer, 0, buffer.length, (start / PAGE) * 8);
      for (let i = 0; i < pages; i++) {
        const entry = buffer.readBigUInt64LE(i * 8);
        if ((entry & PRESENT) === 0n) continue;
        const frame = entry & FRAME_MASK;
        if (frame === 0n) return false;
        frames.add(frame);
      }
    }
    return true;
  } finally {
    closeSync(fd);
  }
}

/** [start, end) of every mapping with resident pages, from /proc/<pid>/smaps. */
function residentRanges(pid: number): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let current: [number, number] | undefined;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) /.exec(line);
    if (range) {
      current = [Number.parseInt(range[1]!, 16), Number.parseInt(range[2]!, 16)];
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && current && Number(rss[1]) > 0) ranges.push(current);
  }
  return ranges;
}
