/**
 * Environment every gateway node process gets from `npm start` (the systemd units set the same):
 * at most two glibc malloc arenas. glibc gives each thread that allocates (libuv's pool, V8's
 * platform workers) an arena of its own, up to 8 per core, and keeps what they freed; capped at two,
 * the one-process gateway held 6 MiB less at rest on the 200-device network (median of 3 interleaved
 * runs each, docs/benchmarks.md). Other C libraries ignore the variable; a value already set wins.
 */
export const nodeChildEnv = (env: NodeJS.ProcessEnv): Record<string, string> => ({ MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' });
