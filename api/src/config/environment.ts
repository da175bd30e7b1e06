import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { createAjv, TRUSTED_SCHEMAS } from '@fragewerk/engine/core';
import { t } from '../common/messages.ts';
import { MAX_WORKERS } from './worker-count.ts';

/** The environment variables Fragewerk reads (README, „Umgebungsvariablen“). */
export const VARIABLES = [
  'PORT',
  'HOST',
  'APP_URL',
  'DATABASE_URL',
  'DATABASE_POOL_MAX',
  'WEB_CONCURRENCY',
  'METRICS_TOKEN',
  'METRICS_PORT',
  'SMTP_URL',
  'MAIL_FROM',
  'DATA_DIR',
  'SESSION_SECRET',
  'TRUST_PROXY',
  'DEFINITION_DIR',
  'WEB_DIR',
  'LOG_LEVEL',
  'REGISTRATION',
  'LEGAL_DIR',
] as const;

export type Variable = (typeof VARIABLES)[number];

/** The variables whose values must not appear in a message (they may hold passwords). */
const SECRET: ReadonlySet<Variable> = new Set([
  'DATABASE_URL',
  'SMTP_URL',
  'SESSION_SECRET',
  'METRICS_TOKEN',
]);

/** pino's levels (the logger's `LOG_LEVEL`). */
export const LOG_LEVEL_NAMES = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** `REGISTRATION`: whether anyone may create an account at /register (open, the default). */
export const REGISTRATION_MODES = ['open', 'closed'] as const;

export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

/** The names Express's `trust proxy` knows besides addresses and subnets. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * What each variable must look like. Values arrive as strings; numbers are coerced for the
 * check. Every variable is optional (the README names the defaults); an empty one counts as unset.
 */
const schema = {
  type: 'object',
  properties: {
    PORT: { type: 'integer', minimum: 0, maximum: 65535 },
    HOST: { type: 'string', pattern: '^[^\\s/]+$' },
    APP_URL: { type: 'string', format: 'uri', pattern: '^https?://[^/\\s?#]+' },
    DATABASE_URL: { type: 'string', format: 'uri', pattern: '^postgres(ql)?://' },
    DATABASE_POOL_MAX: { type: 'integer', minimum: 1, maximum: 100 },
    SMTP_URL: { type: 'string', format: 'uri', pattern: '^smtps?://[^/\\s?#]+' },
    MAIL_FROM: {
      type: 'string',
      pattern:
        '^(?:[^<>@]*<[^\\s<>@]+@[^\\s<>@]+\\.[^\\s<>@]+>|[^\\s<>@]+@[^\\s<>@]+\\.[^\\s<>@]+)$',
    },
    DATA_DIR: { type: 'string' },
    SESSION_SECRET: { type: 'string', minLength: 16 },
    TRUST_PROXY: { type: 'string', pattern: '^[\\w.:/]+(?:\\s*,\\s*[\\w.:/]+)*$' },
    DEFINITION_DIR: { type: 'string' },
    WEB_DIR: { type: 'string' },
    LOG_LEVEL: { enum: LOG_LEVEL_NAMES },
    REGISTRATION: { enum: REGISTRATION_MODES },
    LEGAL_DIR: { type: 'string' },
    WEB_CONCURRENCY: { type: 'integer', minimum: 1, maximum: MAX_WORKERS },
    // A token short enough to guess would open the metrics to anyone who tries.
    METRICS_TOKEN: { type: 'string', minLength: 16, pattern: '^[\\x21-\\x7e]+$' },
    METRICS_PORT: { type: 'integer', minimum: 1, maximum: 65535 },
  },
};

// Our own schema: no check against the meta-schema at every start (see TRUSTED_SCHEMAS).
const validate = createAjv({ ...TRUSTED_SCHEMAS, coerceTypes: true }).compile(schema);

/** The configuration in the environment is wrong; the message lists each wrong variable. */
export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super([t('config.invalid'), ...problems.map((problem) => `- ${problem}`)].join('\n'));
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** `TRUST_PROXY` as Express's `trust proxy` takes it: hops as a number, `true`/`false` as such. */
function trustProxyOf(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Whether every entry of an address list is an address, a subnet or one of Express's names. */
const validProxyList = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .every((entry) => {
      if (PROXY_NAMES.has(entry)) return true;
      const [address = '', bits, ...rest] = entry.split('/');
      if (rest.length || !isIP(address)) return false;
      if (bits === undefined) return true;
      const max = isIP(address) === 4 ? 32 : 128;
      return /^\d+$/.test(bits) && Number(bits) <= max;
    });

/** The environment's variables, checked and typed. */
export interface Environment {
  values: Partial<Record<Variable, string>>;
  port: number | undefined;
  databasePoolMax: number | undefined;
  trustProxy: boolean | number | string;
  webConcurrency: number | undefined;
  metricsPort: number | undefined;
}

/**
 * Checks every variable of `VARIABLES` (Ajv, the product's one factory) and a few things a schema
 * cannot see (folders that must exist, the entries of `TRUST_PROXY`). Throws a `ConfigError`
 * with one German line per wrong variable.
 */
export function readEnvironment(env: NodeJS.ProcessEnv): Environment {
  const values: Partial<Record<Variable, string>> = {};
  for (const name of VARIABLES) {
    const value = env[name];
    if (value !== undefined && value !== '') values[name] = value;
  }
  const wrong = new Set<Variable>();
  const checked: Record<string, unknown> = { ...values };
  if (!validate(checked)) {
    for (const error of validate.errors ?? []) {
      const name = error.instancePath.split('/')[1] as Variable | undefined;
      if (name) wrong.add(name);
    }
  }
  const trustProxy = values.TRUST_PROXY;
  if (trustProxy && !wrong.has('TRUST_PROXY')) {
    const parsed = trustProxyOf(trustProxy);
    if (typeof parsed === 'string' && !validProxyList(parsed)) wrong.add('TRUST_PROXY');
  }
  // The metrics' own port beside the app's: the same number would fail the start with EADDRINUSE.
  if (values.METRICS_PORT && Number(checked.METRICS_PORT) === Number(checked.PORT ?? 3000)) {
    wrong.add('METRICS_PORT');
  }
  if (values.WEB_DIR && !existsSync(path.join(values.WEB_DIR, 'index.html'))) wrong.add('WEB_DIR');
  // A catalogue holds `definitions/`; which questionnaires are in it the loader says at start.
  if (values.DEFINITION_DIR && !existsSync(path.join(values.DEFINITION_DIR, 'definitions'))) {
    wrong.add('DEFINITION_DIR');
  }
  if (wrong.size) {
    throw new ConfigError(
      VARIABLES.filter((name) => wrong.has(name)).map((name) =>
        t(`config.${name}`, { value: SECRET.has(name) ? '' : values[name]! }),
      ),
    );
  }
  return {
    values,
    port: checked.PORT as number | undefined,
    databasePoolMax: checked.DATABASE_POOL_MAX as number | undefined,
    trustProxy: trustProxyOf(trustProxy),
    webConcurrency: checked.WEB_CONCURRENCY as number | undefined,
    metricsPort: checked.METRICS_PORT as number | undefined,
  };
}
