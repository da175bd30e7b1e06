import { pino, type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

/** The levels `LOG_LEVEL` accepts. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * The process's logger: one JSON line per entry on stdout, readable lines instead when stdout is
 * a terminal (docs/architecture.md#logs). `destination` replaces stdout (tests read the lines).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const terminal = !destination && process.stdout.isTTY;
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      // A level name reads better than pino's number; pino-pretty wants the number.
      formatters: terminal ? {} : { level: (label) => ({ level: label }) },
    },
    destination ??
      (terminal
        ? pretty({
            sync: true,
            singleLine: true,
            translateTime: 'SYS:HH:MM:ss.l',
            ignore: 'pid,hostname',
          })
        : // Asynchronous: lines logged while a write is under way go out together in the next
          // one, instead of a write system call per request (BENCHMARKS.md); pino flushes what is
          // left when the process exits.
          pino.destination({ fd: 1, sync: false })),
  );
}
