/** One generation of the bridge's files in the restore kill -9 test; every file says which. */
export function restoreGeneration(gen: number): Record<string, string> {
  const body = `generation ${gen}\n`.repeat(3000);
  const files: Record<string, string> = { 'network.json': body, 'database.db': body, 'names.json': body };
  // Odd generations carry the removed-devices list, even ones do not: a mix shows as a wrong set.
  if (gen % 2 === 1) files['removed-devices.json'] = body;
  return files;
}
