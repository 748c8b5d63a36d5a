/**
 * One generation of the data dir in the kill -9 test of the data-dir swap: names that differ
 * between odd and even generations (so a mix shows as a wrong name set), one content throughout.
 */
export function generationFiles(gen: number): Record<string, string> {
  const tag = gen % 2 === 0 ? 'even' : 'odd';
  const body = `generation ${gen}\n`.repeat(2000);
  const files: Record<string, string> = { 'herdgate.db': body, [`only-${tag}.json`]: body, [`folder-${tag}/inner`]: body };
  for (let i = 0; i < 12; i++) files[`common/file-${i}`] = body;
  return files;
}
