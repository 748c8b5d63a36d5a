// Run by not-loaded.test.ts: imports what the argument names, then says so.
import { register } from 'node:module';

register(new URL('./load-probe.mjs', import.meta.url));
for (const entry of process.argv.slice(2)) await import(entry);
process.stdout.write('imported\n');
