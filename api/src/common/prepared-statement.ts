import {
  ReferenceKind,
  type EntityManager,
  type EntitySchema,
  type PostgreSqlConnection,
} from '@mikro-orm/postgresql';
import type { Pool } from 'pg';

/** PostgreSQL's answer when a prepared statement's result would change (a column's type changed). */
const CACHED_PLAN_CHANGED = '0A000';

/**
 * The ORMs (by their configuration, which forks share) on a PostgreSQL server. The embedded
 * database multiplexes every connection onto one session, where two connections would prepare
 * the same name and PGlite's socket is only ever sent MikroORM's simple queries: there the
 * statements run through `em.execute` as before.
 */
const serverConfigs = new WeakSet<object>();

/** Lets `executePrepared` prepare its statements on this ORM's database (a PostgreSQL server). */
export function prepareStatementsOn(orm: { config: object }): void {
  serverConfigs.add(orm.config);
}

/** Prepared statements by SQL text; their number is that of the texts in the code (a handful). */
const statements = new Map<string, { name: string; text: string }>();

function prepared(sql: string) {
  let statement = statements.get(sql);
  if (!statement) {
    let index = 0;
    const text = sql.replace(/\?/g, () => `$${(index += 1)}`);
    statement = { name: `fragewerk_${statements.size + 1}`, text };
    statements.set(sql, statement);
  }
  return statement;
}

/**
 * Runs one of the busiest statements (the project read, an autosave), written with `?`
 * placeholders like every statement of the repositories. On a PostgreSQL server and outside a
 * transaction it runs straight on the pg pool behind MikroORM, as a named prepared statement
 * (PostgreSQL parses and plans it once per connection): the parameters travel apart instead of
 * being written into the SQL text, and MikroORM's query layers are skipped – for a project's ~170
 * documents about a third less CPU than `em.execute` (BENCHMARKS.md). Inside a transaction, and
 * on the embedded database, it runs through `em.execute`.
 */
export async function executePrepared<T>(
  em: EntityManager,
  sql: string,
  params: unknown[],
): Promise<T[]> {
  if (em.isInTransaction() || !serverConfigs.has(em.config)) return em.execute<T[]>(sql, params);
  const { name, text } = prepared(sql);
  // The hook that sees every statement of MikroORM sees these as well (the statement counts);
  // a text it changed is no longer the prepared one.
  const onQuery = em.config.get('onQuery');
  const sent = onQuery ? onQuery(text, params) : text;
  const pool = (await (em.getConnection() as PostgreSqlConnection).getNativeClient()) as Pool;
  const query = (named: boolean) =>
    pool.query(
      named && sent === text ? { name, text, values: params } : { text: sent, values: params },
    );
  const result = await query(true).catch((error: { code?: string }) => {
    // Another process migrated the table under the prepared plan: this one goes unnamed.
    if (error.code === CACHED_PLAN_CHANGED) return query(false);
    throw error;
  });
  return result.rows as T[];
}

const selectLists = new Map<string, string>();

/**
 * The select list of an entity's columns as the entity declares them (`alias.column`, named
 * `prefix` + column where a prefix is given), made once per entity, alias and prefix. For a
 * prepared statement: with `*`, a column that a newer process's migration adds would change the
 * statement's result, which PostgreSQL refuses for a prepared plan.
 */
export function selectList(
  em: EntityManager,
  schema: EntitySchema,
  alias: string,
  prefix = '',
): string {
  const meta = em.getMetadata().get(schema);
  const key = `${meta.className}\u0000${alias}\u0000${prefix}`;
  let list = selectLists.get(key);
  if (list === undefined) {
    list = meta.props
      .filter(
        (prop) => prop.kind === ReferenceKind.SCALAR || prop.kind === ReferenceKind.MANY_TO_ONE,
      )
      .flatMap((prop) => prop.fieldNames)
      .map((column) => `${alias}.${column}${prefix ? ` as ${prefix}${column}` : ''}`)
      .join(', ');
    selectLists.set(key, list);
  }
  return list;
}
