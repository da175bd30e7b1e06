import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileChecks } from '../create-validator.ts';
import type { Definition } from '../definition-types.ts';
import type { CompiledChecks, SchemaCheck } from '../validator-runtime.ts';
import { FIXTURE_WIDGETS, loadFixture } from '../test/fixture-catalogue.ts';
import { standaloneChecks } from './standalone-checks.ts';

/** Documents every check answers differently: empty, wrong types, foreign keys. */
const documents: unknown[] = [
  {},
  null,
  'Text',
  [],
  { name: 42, unbekannt: true },
  { name: '', items: [{}], rating: 7 },
];

/** What a check says about a document: the verdict and where and why it fails. */
function verdict(check: SchemaCheck, document: unknown) {
  const valid = check(document);
  return {
    valid,
    errors: (check.errors ?? []).map(({ instancePath, keyword, message }) => ({
      instancePath,
      keyword,
      message,
    })),
  };
}

describe('standaloneChecks', () => {
  let definition: Definition;
  let built: Awaited<ReturnType<typeof standaloneChecks>>;
  let browser: CompiledChecks;
  const folder = mkdtempSync(path.join(tmpdir(), 'fragewerk-checks-'));

  beforeAll(async () => {
    definition = await loadFixture(FIXTURE_WIDGETS);
    built = await standaloneChecks(definition);
    const file = path.join(folder, 'checks.mjs');
    writeFileSync(file, built.module);
    ({ checks: browser } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
      checks: CompiledChecks;
    });
  }, 60_000);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('compiles for the server exactly the checks the browser’s module holds', () => {
    for (const group of ['validators', 'conditions'] as const) {
      expect(Object.keys(built.compiled[group]).sort()).toEqual(Object.keys(browser[group]).sort());
      expect(Object.keys(built.compiled[group]).length).toBeGreaterThan(0);
    }
  });

  it('judges every document as the browser’s module and a separate compile do', () => {
    const separate = compileChecks(definition);
    for (const group of ['validators', 'conditions'] as const) {
      for (const [name, check] of Object.entries(built.compiled[group])) {
        for (const document of documents) {
          const expected = verdict(separate[group][name]!, document);
          expect({ name, ...verdict(check, document) }).toEqual({ name, ...expected });
          expect({ name, ...verdict(browser[group][name]!, document) }).toEqual({
            name,
            ...expected,
          });
        }
      }
    }
  });
});
