// Loader hook for not-loaded.test.ts: records every matter.js module a process resolves.
import { appendFileSync } from 'node:fs';

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (/[/\\]node_modules[/\\](@matter|@project-chip)[/\\]/.test(resolved.url)) appendFileSync(process.env.MATTER_PROBE_OUT, `${resolved.url}\n`);
  return resolved;
}
