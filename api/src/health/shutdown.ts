import { t } from '../common/messages.ts';

/** How long a shutdown may take before the process ends anyway. */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * Ends the process after `close()` (exit code 0), or after `deadlineMs` if `close()` has not
 * finished by then – a request that never ends, a worker that hangs – with exit code 1 and a
 * German line through `report` (stderr unless given). `close()` is `RunningApp.close` (create-app.ts): stop accepting, finish
 * the requests in flight, Nest's `beforeApplicationShutdown`/`onApplicationShutdown` hooks (where
 * background workers flush), database pool, embedded database and its data-folder lock.
 */
export async function shutDownWithin(
  deadlineMs: number,
  close: () => Promise<void>,
  report: (message: string, error?: unknown) => void = (message, error) =>
    console.error(message, ...(error === undefined ? [] : [error])),
): Promise<never> {
  const deadline = setTimeout(() => {
    report(t('health.shutdownDeadline', { seconds: Math.round(deadlineMs / 1000) }));
    process.exit(1);
  }, deadlineMs);
  try {
    await close();
  } catch (error) {
    clearTimeout(deadline);
    report(t('health.shutdownFailed'), error);
    process.exit(1);
  }
  clearTimeout(deadline);
  process.exit(0);
}
