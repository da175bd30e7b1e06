import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatProblem } from '@fragewerk/engine/core';
import { defaultDefinitionDirs, platformFormsDir } from '@fragewerk/engine/core/node';
import { afterEach, describe, expect, it } from 'vitest';
import { lintDefinition } from './lint-definition.ts';
import { lintSchemaPatterns } from './lint-patterns.ts';

/** The URL pattern the competitors step had until it was found to backtrack (quadratic). */
const FORMER_URL = '^$|^(?:https?|ftp)://[^\\s/?#]+\\.[^\\s/?#]+(?:[/?#]\\S*)?$';
/** Nested quantifiers: exponential backtracking on `aaaa…!`. */
const CATASTROPHIC = '^(a+)+$';

let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = undefined;
});

/** A copy of our definition that a test may break. */
async function copyDefinition() {
  root = await mkdtemp(path.join(tmpdir(), 'fragewerk-patterns-'));
  const dirs = {
    folder: path.join(root, 'definitions', 'markenbriefing'),
    presetsDir: path.join(root, 'presets'),
    formsDir: path.join(root, 'schemas', 'forms'),
  };
  await cp(defaultDefinitionDirs.folder, dirs.folder, { recursive: true });
  await cp(defaultDefinitionDirs.presetsDir, dirs.presetsDir, { recursive: true });
  await cp(platformFormsDir, dirs.formsDir, { recursive: true });
  return dirs;
}

type Json = Record<string, Record<string, Record<string, unknown>>>;

async function edit(file: string, change: (json: Json) => void) {
  const json = JSON.parse(await readFile(file, 'utf8')) as Json;
  change(json);
  await writeFile(file, JSON.stringify(json));
}

/** The shipped competitors' URL pattern, read from the definition. */
async function shippedUrlPattern(): Promise<RegExp> {
  const file = path.join(defaultDefinitionDirs.folder, 'steps', 'competitors', 'schema.json');
  const schema = JSON.parse(await readFile(file, 'utf8')) as Json;
  return new RegExp(String(schema.properties!.url!.pattern), 'u');
}

describe('definition lint: patterns', () => {
  it('finds every pattern of our definition and of the API schemas linear and bounded', async () => {
    const problems = (await lintDefinition(defaultDefinitionDirs)).map(formatProblem);
    expect(problems).toEqual([]);
  }, 30_000);

  it('rejects a backtracking pattern and one without maxLength, naming file and JSON path in German', async () => {
    const dirs = await copyDefinition();
    await edit(path.join(dirs.folder, 'steps', 'competitors', 'schema.json'), (schema) => {
      schema.properties!.url!.pattern = FORMER_URL;
    });
    await edit(path.join(dirs.formsDir, 'new-project.schema.json'), (schema) => {
      schema.properties!.project_name!.pattern = CATASTROPHIC;
      schema.properties!.customer_firm!.pattern = '^[A-Z]';
      delete schema.properties!.customer_firm!.maxLength;
    });
    const problems = (await lintDefinition(dirs)).map(formatProblem);
    expect(problems).toHaveLength(3);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^definitions\/markenbriefing\/steps\/competitors\/schema\.json \/properties\/url\/pattern: Das Muster „\^\$\|\^\(\?:https\?\|ftp\).*“ kann bei ungünstiger Eingabe den Server blockieren: seine Laufzeit wächst polynomiell \(2\. Grades\) mit der Länge der Eingabe \(ReDoS; z\. B\. bei .+\)\. Bitte so umschreiben/,
        ),
        expect.stringMatching(
          /^schemas\/forms\/new-project\.schema\.json \/properties\/project_name\/pattern: Das Muster „\^\(a\+\)\+\$“ kann bei ungünstiger Eingabe den Server blockieren: seine Laufzeit wächst exponentiell/,
        ),
        'schemas/forms/new-project.schema.json /properties/customer_firm/pattern: Ein Muster („pattern“) braucht im selben Schema eine Höchstlänge („maxLength“): die Validierung prüft erst die Länge und nur Texte innerhalb davon gegen das Muster.',
      ]),
    );
  }, 60_000);

  it('walks schema positions only: nested branches and pattern keys, not messages', () => {
    const schema = {
      type: 'object',
      patternProperties: { [CATASTROPHIC]: { type: 'string' } },
      properties: {
        notes: {
          type: 'array',
          items: { anyOf: [{ type: 'string', maxLength: 50, pattern: CATASTROPHIC }] },
        },
        // An ajv-errors message named `pattern` is text, not a regular expression.
        plain: { type: 'string', errorMessage: { pattern: '(a+)+' } },
      },
    };
    const problems = lintSchemaPatterns(schema, 'schemas/forms/x.schema.json');
    expect(problems.map(({ path }) => path)).toEqual([
      '/patternProperties/^(a+)+$',
      '/properties/notes/items/anyOf/0/pattern',
    ]);
    // The API's response schemas never see a request: no length rule there, ReDoS still counts.
    expect(lintSchemaPatterns({ type: 'string', pattern: '^[0-9a-f]{64}$' }, 'a', false)).toEqual(
      [],
    );
    expect(lintSchemaPatterns({ type: 'string', pattern: CATASTROPHIC }, 'a', false)).toHaveLength(
      1,
    );
  }, 30_000);
});

describe('the competitors’ URL pattern', () => {
  const urls = [
    'https://www.muster.de/shop?x=1',
    'http://muster.de',
    'ftp://files.muster.de',
    'https://sub.domain.muster.co.uk/a/b#c',
    'https://muster.de?x=1',
    'http://user:pw@muster.de:8080/pfad',
    'http://a..b',
    'http://.muster.de',
    'https://xn--mller-kva.de',
    'https://müller.de/ä',
    '',
    'www.muster.de',
    'javascript:alert(1)',
    'http://localhost',
    'http://muster.',
    'http://muster.de /leer',
    'https://',
    'mailto:info@muster.de',
    'HTTP://MUSTER.DE',
    'http://muster.de/ ',
    'http:///muster.de',
  ];

  it('accepts and rejects what the former pattern did', async () => {
    const shipped = await shippedUrlPattern();
    const former = new RegExp(FORMER_URL, 'u');
    for (const url of urls) expect(shipped.test(url), url).toBe(former.test(url));
    expect(shipped.test('https://www.muster.de/shop?x=1')).toBe(true);
    expect(shipped.test('www.muster.de')).toBe(false);
  });

  it('answers the pathological input at once', async () => {
    const shipped = await shippedUrlPattern();
    const start = performance.now();
    expect(shipped.test(`http://${'a.'.repeat(60_000)} x`)).toBe(false);
    // Loose: the former pattern took ~15 s here, the linear one takes about a millisecond.
    expect(performance.now() - start).toBeLessThan(500);
  });
});
