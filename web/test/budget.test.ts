import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUNDLE_BUDGET_BYTES } from '../scripts/budget';
import { buildWebApp, gzippedSize } from '../scripts/build';

describe('web app bundle', () => {
  it('should stay within its size budget (script + stylesheet, gzipped)', async () => {
    const bundle = await buildWebApp();
    const size = gzippedSize(bundle);
    expect(size).toBeGreaterThan(1024);
    expect(size).toBeLessThanOrEqual(BUNDLE_BUDGET_BYTES);
  });

  it('should state the same budget in docs/benchmarks.md', () => {
    const docs = readFileSync(new URL('../../docs/benchmarks.md', import.meta.url), 'utf8');
    const stated = docs.match(/Bundle budget: \*\*(\d+) KiB\*\*/);
    expect(stated, 'docs/benchmarks.md names the web bundle budget (npm run bench -- web)').not.toBeNull();
    expect(Number(stated![1]) * 1024).toBe(BUNDLE_BUDGET_BYTES);
  });

  it('should reference only its own hashed assets from the page, with no inline script', async () => {
    const bundle = await buildWebApp();
    const html = bundle.files['/index.html']!.body;
    const referenced = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]!);
    expect(referenced.length).toBe(3);
    for (const path of referenced) expect(bundle.files[path]).toBeDefined();
    expect(html).not.toMatch(/<script>|<style>|style="/);
  });
});
