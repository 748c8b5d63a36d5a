/**
 * The web app's size budget: script + stylesheet, gzipped, what a first load transfers. The same
 * figure is written in docs/benchmarks.md; the build fails past it and a test checks both agree.
 */
export const BUNDLE_BUDGET_BYTES = 60 * 1024;
