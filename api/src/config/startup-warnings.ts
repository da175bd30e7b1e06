import path from 'node:path';
import { t } from '../common/messages.ts';
import type { AppConfig } from './app-config.ts';

/**
 * Settings that start but are probably not what the operator wants, each as a German sentence for
 * the log: `createApp` logs them as warnings at every start, where the operator looks.
 */
export function startupWarnings(config: AppConfig): string[] {
  const warnings: string[] = [];
  // `true` trusts every X-Forwarded-For entry, so the leftmost – written by the client – becomes
  // `request.ip`, the key of the login limit per client address.
  if (config.trustProxy === true) warnings.push(t('config.warnTrustProxyTrue'));
  // A PostgreSQL server is how several processes share one installation; a secret generated per
  // data folder then differs between them, and each rejects the others' session cookies.
  if (config.databaseUrl && !config.sessionSecret) {
    warnings.push(
      t('config.warnGeneratedSecret', { file: path.join(config.dataDir, 'session-secret') }),
    );
  }
  // The embedded database is locked by the one process that opened it (data-folder-lock.ts).
  if (!config.databaseUrl && (config.webConcurrency ?? 1) > 1) {
    warnings.push(t('config.warnWebConcurrency', { count: String(config.webConcurrency) }));
  }
  return warnings;
}
