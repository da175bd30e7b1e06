import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '../src/locale/de.json' with { type: 'json' };
import { HttpClient, type TestResponse } from './http-client.ts';
import { unverifiedAccount, verifiedAccount } from './accounts.ts';
import { fixture, FIXTURE_WIDGETS, WIDGET_FORM_STEPS, WIDGET_LIST_STEPS } from './fixtures.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

/*
 * Property-based fuzzing of every API endpoint against ONE real server per database.
 *
 * Each fast-check run sends one request: an endpoint (or a route that does not exist), an actor,
 * path parameters (this project, another project, random and malformed ids), a body (a valid
 * example from tests/fixtures/validation, mutated: wrong types, missing and extra fields, huge
 * strings, deep nesting, prototype keys, control characters, unknown preset keys, stale and
 * impossible versions; or garbage, truncated JSON, invalid UTF-8 bytes) and headers (missing or
 * garbage X-Requested-With, X-CSRF-Token, X-Edit-Token, Content-Type, Content-Encoding).
 *
 * Properties, checked for every request:
 * 1. no status >= 500;
 * 2. every error under /api is JSON with a German `message` from the server's catalogue
 *    (api/src/locale/de.json) and, if present, `errors` as lists of German texts;
 * 3. a rejected request (status >= 400) changes nothing in app_user, project, answer, item and
 *    one_time_token. Row triggers installed by this test count every write to those tables, so a
 *    write by a rejected request is caught at the request that made it; in addition an md5
 *    checksum of the tables' content is compared after every 20th rejected request and at the end
 *    of each batch (session and login_attempt change legitimately and are left out).
 *
 * The server is stateful, so violations are collected (with the full request) instead of being
 * shrunk; each batch fails at its end listing them. Successful writes are allowed (the fixture
 * projects are repaired afterwards: un-archived, un-approved, re-created when deleted).
 */

type Json = Record<string, unknown>;
type Actor = 'anonymous' | 'token' | 'otherToken' | 'unverified' | 'owner' | 'stranger';
type Which = 'A' | 'B';

// The fuzzed projects are on fixture-widgets (fixture catalogue): lists with a URL, groups and
// conditions, forms with a scale – the shapes the server's checks must survive.
const LIST_STEPS = WIDGET_LIST_STEPS;
const FORM_STEPS = WIDGET_FORM_STEPS;
const STEPS = [...LIST_STEPS, ...FORM_STEPS];
const EXAMPLES: Record<string, Json[]> = Object.fromEntries(
  [...STEPS, 'account', 'project-settings', 'new-project', 'password-change'].map((name) => [
    name,
    fixture(name).valid,
  ]),
);

/**
 * Every top-level message the API may answer with (docs/architecture.md#api-konventionen: German,
 * from the catalogue).
 */
const GERMAN_MESSAGES = new Set(
  Object.values(messages.errors).filter(
    (text): text is string => typeof text === 'string' && !text.includes('{'),
  ),
);
/** Texts that would show an English library message leaking through. */
const ENGLISH = /\b(must|should|is required|Unexpected|Cannot|undefined|null|NaN|Error)\b/;

const ACTORS: Actor[] = ['anonymous', 'token', 'otherToken', 'unverified', 'owner', 'stranger'];
const TABLES = ['app_user', 'project', 'answer', 'item', 'one_time_token'];
const CHECKSUM_SQL = `select ${TABLES.map(
  (table) =>
    `(select coalesce(md5(string_agg(t::text, '' order by t::text)), '-') from ${table} t)`,
).join(" || ':' || ")} as sum`;

// ---------------------------------------------------------------------------------------------
// What a request is made of (symbolic; ids and versions are resolved when it is sent)

/** A path segment: literal text (already URL-safe or deliberately not), or a reference. */
type Segment =
  | string
  | { project: Which }
  | { user: 'owner' | 'stranger' | 'unverified' }
  | { item: { of: Which; sameKind: boolean; index: number } };

type BodySpec =
  | { type: 'none' }
  | { type: 'text'; text: string }
  | { type: 'bytes'; before: string; bytes: number[]; after: string };

interface HeaderSpec {
  requestedWith: string | null | undefined;
  csrf: string | null | undefined;
  editToken: string | null | undefined;
  contentType: string | null | undefined;
  extra: Record<string, string>;
}

interface FuzzRequest {
  endpoint: string;
  actor: Actor;
  method: string;
  segments: Segment[];
  query: string;
  body: BodySpec;
  headers: HeaderSpec;
}

// ---------------------------------------------------------------------------------------------
// Arbitraries

const NASTY_SEGMENTS = [
  'abc',
  '123',
  '0',
  '-1',
  'null',
  'undefined',
  'true',
  '..',
  '%2e%2e',
  '%2F',
  '%2f..%2f',
  '%00',
  '%ff',
  '%E0%A4%A',
  '%',
  '%%',
  '%C0%AE',
  '%u0000',
  "1'%20or%20'1'='1",
  "'%3B%20drop%20table%20project%3B--",
  '00000000-0000-0000-0000-00000000000g',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-4000-8000-000000000000%00',
  '%7B%7D',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'create',
  'order',
  'current',
  'approve',
  'edit-token',
  'results',
  'x'.repeat(5000),
  '%F0%9F%98%80',
  '%ED%A0%80',
  ';',
  ',',
  '$',
  '~',
  '!',
  '*',
];

const encodedText = fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).map((text) => {
  try {
    return encodeURIComponent(text) || 'x';
  } catch {
    return 'x';
  }
});

const segmentArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_SEGMENTS) },
  { weight: 2, arbitrary: encodedText },
  { weight: 2, arbitrary: fc.uuid() },
);

