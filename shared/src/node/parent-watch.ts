/**
 * Children that die with their parent, even when the parent is killed with SIGKILL and cannot stop
 * them: the parent gives the child a stdin pipe and names itself in `HERDGATE_PARENT_PID`; the
 * child treats the end of that pipe (the kernel closes it when the parent dies, however it dies) as
 * SIGTERM and stops cleanly. A value naming another process (inherited from a grandparent) is
 * ignored, so only the process that set up the pipe is watched.
 */
export const PARENT_PID_ENV = 'HERDGATE_PARENT_PID';

/** The spawn settings a parent uses: stdin as the pipe, its pid in the environment. */
export function parentPipe(env: NodeJS.ProcessEnv = process.env): { stdio: ['pipe', 'pipe', 'pipe']; env: NodeJS.ProcessEnv } {
  return { stdio: ['pipe', 'pipe', 'pipe'], env: { ...env, [PARENT_PID_ENV]: String(process.pid) } };
}

/** In a child: signal ourselves SIGTERM when the parent that spawned us is gone. No-op otherwise. */
export function exitWithParent(): void {
  if (process.env[PARENT_PID_ENV] !== String(process.ppid)) return;
  const gone = () => process.kill(process.pid, 'SIGTERM');
  process.stdin.on('end', gone);
  process.stdin.on('error', gone);
  process.stdin.resume();
}
