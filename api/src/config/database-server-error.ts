import { t } from '../common/messages.ts';

/**
 * The errors of a first connection to the PostgreSQL server of `DATABASE_URL`, by their reason:
 * Node's socket errors and PostgreSQL's SQLSTATEs (class 28: the login; 3D000: no such database;
 * 57P03: the server is starting or shutting down; 42501: the role may not create the missing
 * database or the tables in schema public – since PostgreSQL 15 only the database's owner may).
 */
const REASONS: Record<string, string> = {
  ECONNREFUSED: 'unreachable',
  ECONNRESET: 'unreachable',
  ETIMEDOUT: 'unreachable',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  ENOTFOUND: 'unknownHost',
  EAI_AGAIN: 'unknownHost',
  '28P01': 'login',
  '28000': 'login',
  '3D000': 'noDatabase',
  '57P03': 'starting',
  '42501': 'notPermitted',
};

/**
 * The server of `DATABASE_URL` cannot be used at the start: unreachable, an unknown host, a
 * refused login, no such database, no right to create it or the tables. The message names the
 * database and the server (never the password), the reason and what to do; the server prints it
 * instead of a stack trace and exits.
 */
export class DatabaseServerError extends Error {
  constructor(databaseUrl: string, code: string, reason: string) {
    const url = new URL(databaseUrl);
    super(
      t('databaseServer.unusable', {
        database: `„${decodeURIComponent(url.pathname.slice(1)) || 'postgres'}“`,
        server: url.port ? `${url.hostname}:${url.port}` : url.hostname,
        reason: t(`databaseServer.reasons.${reason}`, { code }),
      }),
    );
    this.name = 'DatabaseServerError';
  }
}

/**
 * `error`, thrown while the server starts, as a `DatabaseServerError` if it is the PostgreSQL
 * server refusing or missing (the drivers hand the socket's or the server's code through MikroORM
 * as `code`); undefined for anything else, and for the embedded database.
 */
export function databaseServerErrorOf(
  error: unknown,
  databaseUrl: string | undefined,
): DatabaseServerError | undefined {
  if (!databaseUrl) return undefined;
  const code = (error as { code?: unknown } | null)?.code;
  const reason = typeof code === 'string' ? REASONS[code] : undefined;
  return reason ? new DatabaseServerError(databaseUrl, code as string, reason) : undefined;
}