const projectArb: fc.Arbitrary<Segment> = fc.oneof(
  { weight: 12, arbitrary: fc.constant({ project: 'A' as const }) },
  { weight: 3, arbitrary: fc.constant({ project: 'B' as const }) },
  { weight: 2, arbitrary: segmentArb },
);

/** Mostly a step of the kind the route is for; sometimes another step or garbage. */
const kindArb = (main: string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...main) },
    { weight: 1, arbitrary: fc.constantFrom(...STEPS) },
    { weight: 1, arbitrary: segmentArb },
  );

const itemArb: fc.Arbitrary<Segment> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc
      .record({
        of: fc.constantFrom<Which>('A', 'A', 'A', 'B'),
        sameKind: fc.oneof(
          { weight: 5, arbitrary: fc.constant(true) },
          { weight: 1, arbitrary: fc.constant(false) },
        ),
        index: fc.nat({ max: 50 }),
      })
      .map((item) => ({ item })),
  },
  { weight: 2, arbitrary: segmentArb },
);

const userArb: fc.Arbitrary<Segment> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ user: 'owner' as const }) },
  { weight: 2, arbitrary: fc.constant({ user: 'stranger' as const }) },
  { weight: 1, arbitrary: fc.constant({ user: 'unverified' as const }) },
  { weight: 2, arbitrary: segmentArb },
);

const actorArb = fc.oneof(
  { weight: 5, arbitrary: fc.constant<Actor>('owner') },
  { weight: 4, arbitrary: fc.constant<Actor>('token') },
  { weight: 1, arbitrary: fc.constantFrom<Actor>(...ACTORS) },
);

/** A header value a browser or a script could send (ByteString, no CR/LF/NUL). */
const headerValueArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    'falsch',
    'null',
    'undefined',
    '0',
    'XMLHttpRequest',
    'x'.repeat(199),
    'x'.repeat(200),
    'x'.repeat(201),
    'x'.repeat(10_000),
    '\u00e4\u00f6\u00fc',
    'a, b',
    'Bearer x',
    '__proto__',
    '%00',
    '\u00ff\u00fe',
  ),
  fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((code) => code !== 0x7f)
      .map((code) => String.fromCharCode(code)),
    maxLength: 80,
  }),
);

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=unbekannt',
  'application/json; charset=utf-8',
  'application/octet-stream',
  '*/*',
  'application/json;;;',
  'application/xml',
  'text/html',
  '\u00e4/\u00f6',
];

/** Mostly the headers the web app sends (so requests get deep), sometimes missing or garbage. */
const headersArb: fc.Arbitrary<HeaderSpec> = fc.record({
  requestedWith: fc.oneof(
    { weight: 20, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: headerValueArb },
  ),
  csrf: fc.oneof(
    { weight: 20, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constant('@other-session') },
    { weight: 1, arbitrary: headerValueArb },
  ),
  editToken: fc.oneof(
    { weight: 20, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom('@A', '@B', '@A-upper', '@A-padded') },
    { weight: 1, arbitrary: headerValueArb },
  ),
  contentType: fc.oneof(
    { weight: 20, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    { weight: 1, arbitrary: headerValueArb },
  ),
  extra: fc.oneof(
    { weight: 20, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { 'content-encoding': 'gzip' } as Record<string, string>,
        { 'content-encoding': 'deflate' },
        { 'content-encoding': 'br' },
        { 'content-encoding': 'identity' },
        { 'content-encoding': 'unbekannt' },
        { 'x-http-method-override': 'DELETE' },
        { accept: 'text/html' },
        { accept: '\u00e4' },
        { cookie: 'fragewerk.sid=s%3Aunsinn.unsinn' },
        { cookie: 'fragewerk.sid=' },
        { cookie: `fragewerk.sid=${'x'.repeat(4000)}` },
        { 'x-forwarded-for': '1.2.3.4, unsinn' },
      ),
    },
  ),
});

// Raw JSON values (text) to put into bodies.

const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'valueOf',
  '__defineGetter__',
  'id',
  'version',
  'is_admin',
  'owner',
  'owner_id',
  'agency',
  'agency_id',
  'responsible_id',
  'role',
  'project',
  'project_id',
  'position',
  'step_key',
  'data',
  'edit_token',
  'user',
  'order',
  'verified_at',
  'password_hash',
  'is_approved',
  'is_archived',
  'approved_at',
  'created_at',
  'contacts',
  '',
  ' ',
  'a.b',
  '$where',
  'x'.repeat(10_000),
];

const WEIRD_CHARS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\u2029',
  '\u200b',
  '\u202e',
  '\ufeff',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\uffff',
  '\ufffd',
  '\u{1f600}',
  '\u{10ffff}',
  'a',
  '\u00e4',
  '\u00df',
  '"',
  '\\',
  '<',
  "'",
  '%',
];

const controlTextArb = fc
  .string({ unit: fc.constantFrom(...WEIRD_CHARS), maxLength: 60 })
  .map((text) => JSON.stringify(text));

const hugeStringArb = fc
  .record({
    length: fc.oneof(
      fc.integer({ min: 1_000, max: 300 * 1024 }),
      fc.constantFrom(255, 256, 1001, 5001, 200 * 1024, 256 * 1024 - 100, 256 * 1024 + 1),
    ),
    unit: fc.constantFrom('x', '\u00e4', '\u0000', '\u{1f600}', ' ', '\ud800'),
  })
  .map(({ length, unit }) => JSON.stringify(unit.repeat(Math.ceil(length / unit.length))));

