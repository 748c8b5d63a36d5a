import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { toLibraryLogger } from './herdsman-logger';

function capture(level: string) {
  const lines: { level: number; msg: string; ns: string }[] = [];
  const logger = pino(
    { level },
    {
      write: (line: string) => {
        lines.push(JSON.parse(line));
      },
    },
  );
  return { lines, library: toLibraryLogger(logger) };
}

describe('herdsman logger', () => {
  it("should keep herdsman's once-per-device info lines at debug and the others at info", () => {
    const { lines, library } = capture('info');
    library.info("Interview for '0x0017880104a1c001' started", 'zh:controller');
    library.info(() => "Succesfully interviewed '0x0017880104a1c001'", 'zh:controller');
    library.info("Wrote coordinator backup to '/data/coordinator_backup.json'", 'zh:controller');
    library.warning('Adapter disconnected', 'zh:adapter');
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [30, "Wrote coordinator backup to '/data/coordinator_backup.json'"],
      [40, 'Adapter disconnected'],
    ]);
  });

  it('should still write the per-device lines when debug is asked for', () => {
    const { lines, library } = capture('debug');
    library.info("Interview for '0x0017880104a1c001' started", 'zh:controller');
    expect(lines).toEqual([expect.objectContaining({ level: 20, msg: "Interview for '0x0017880104a1c001' started", ns: 'zh:controller' })]);
  });
});
