import { closeSync, openSync } from 'node:fs';

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

/**
 * stdout and stderr went to the parent too and are now broken pipes. pino's exit flush retries a
 * failed write forever (sonic-boom sleeps and retries on EPIPE), so the clean stop would hang on its
 * first log line: point both at /dev/null (open() takes the lowest free descriptor, i.e. the one
 * just closed).
 */
function silenceOutput(): void {
  for (const fd of [1, 2]) {
    try {
      closeSync(fd);
      const reopened = openSync('/dev/null', 'w');
      if (reopened !== fd) closeSync(reopened);
    } catch {
      // Nothing better to do: the stop goes on regardless.
    }
  }
}

/** In a child: stop (SIGTERM to ourselves) when the parent that spawned us is gone. No-op otherwise. */
export function exitWithParent(): void {
  if (process.env[PARENT_PID_ENV] !== String(process.ppid)) return;
  let done = false;
  const gone = () => {
    if (done) return;
    done = true;
    silenceOutput();
    process.kill(process.pid, 'SIGTERM');
  };
  process.stdin.on('end', gone);
  process.stdin.on('error', gone);
  process.stdin.resume();
}