const deepArb = fc
  .record({
    depth: fc.oneof(fc.integer({ min: 10, max: 2_000 }), fc.integer({ min: 2_000, max: 40_000 })),
    shape: fc.constantFrom('array', 'object', 'mixed'),
  })
  .map(({ depth, shape }) =>
    shape === 'array'
      ? `${'['.repeat(depth)}${']'.repeat(depth)}`
      : shape === 'object'
        ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
        : `${'[{"__proto__":'.repeat(depth)}null${'}]'.repeat(depth)}`,
  );

const PRESET_GARBAGE = [
  'aliens',
  'custom',
  'custom ',
  'MANAGEMENT',
  '',
  ' ',
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'length',
  '0',
  'management\u0000',
  'age_26_35 ',
  'honest',
];

const presetArb = fc.oneof(
  fc.constantFrom(...PRESET_GARBAGE).map((key) => JSON.stringify(key)),
  fc
    .array(fc.constantFrom(...PRESET_GARBAGE, 'honest', 'brave', 'family', 'instagram'), {
      maxLength: 300,
    })
    .map((list) => JSON.stringify(list)),
);

const NUMBER_TEXTS = [
  '0',
  '-0',
  '1',
  '1.0',
  '1e0',
  '0.5',
  '-1',
  '6',
  '2147483647',
  '2147483648',
  '-2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740991',
  '9007199254740993',
  '1e300',
  '1e400',
  '-1e400',
  '1e-400',
  '123456789012345678901234567890',
];

const wrongTypeArb: fc.Arbitrary<string> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'null'),
  fc.constantFrom(...NUMBER_TEXTS, 'null', 'true', 'false', '[]', '{}', '""', '[null]', '{"":1}'),
  fc.double().map((value) => JSON.stringify(value)),
);

/** `version`: current, stale and future versions (resolved when sent), and impossible ones. */
const versionArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constant('"@@V0@@"') },
  { weight: 2, arbitrary: fc.constantFrom('"@@V-1@@"', '"@@V+1@@"', '"@@V+1000@@"', '"@@V0@@s"') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      ...NUMBER_TEXTS,
      '"1"',
      '"0"',
      'null',
      'true',
      '[]',
      '{}',
      '[1]',
      '""',
      '"@@V0@@.0"',
    ),
  },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map((value) => JSON.stringify(value)) },
);

const ORDER_MARKERS = [
  'all',
  'reverse',
  'first',
  'dup',
  'foreign',
  'other-kind',
  'empty',
  'ids-of-b',
];
const orderArb: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(...ORDER_MARKERS).map((marker) => `"@@ORDER:${marker}@@"`),
  },
  { weight: 1, arbitrary: wrongTypeArb },
  { weight: 1, arbitrary: fc.array(fc.uuid(), { maxLength: 5 }).map((ids) => JSON.stringify(ids)) },
);

type Op =
  | { op: 'remove'; index: number }
  | { op: 'set'; key: string | number; raw: string }
  | { op: 'add'; key: string; raw: string };

/** One change of a body: drop a field, set a field to something hostile, or add a field. */
const opArb = (keys: string[]): fc.Arbitrary<Op> => {
  const valueArb = fc.oneof(
    { weight: 4, arbitrary: wrongTypeArb },
    { weight: 2, arbitrary: hugeStringArb },
    { weight: 1, arbitrary: deepArb },
    { weight: 3, arbitrary: controlTextArb },
    { weight: 3, arbitrary: presetArb },
    { weight: 2, arbitrary: versionArb },
  );
  return fc.oneof(
    { weight: 2, arbitrary: fc.nat().map((index): Op => ({ op: 'remove', index })) },
    {
      weight: 5,
      arbitrary: fc
        .record({ index: fc.nat(), raw: valueArb })
        .map(({ index, raw }): Op => ({ op: 'set', key: index, raw })),
    },
    {
      weight: 3,
      arbitrary: fc
        .record({
          key: fc.oneof(
            fc.constantFrom(...HOSTILE_KEYS),
            keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('x'),
            fc.string({ maxLength: 20 }),
          ),
          raw: valueArb,
        })
        .map(({ key, raw }): Op => ({ op: 'add', key, raw })),
    },
  );
};

const toText = (entries: [string, string][]) =>
  `{${entries.map(([key, raw]) => `${JSON.stringify(key)}:${raw}`).join(',')}}`;

function applyOps(base: [string, string][], ops: Op[]): [string, string][] {
  const entries = base.map((entry) => [...entry] as [string, string]);
  for (const op of ops) {
    if (op.op === 'remove') {
      if (entries.length > 0) entries.splice(op.index % entries.length, 1);
    } else if (op.op === 'set') {
      if (entries.length > 0) entries[(op.key as number) % entries.length]![1] = op.raw;
      else entries.push(['x', op.raw]);
    } else {
      entries.push([op.key, op.raw]);
    }
  }
  return entries;
}

const MALFORMED = [
  '',
  ' ',
  '{',
  '}',
  '{"a":',
  "{'a':1}",
  '{"a":1,}',
  '{"a":1}}',
  '{"a":1} x',
  'nicht json',
  '[',
  'null',
  'true',
  '"text"',
  '42',
  '[]',
  '[{}]',
  '\u0000',
  '\ufeff{}',
  '{"a":1}\u0000',
  '{"__proto__":{"polluted":true,"is_admin":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"__proto__":null}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\x41"}',
  '{"a":01}',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":0x10}',
  '{"a":1e999999}',
  `{"a":"${'\\'.repeat(5)}"}`,
];

