import {
  ReferenceKind,
  type MikroORM,
  type EntityManager,
  type EntitySchema,
  type PostgreSqlConnection,
} from '@mikro-orm/postgresql';
import type { Pool } from 'pg';

/** PostgreSQL's answer when a prepared statement's result would change (a column's type changed). */
const CACHED_PLAN_CHANGED = '0A000';

/**
 * The ORMs (by their configuration, which forks share) on a PostgreSQL server. PGlite multiplexes
 * every connection onto one session, where two connections would prepare the same name and its
 * socket is only ever sent MikroORM's simple queries: there the statements run through
 * `em.execute` – in-process (the embedded database) and behind a DATABASE_URL alike (several
 * processes on one PGlite socket server, as the tests run them).
 */
const serverConfigs = new WeakSet<object>();

/**
 * Lets `executePrepared` prepare its statements on this ORM's database, unless the database is
 * PGlite (its `version()` says so).
 */
export async function prepareStatementsOn(orm: MikroORM): Promise<void> {
  const [{ version }] = await orm.em.execute<[{ version: string }]>('select version()');
  if (!version.includes('PGlite')) serverConfigs.add(orm.config);
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

/** An entity's columns as plain rows carry them: by property, with how each value is read. */
interface PlainColumn {
  property: string;
  column: string;
  kind: 'value' | 'date' | 'reference';
}

const plainColumns = new Map<string, PlainColumn[]>();

/** The scalar and many-to-one columns of an entity, made once per entity (and columns left out). */
function columnsOf(em: EntityManager, schema: EntitySchema, except: readonly string[] = []) {
  const key = `${schema.meta.className}\u0000${except.join(',')}`;
  let columns = plainColumns.get(key);
  if (!columns) {
    columns = em
      .getMetadata()
      .get(schema)
      .props.filter(
        (prop) =>
          (prop.kind === ReferenceKind.SCALAR || prop.kind === ReferenceKind.MANY_TO_ONE) &&
          !except.includes(prop.name),
      )
      .map((prop) => ({
        property: prop.name,
        column: prop.fieldNames[0]!,
        kind:
          prop.kind === ReferenceKind.MANY_TO_ONE
            ? 'reference'
            : prop.runtimeType === 'Date'
              ? 'date'
              : 'value',
      }));
    plainColumns.set(key, columns);
  }
  return columns;
}

const selectLists = new Map<string, string>();

/**
 * The select list of an entity's columns as the entity declares them (`alias.column`, named
 * `prefix` + column where a prefix is given), made once per entity, alias, prefix and the
 * properties left out (`except`). For a prepared statement: with `*`, a column that a newer
 * process's migration adds would change the statement's result, which PostgreSQL refuses for a
 * prepared plan.
 */
export function selectList(
  em: EntityManager,
  schema: EntitySchema,
  alias: string,
  prefix = '',
  except: readonly string[] = [],
): string {
  const key = `${schema.meta.className}\u0000${alias}\u0000${prefix}\u0000${except.join(',')}`;
  let list = selectLists.get(key);
  if (list === undefined) {
    list = columnsOf(em, schema, except)
      .map(({ column }) => `${alias}.${column}${prefix ? ` as ${prefix}${column}` : ''}`)
      .join(', ');
    selectLists.set(key, list);
  }
  return list;
}

/**
 * An entity's row as a plain object, read from a statement's row with the columns of
 * `selectList(em, schema, alias, prefix, except)`: timestamps parsed as MikroORM parses them, a
 * many-to-one as `{ id }`. No entity and no identity map: for the rows read on every request
 * (the session's user, the project with its owner), mapping entities cost a seventh of a project
 * read's CPU (BENCHMARKS.md).
 */
export function plainRow<T>(
  em: EntityManager,
  schema: EntitySchema,
  row: Record<string, unknown>,
  prefix = '',
  except: readonly string[] = [],
): T {
  const platform = em.getPlatform();
  const plain: Record<string, unknown> = {};
  for (const { property, column, kind } of columnsOf(em, schema, except)) {
    const value = row[prefix + column];
    plain[property] =
      value === null || value === undefined
        ? null
        : kind === 'date'
          ? platform.parseDate(value as string)
          : kind === 'reference'
            ? { id: value }
            : value;
  }
  return plain as T;
}
