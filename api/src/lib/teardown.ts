import type { Logger } from 'pino';

/**
 * What a start has brought up, stopped newest first. Used both for `close()` and when the start
 * itself fails half-way, so a failed start leaves no timer, socket or database handle behind.
 * A step that throws is logged and the others still run; each step runs once.
 */
export class Teardown {
  private readonly steps: { name: string; run: () => unknown }[] = [];
  private done: Promise<void> | undefined;

  constructor(private readonly logger: Logger) {}

  add(name: string, run: () => unknown): void {
    if (this.done) throw new Error(`teardown: '${name}' added after the teardown ran`);
    this.steps.push({ name, run });
  }

  run(): Promise<void> {
    this.done ??= (async () => {
      for (const step of this.steps.reverse()) {
        try {
          await step.run();
        } catch (err) {
          this.logger.error({ err, step: step.name }, 'stopping failed');
        }
      }
    })();
    return this.done;
  }
}