/** A body built from a valid example (`base`); `withBody` says whether the route takes one. */
function bodyArb(base: [string, string][], withBody: boolean): fc.Arbitrary<BodySpec> {
  const keys = base.map(([key]) => key);
  const text = (value: string): BodySpec => ({ type: 'text', text: value });
  return fc.oneof(
    { weight: withBody ? 4 : 0, arbitrary: fc.constant(text(toText(base))) },
    {
      weight: withBody ? 12 : 2,
      arbitrary: fc
        .array(opArb(keys), { minLength: 1, maxLength: 3 })
        .map((ops) => text(toText(applyOps(base, ops)))),
    },
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED).map(text) },
    {
      weight: 1,
      arbitrary: fc
        .jsonValue({ maxDepth: 4 })
        .map((value) => text(JSON.stringify(value) ?? 'null')),
    },
    {
      weight: 1,
      arbitrary: fc.nat().map((cut) => {
        const full = toText(base);
        return text(full.slice(0, cut % Math.max(full.length, 1)));
      }),
    },
    {
      // Invalid UTF-8 inside a string value (sent as raw bytes).
      weight: 1,
      arbitrary: fc
        .record({
          index: fc.nat(),
          bytes: fc.array(
            fc.constantFrom(
              0xff,
              0xfe,
              0xc0,
              0xc1,
              0xc3,
              0x28,
              0xed,
              0xa0,
              0x80,
              0xbf,
              0xf8,
              0xf4,
              0x90,
              0xe2,
              0x82,
              0x00,
            ),
            { minLength: 1, maxLength: 12 },
          ),
        })
        .map(({ index, bytes }): BodySpec => {
          const entries =
            base.length > 0
              ? base.map((entry) => [...entry] as [string, string])
              : [['x', '""'] as [string, string]];
          const target = index % entries.length;
          entries[target]![1] = '"@@BYTES@@"';
          const [before, after] = toText(entries).split('@@BYTES@@') as [string, string];
          return { type: 'bytes', before, bytes, after };
        }),
    },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.nat({ max: 255 }), { maxLength: 600 })
        .map((bytes): BodySpec => ({ type: 'bytes', before: '', bytes, after: '' })),
    },
    { weight: withBody ? 1 : 8, arbitrary: fc.constant<BodySpec>({ type: 'none' }) },
  );
}

const entriesOf = (example: Json): [string, string][] =>
  Object.entries(example).map(([key, value]) => [key, JSON.stringify(value)]);

const QUERIES = [
  '',
  '?__proto__[polluted]=1',
  '?constructor[prototype][polluted]=1',
  '?a=%ff',
  '?version=1',
  `?${'a=1&'.repeat(2_000)}`,
  '?id=00000000-0000-4000-8000-000000000000',
];
const queryArb = fc.oneof(
  { weight: 20, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constantFrom(...QUERIES) },
);

interface Template {
  name: string;
  method: string;
  /** Path after /api as segments; `kind` and the refs are filled by the arbitraries. */
  path: fc.Arbitrary<{ segments: Segment[]; kind?: string }>;
  /** The valid example bodies to mutate, per step kind where it matters. */
  examples: (kind: string | undefined) => [string, string][][];
  withBody: boolean;
}

const noBody = () => [[]];
const exampleOf = (kind: string | undefined) =>
  (STEPS.includes(kind ?? '') ? EXAMPLES[kind!]! : EXAMPLES.contacts!).map(entriesOf);
const withVersion = (examples: [string, string][][]) =>
  examples.map((entries) => [...entries, ['version', '"@@V0@@"'] as [string, string]]);

const T = (
  name: string,
  method: string,
  path: fc.Arbitrary<{ segments: Segment[]; kind?: string }>,
  examples: Template['examples'] = noBody,
  withBody = true,
): Template => ({ name, method, path, examples, withBody });
const fixed = (...segments: Segment[]) => fc.constant({ segments });

const ACCOUNT_TEMPLATES: Template[] = [
  T('GET /user/current', 'GET', fixed('user', 'current'), noBody, false),
  T(
    'PATCH /user/{id}',
    'PATCH',
    userArb.map((user) => ({ segments: ['user', user] })),
    () => [{ contact_name: 'Jana Kühn' }, ...EXAMPLES.account!].map(entriesOf),
  ),
  T(
    'PATCH /user/{id}/change-password',
    'PATCH',
    userArb.map((user) => ({ segments: ['user', user, 'change-password'] })),
    () => EXAMPLES['password-change']!.map(entriesOf),
  ),
  T('GET /projects', 'GET', fixed('projects'), noBody, false),
  T('POST /projects/create', 'POST', fixed('projects', 'create'), () =>
    EXAMPLES['new-project']!.map(entriesOf),
  ),
  T('GET /config/presets', 'GET', fixed('config', 'presets'), noBody, false),
  T('GET /config/definition', 'GET', fixed('config', 'definition'), noBody, false),
];

const PROJECT_TEMPLATES: Template[] = [
  T(
    'GET /projects/{id}',
    'GET',
    projectArb.map((project) => ({ segments: ['projects', project] })),
    noBody,
    false,
  ),
  T(
    'GET /projects/{id}/results',
    'GET',
    projectArb.map((project) => ({ segments: ['projects', project, 'results'] })),
    noBody,
    false,
  ),
  T(
    'PATCH /projects/{id}',
    'PATCH',
    projectArb.map((project) => ({ segments: ['projects', project] })),
    () =>
      withVersion(
        [
          { project_name: 'Umbenannt' },
          { is_niceview_enabled: true },
          ...EXAMPLES['project-settings']!,
        ].map(entriesOf),
      ),
  ),
  T(
    'DELETE /projects/{id}',
    'DELETE',
    projectArb.map((project) => ({ segments: ['projects', project] })),
    noBody,
    false,
  ),
  T(
    'PUT /projects/{id}/approve',
    'PUT',
    projectArb.map((project) => ({ segments: ['projects', project, 'approve'] })),
    noBody,
    false,
  ),
  T(
    'PUT /projects/{id}/edit-token',
    'PUT',
    projectArb.map((project) => ({ segments: ['projects', project, 'edit-token'] })),
    noBody,
    false,
  ),
];

