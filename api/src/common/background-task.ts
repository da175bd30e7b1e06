import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A job that runs now and then in the background of a process (the mail outbox, housekeeping):
 * on a timer, on request, never twice at once in this process, and stopped with the app. Its
 * timer does not keep the process alive; errors go to `onError` and the next run comes anyway.
 */
export class BackgroundTask {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> = Promise.resolve();
  private stopped = false;
  /**
   * The async context of the task's creation (the app's start). A run woken from a request must
   * not inherit that request's context – its log fields, its ORM request context – nor hand it on
   * to every later run.
   */
  private readonly detached = AsyncLocalStorage.snapshot();

  constructor(
    private readonly work: () => Promise<void>,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Starts the timer: the first run after `firstDelayMs`, then every `intervalMs`. */
  start(firstDelayMs = this.intervalMs): void {
    this.schedule(firstDelayMs);
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(
      () =>
        this.detached(() => {
          this.timer = undefined;
          void this.runNow().finally(() => {
            if (!this.timer) this.schedule(this.intervalMs);
          });
        }),
      delayMs,
    );
    this.timer.unref();
  }

  /** A run as soon as possible, without waiting for it (several requests make one run). */
  soon(): void {
    if (!this.stopped) this.schedule(0);
  }

  /** Runs once more after the current run, if any; resolves when that run is done. */
  runNow(): Promise<void> {
    const run = this.current.then(() => this.work().catch(this.onError));
    this.current = run;
    return run;
  }

  /** Stops the timer and waits for the current run, at most `graceMs`. */
  async stop(graceMs: number): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      this.current,
      new Promise((resolve) => (timeout = setTimeout(resolve, graceMs))),
    ]);
    clearTimeout(timeout);
  }

  /** Whether `stop` was called: a long run ends early. */
  get isStopped(): boolean {
    return this.stopped;
  }
}