const pathWithKind = (main: string[], ...tail: ('item' | string)[]) =>
  fc
    .record({ project: projectArb, kind: kindArb(main), item: itemArb })
    .map(({ project, kind, item }) => ({
      kind,
      segments: ['projects', project, kind, ...tail.map((part) => (part === 'item' ? item : part))],
    }));

const STEP_TEMPLATES: Template[] = [
  T('POST /projects/{id}/{kind}', 'POST', pathWithKind(LIST_STEPS), exampleOf),
  T('PATCH /projects/{id}/{kind}/{itemId}', 'PATCH', pathWithKind(LIST_STEPS, 'item'), (kind) =>
    withVersion(exampleOf(kind)),
  ),
  T(
    'DELETE /projects/{id}/{kind}/{itemId}',
    'DELETE',
    pathWithKind(LIST_STEPS, 'item'),
    noBody,
    false,
  ),
  T('PUT /projects/{id}/{kind}/order', 'PUT', pathWithKind(LIST_STEPS, 'order'), () => [
    [['order', '"@@ORDER:all@@"']],
  ]),
];

const FORM_TEMPLATES: Template[] = [
  T('PATCH /projects/{id}/{kind}', 'PATCH', pathWithKind(FORM_STEPS), (kind) =>
    withVersion(exampleOf(kind)),
  ),
];

const UNKNOWN_TEMPLATE: Template = T(
  'unknown route',
  'GET',
  fc
    .array(fc.oneof(segmentArb, fc.constantFrom('projects', 'user', 'config', 'order')), {
      minLength: 0,
      maxLength: 6,
    })
    .map((segments) => ({ segments })),
  () => [[['a', '1']]],
);

/** Requests to the given endpoints; the method is sometimes replaced by another. */
function requestArb(templates: Template[], weirdMethods = 1): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      template: fc.constantFrom(...templates),
      method: fc.oneof(
        { weight: 30, arbitrary: fc.constant(undefined) },
        {
          weight: weirdMethods,
          arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
        },
      ),
      example: fc.nat(),
    })
    .chain(({ template, method, example }) =>
      template.path.chain(({ segments, kind }) => {
        const examples = template.examples(kind);
        const base = examples[example % examples.length] ?? [];
        const finalMethod = method ?? template.method;
        // The version the body names: mostly the current one, often stale, future or impossible;
        // the order of a reorder: the known ids, a part, duplicates, foreign ids, garbage.
        const versioned = fc
          .record({ version: versionArb, order: orderArb })
          .map(({ version, order }) =>
            base.map(([key, value]): [string, string] => [
              key,
              key === 'version' ? version : key === 'order' ? order : value,
            ]),
          );
        const body =
          finalMethod === 'GET' || finalMethod === 'OPTIONS'
            ? fc.constant<BodySpec>({ type: 'none' })
            : versioned.chain((entries) => bodyArb(entries, template.withBody));
        return fc.record({
          endpoint: fc.constant(template.name),
          actor: actorArb,
          method: fc.constant(finalMethod),
          segments: fc.constant(segments),
          query: queryArb,
          body,
          headers: headersArb,
        });
      }),
    );
}

// ---------------------------------------------------------------------------------------------

describe.each(DATABASES)('fuzzing the API (%s database)', (database) => {
  let server: TestServer;
  const clients = {} as Record<Actor, HttpClient>;
  const userIds = {} as Record<'owner' | 'stranger' | 'unverified', string>;
  /** The two fixture projects: A of the owner (share token: `token`), B of the stranger. */
  const projects = {} as Record<Which, { id: string; token: string }>;
  /** Item ids per project and step, in order. */
  let items: Record<Which, Map<string, string[]>> = { A: new Map(), B: new Map() };
  const idsOf = (which: Which, kind: string | undefined) => items[which].get(kind ?? '') ?? [];
  let sent = 0;
  let unsendable = 0;
  let rejectedSinceBaseline = 0;
  let checksums = 0;
  let baseline = '';
  let lastWrite = 0;
  const statusCounts = new Map<number, number>();
  const perEndpoint = new Map<string, number>();
  const violations: string[] = [];
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
  const started = Date.now();

  const sql = async <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    server.orm.em.fork().getConnection().execute<T[]>(query, params);

  const checksum = async () => {
    checksums += 1;
    return (await sql<{ sum: string }>(CHECKSUM_SQL))[0]!.sum;
  };
  const writeMark = async () =>
    Number(
      (await sql<{ m: number }>('select coalesce(max(id), 0)::int as m from fuzz_write_log'))[0]!.m,
    );

  /** Adds the example items and answers every step of a fixture project. */
  async function seed(client: HttpClient, projectId: string) {
    for (const kind of LIST_STEPS) {
      for (let index = 0; index < 3; index += 1) {
        const response = await client.api(
          'POST',
          `/projects/${projectId}/${kind}`,
          EXAMPLES[kind]![0],
        );
        expect(response.status).toBe(201);
      }
    }
    for (const kind of FORM_STEPS) {
      const answer = EXAMPLES[kind]!.at(-1)!;
      const response = await client.api('PATCH', `/projects/${projectId}/${kind}`, {
        ...answer,
        version: 0,
      });
      expect(response.status).toBe(200);
    }
  }

  async function createProject(which: Which) {
    const client = which === 'A' ? clients.owner : clients.stranger;
    const created = await client.api<{ data: { id: string; edit_token: string } }>(
      'POST',
      '/projects/create',
      {
        project_name: `Fuzz ${which}`,
        customer_firm: 'Tischlerei Berger',
        questionnaire: FIXTURE_WIDGETS,
      },
    );
    expect(created.status).toBe(201);
    projects[which] = { id: created.body.data.id, token: created.body.data.edit_token };
    await seed(client, created.body.data.id);
  }

  /**
   * After a successful write: brings the fixture projects back to "open, with items" (a fuzzed
   * request may have archived, approved, deleted them or renewed the token), then takes a new
   * baseline of the database.
   */
  async function repair() {
    for (const which of ['A', 'B'] as const) {
      const client = which === 'A' ? clients.owner : clients.stranger;
      const [row] = await sql<{ is_archived: boolean; is_approved: boolean; edit_token: string }>(
        'select is_archived, is_approved, edit_token from project where id = ?',
        [projects[which].id],
      );
      if (!row) {
        await createProject(which);
        continue;
      }
      if (row.is_archived || row.is_approved) {
        const reset = await client.api('PATCH', `/projects/${projects[which].id}`, {
          is_archived: false,
          is_approved: false,
        });
        expect(reset.status, JSON.stringify(reset.body)).toBe(200);
      }
      projects[which].token = row.edit_token;
    }
    clients.token.editToken = projects.A.token;
    clients.otherToken.editToken = projects.B.token;
    const rows = await sql<{ id: string; project_id: string; step_key: string }>(
      'select id, project_id, step_key from item where project_id in (?, ?) order by step_key, position',
      [projects.A.id, projects.B.id],
    );
    items = { A: new Map(), B: new Map() };
    for (const row of rows) {
      const which: Which = row.project_id === projects.A.id ? 'A' : 'B';
      items[which].set(row.step_key, [...idsOf(which, row.step_key), row.id]);
    }
    baseline = await checksum();
    lastWrite = await writeMark();
    rejectedSinceBaseline = 0;
  }

  beforeAll(async () => {
    server = await startTestServer(database);
    const owner = await verifiedAccount(server);
    const stranger = await verifiedAccount(server, 'Fremde Agentur');
    const unverified = await unverifiedAccount(server);
    Object.assign(clients, {
      anonymous: new HttpClient(server.url),
      token: new HttpClient(server.url),
      otherToken: new HttpClient(server.url),
      unverified: unverified.client,
      owner: owner.client,
      stranger: stranger.client,
    });
    Object.assign(userIds, {
      owner: owner.user.id,
      stranger: stranger.user.id,
      unverified: unverified.user.id,
    });
    await createProject('A');
    await createProject('B');
    // Every write to the checked tables leaves a row here (row triggers: a statement that
    // changes no row leaves none; a rolled-back one leaves none either).
    await sql(
      'create table fuzz_write_log (id serial primary key, tbl text not null, op text not null)',
    );
    await sql(
      `create function fuzz_log_write() returns trigger language plpgsql as $$
       begin insert into fuzz_write_log (tbl, op) values (TG_TABLE_NAME, TG_OP); return null; end $$`,
    );
    for (const table of TABLES) {
      await sql(
        `create trigger fuzz_log_${table} after insert or update or delete on ${table}
         for each row execute function fuzz_log_write()`,
      );
    }
    await repair();
  }, 120_000);

  afterAll(async () => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const statuses = [...statusCounts].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    console.log(
      `[fuzz ${database}] ${sent} Anfragen gesendet (${unsendable} vom Client verworfen), ` +
        `${checksums} Prüfsummen, ${seconds} s; Status: ${statuses.join(' ')}`,
    );
    if (process.env.FUZZ_STATS)
      console.log(
        [...perEndpoint]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, n]) => `${n}\t${k}`)
          .join('\n'),
      );
    await server?.close();
  });

  // ---- sending -------------------------------------------------------------------------------

  function resolveSegment(segment: Segment, kind: string | undefined): string {
    if (typeof segment === 'string') return segment;
    if ('project' in segment) return projects[segment.project].id;
    if ('user' in segment) return userIds[segment.user];
    const { of, sameKind, index } = segment.item;
    const pool = sameKind ? idsOf(of, kind) : [...items[of].values()].flat();
    return pool.length > 0 ? pool[index % pool.length]! : '00000000-0000-4000-8000-000000000001';
  }

  /** The project and step a request aims at, if its path names them. */
  function target(request: FuzzRequest) {
    const [first, project, kind, item] = request.segments;
    if (first !== 'projects' || typeof project !== 'object' || !('project' in project)) return {};
    return {
      which: project.project,
      kind: typeof kind === 'string' ? kind : undefined,
      item:
        item === undefined
          ? undefined
          : resolveSegment(item, typeof kind === 'string' ? kind : undefined),
    };
  }

  /** The version the server holds now for what the request aims at. */
  async function currentVersion(request: FuzzRequest): Promise<number> {
    const { which, kind, item } = target(request);
    if (!which) return 1;
    const projectId = projects[which].id;
    if (kind === undefined || request.segments.length === 2) {
      const [row] = await sql<{ version: number }>('select version from project where id = ?', [
        projectId,
      ]);
      return row?.version ?? 1;
    }
    if (item !== undefined && request.segments.length === 4) {
      const [row] = await sql<{ version: number }>('select version from item where id::text = ?', [
        item,
      ]);
      return row?.version ?? 1;
    }
    const [row] = await sql<{ version: number }>(
      'select version from answer where project_id = ? and step_key = ?',
      [projectId, kind],
    );
    return row?.version ?? 0;
  }

  function orderFor(request: FuzzRequest, marker: string): string[] {
    const { which, kind } = target(request);
    const own = which ? idsOf(which, kind) : [];
    const other = which === 'B' ? 'A' : 'B';
    switch (marker) {
      case 'all':
        return [...own].sort();
      case 'reverse':
        return [...own].reverse();
      case 'first':
        return own.slice(0, 1);
      case 'dup':
        return [...own, ...own.slice(0, 1)];
      case 'foreign':
        return [...own, ...idsOf(other, kind).slice(0, 1)];
      case 'other-kind':
        return [
          ...own,
          ...[...(which ? items[which] : new Map<string, string[]>())]
            .filter(([key]) => key !== kind)
            .flatMap(([, ids]) => ids)
            .slice(0, 1),
        ];
      case 'ids-of-b':
        return [...items.B.values()].flat().slice(0, 3);
      default:
        return [];
    }
  }

  async function resolveBody(request: FuzzRequest): Promise<string | Buffer | undefined> {
    const { body } = request;
    if (body.type === 'none') return undefined;
    const parts = body.type === 'text' ? [body.text] : [body.before, body.after];
    let version: number | undefined;
    const resolved: string[] = [];
    for (let part of parts) {
      if (part.includes('@@V')) {
        version ??= await currentVersion(request);
        const current = version;
        part = part.replace(/"@@V([+-]\d+|0)@@(s|\.0)?"/g, (_, offset: string, suffix?: string) => {
          const value = current + Number(offset);
          return suffix === 's'
            ? JSON.stringify(String(value))
            : suffix === '.0'
              ? `${value}.0`
              : String(value);
        });
      }
      part = part.replace(/"@@ORDER:([a-z-]+)@@"/g, (_, marker: string) =>
        JSON.stringify(orderFor(request, marker)),
      );
      resolved.push(part);
    }
    if (body.type === 'text') return resolved[0];
    return Buffer.concat([
      Buffer.from(resolved[0]!),
      Buffer.from(body.bytes),
      Buffer.from(resolved[1]!),
    ]);
  }

  function resolveHeaders(request: FuzzRequest): Record<string, string> {
    const client = clients[request.actor];
    const headers: Record<string, string> = {
      accept: 'application/json',
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(client.csrfToken ? { 'x-csrf-token': client.csrfToken } : {}),
      ...(client.editToken ? { 'x-edit-token': client.editToken } : {}),
    };
    const apply = (name: string, value: string | null | undefined) => {
      if (value === undefined) return;
      if (value === null) delete headers[name];
      else headers[name] = value;
    };
    const { requestedWith, csrf, editToken, contentType, extra } = request.headers;
    apply('x-requested-with', requestedWith);
    apply('x-csrf-token', csrf === '@other-session' ? (clients.stranger.csrfToken ?? '') : csrf);
    const tokens: Record<string, string> = {
      '@A': projects.A.token,
      '@B': projects.B.token,
      '@A-upper': projects.A.token.toUpperCase(),
      '@A-padded': ` ${projects.A.token}x`,
    };
    apply(
      'x-edit-token',
      editToken !== undefined && editToken !== null ? (tokens[editToken] ?? editToken) : editToken,
    );
    apply('content-type', contentType);
    Object.assign(headers, extra);
    return headers;
  }

  const describeRequest = (
    request: FuzzRequest,
    url: string,
    headers: Record<string, string>,
    body: string | Buffer | undefined,
  ) => {
    const shortHeaders = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [
        name,
        value.length > 120 ? `${value.slice(0, 120)}…(${value.length})` : value,
      ]),
    );
    const shown =
      body === undefined
        ? '(kein Body)'
        : typeof body === 'string'
          ? body.length > 600
            ? `${JSON.stringify(body.slice(0, 400))}…(${body.length} Zeichen)…${JSON.stringify(body.slice(-150))}`
            : JSON.stringify(body)
          : `Bytes ${body.subarray(0, 200).toString('hex')}${body.length > 200 ? `…(${body.length} Bytes)` : ''}`;
    return `${request.actor}: ${request.method} ${url.length > 200 ? `${url.slice(0, 200)}…` : url} [${request.endpoint}] Header ${JSON.stringify(shortHeaders)} Body ${shown}`;
  };

  function checkErrorBody(response: TestResponse): string | undefined {
    if (!response.headers.get('content-type')?.includes('application/json'))
      return `Fehlerantwort ist kein JSON (${response.headers.get('content-type')}): ${response.text.slice(0, 200)}`;
    const body = response.body as { message?: unknown; errors?: unknown };
    if (typeof body !== 'object' || body === null)
      return `Fehlerantwort ist kein Objekt: ${response.text.slice(0, 200)}`;
    if (typeof body.message !== 'string' || !GERMAN_MESSAGES.has(body.message))
      return `message ist kein deutscher Text des Katalogs: ${JSON.stringify(body.message)}`;
    if (body.errors !== undefined) {
      if (typeof body.errors !== 'object' || body.errors === null || Array.isArray(body.errors))
        return `errors ist kein Objekt: ${JSON.stringify(body.errors).slice(0, 200)}`;
      for (const [field, list] of Object.entries(body.errors)) {
        if (
          !Array.isArray(list) ||
          list.length === 0 ||
          list.some((text) => typeof text !== 'string' || text.trim() === '')
        )
          return `errors.${field} ist keine Liste von Texten: ${JSON.stringify(list).slice(0, 200)}`;
        const english = (list as string[]).find((text) => ENGLISH.test(text));
        if (english)
          return `errors.${field} enthält keinen deutschen Text: ${JSON.stringify(english)}`;
      }
    }
    return undefined;
  }

  async function execute(request: FuzzRequest): Promise<void> {
    const client = clients[request.actor];
    const segments = request.segments.map((segment) =>
      resolveSegment(
        segment,
        typeof request.segments[2] === 'string' ? request.segments[2] : undefined,
      ),
    );
    const url = `/api/${segments.join('/')}${request.query}`;
    const body = await resolveBody(request);
    const headers = resolveHeaders(request);
    let response: TestResponse;
    try {
      response = await client.raw(request.method, url, {
        headers,
        body: body as string | undefined,
      });
    } catch (error) {
      // fetch refuses some header values itself: such a request never reaches the server.
      if (error instanceof TypeError && !/fetch failed/.test(error.message)) {
        unsendable += 1;
        return;
      }
      sent += 1;
      violations.push(
        `Antwort unlesbar (${(error as Error).message}; ${String((error as Error).cause ?? '')}): ${describeRequest(request, url, headers, body)}`,
      );
      return;
    }
    sent += 1;
    statusCounts.set(response.status, (statusCounts.get(response.status) ?? 0) + 1);
    const key = `${request.endpoint} ${request.method} ${request.actor} ${response.status} ${(response.body as { message?: string })?.message ?? ''}`;
    perEndpoint.set(key, (perEndpoint.get(key) ?? 0) + 1);
    const problems: string[] = [];
    if (response.status >= 500)
      problems.push(`Status ${response.status}: ${response.text.slice(0, 300)}`);
    // `..` segments can lead out of /api once the URL is normalized; there an error is the
    // German HTML page, not JSON (docs/architecture.md#form-der-anfragen-und-antworten).
    const underApi = /^\/api(\/|$)/.test(new URL(url, client.baseUrl).pathname);
    if (response.status >= 400 && underApi) {
      const problem = checkErrorBody(response);
      if (problem) problems.push(`Status ${response.status}: ${problem}`);
    } else if (response.status >= 400 && !response.text.includes('<h1>')) {
      problems.push(`Status ${response.status}: keine Fehlerseite: ${response.text.slice(0, 200)}`);
    }
    const mark = await writeMark();
    if (response.status >= 400) {
      rejectedSinceBaseline += 1;
      if (mark !== lastWrite) {
        const writes = await sql<{ tbl: string; op: string }>(
          'select tbl, op from fuzz_write_log where id > ? order by id',
          [lastWrite],
        );
        problems.push(
          `abgelehnt (${response.status}) und trotzdem geschrieben: ${writes.map((write) => `${write.op} ${write.tbl}`).join(', ')}`,
        );
      } else if (rejectedSinceBaseline % 20 === 0 && (await checksum()) !== baseline) {
        problems.push(
          `abgelehnt (${response.status}), aber die Prüfsumme der Tabellen hat sich geändert`,
        );
      }
    }
    if (problems.length > 0) {
      violations.push(`${problems.join('; ')} ← ${describeRequest(request, url, headers, body)}`);
    }
    if (mark !== lastWrite) await repair();
  }

  /** One batch: `runs` requests from `arbitrary`, then the end-of-batch checks. */
  async function batch(
    name: string,
    arbitrary: fc.Arbitrary<FuzzRequest>,
    runs: number,
    seed: number,
  ) {
    const before = violations.length;
    const sentBefore = sent;
    await fc.assert(
      fc.asyncProperty(arbitrary, async (request) => {
        await execute(request);
      }),
      { numRuns: runs, seed, endOnFailure: true },
    );
    if (rejectedSinceBaseline > 0 && (await checksum()) !== baseline)
      violations.push(
        `${name}: die Prüfsumme am Ende des Stapels weicht ab, obwohl seit der letzten Prüfung nur abgelehnte Anfragen kamen`,
      );
    const alive = await clients.owner.api('GET', `/projects/${projects.A.id}`);
    if (alive.status !== 200)
      violations.push(`${name}: der Server antwortet danach nicht normal (${alive.status})`);
    const pollution = ({} as Json).polluted ?? ({} as Json).is_admin;
    if (
      pollution !== undefined ||
      Object.getOwnPropertyNames(Object.prototype).sort().join() !== prototypeKeys.join()
    )
      violations.push(`${name}: Object.prototype wurde verändert`);
    const found = violations.slice(before);
    expect(sent - sentBefore).toBeGreaterThanOrEqual(runs * 0.95);
    expect(found, found.slice(0, 25).join('\n\n')).toEqual([]);
  }

  const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
  const runs = (count: number) => Math.max(1, Math.round(count * SCALE));

  it('account, project list and config endpoints', async () => {
    await batch(
      'Account',
      requestArb([...ACCOUNT_TEMPLATES, UNKNOWN_TEMPLATE]),
      runs(1_200),
      4_201,
    );
  }, 600_000);

  it('project endpoints (read, settings, delete, approve, share token)', async () => {
    await batch('Projekt', requestArb(PROJECT_TEMPLATES), runs(1_800), 4_202);
  }, 600_000);

  it('list steps: add and update items', async () => {
    await batch('Liste', requestArb(STEP_TEMPLATES.slice(0, 2)), runs(3_000), 4_203);
  }, 600_000);

  it('list steps: delete and reorder items', async () => {
    await batch('Reihenfolge', requestArb(STEP_TEMPLATES.slice(2)), runs(1_500), 4_204);
  }, 600_000);

  it('form steps: save answers', async () => {
    await batch('Formular', requestArb(FORM_TEMPLATES), runs(1_500), 4_205);
  }, 600_000);

  it('every endpoint with other methods and hostile headers', async () => {
    await batch(
      'Gemischt',
      requestArb(
        [
          ...ACCOUNT_TEMPLATES,
          ...PROJECT_TEMPLATES,
          ...STEP_TEMPLATES,
          ...FORM_TEMPLATES,
          UNKNOWN_TEMPLATE,
        ],
        6,
      ),
      runs(1_500),
      4_206,
    );
  }, 600_000);

  it(`sent at least ${runs(10_000)} requests`, () => {
    expect(sent).toBeGreaterThanOrEqual(runs(10_000));
  });
});
