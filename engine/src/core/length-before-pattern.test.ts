import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createValidator } from './create-validator.ts';
import type { Definition, JsonSchema } from './definition-types.ts';
import { lengthBeforePattern } from './length-before-pattern.ts';
import { standaloneChecks } from './node/standalone-checks.ts';
import { FIXTURE_WIDGETS, loadFixture } from './test/fixture-catalogue.ts';
import { type CompiledChecks, validatorFromChecks } from './validator-runtime.ts';

/**
 * The URL pattern the brand briefing's competitors step shipped with until it was found to
 * backtrack: on this input it takes ~15 s in V8 (quadratic in the number of dots). Kept here on
 * purpose, so the test shows the guard, not the linear pattern, keeps such a string away from the
 * expression.
 */
const BACKTRACKING_URL = '^$|^(?:https?|ftp)://[^\\s/?#]+\\.[^\\s/?#]+(?:[/?#]\\S*)?$';
const PATHOLOGICAL = `http://${'a.'.repeat(60_000)} x`;
const MAX_LENGTH_MESSAGE = 'Website darf höchstens 2.000 Zeichen lang sein.';
const PATTERN_MESSAGE = 'Website muss eine gültige URL mit http://, https:// oder ftp:// sein.';

/** The fixture with its rivals' URL pattern swapped for the backtracking one. */
function withBacktrackingUrl(definition: Definition): Definition {
  const steps = definition.steps.map((step) => {
    if (step.meta.key !== 'rivals') return step;
    const schema = structuredClone(step.schema);
    ((schema.properties as Record<string, JsonSchema>).url as JsonSchema).pattern =
      BACKTRACKING_URL;
    return { ...step, schema };
  });
  return { ...definition, steps };
}

/** Milliseconds `run` takes. */
function timed<T>(run: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = run();
  return { result, ms: performance.now() - start };
}

const competitor = (url: string) => ({ name: 'A', explanation: 'B', importance: 3, url });

describe('lengthBeforePattern', () => {
  it('puts pattern and format under an `if` on the same maxLength, with their ajv-errors message', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        url: {
          type: 'string',
          maxLength: 20,
          pattern: '^x+$',
          errorMessage: { pattern: 'Nur x.', maxLength: 'Zu lang.' },
        },
        mail: { type: 'string', format: 'email', maxLength: 254 },
        free: { type: 'string', pattern: '^y$' },
      },
    };
    const guarded = lengthBeforePattern(schema);
    expect(guarded.properties).toEqual({
      url: {
        type: 'string',
        maxLength: 20,
        errorMessage: { maxLength: 'Zu lang.' },
        allOf: [
          { if: { maxLength: 20 }, then: { pattern: '^x+$', errorMessage: { pattern: 'Nur x.' } } },
        ],
      },
      mail: {
        type: 'string',
        maxLength: 254,
        allOf: [{ if: { maxLength: 254 }, then: { format: 'email' } }],
      },
      // Without a maxLength there is no length to put first (the definition lint refuses it).
      free: { type: 'string', pattern: '^y$' },
    });
    // The schema as written stays as it is: rjsf and the revisions see it unchanged.
    expect((schema.properties as Record<string, JsonSchema>).url!.pattern).toBe('^x+$');
  });

  describe('with a backtracking pattern in the definition', () => {
    let definition: Definition;
    let browser: CompiledChecks;
    const folder = mkdtempSync(path.join(tmpdir(), 'fragewerk-length-'));

    beforeAll(async () => {
      definition = withBacktrackingUrl(await loadFixture(FIXTURE_WIDGETS));
      const file = path.join(folder, 'checks.mjs');
      writeFileSync(file, (await standaloneChecks(definition)).module);
      ({ checks: browser } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
        checks: CompiledChecks;
      });
    }, 60_000);
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('rejects the pathological URL at once with the maxLength message only (server and browser)', () => {
      const validators = {
        server: createValidator(definition),
        browser: validatorFromChecks(definition, browser),
      };
      for (const validate of Object.values(validators)) {
        const { result, ms } = timed(() => validate('step:rivals')(competitor(PATHOLOGICAL)));
        expect(result).toEqual({ valid: false, errors: { url: [MAX_LENGTH_MESSAGE] } });
        // Loose on purpose: unguarded this takes seconds, guarded well under a millisecond.
        expect(ms).toBeLessThan(500);
      }
    });

    it('still gives the pattern message to a URL within the length', () => {
      const validate = createValidator(definition)('step:rivals');
      expect(validate(competitor('muster'))).toEqual({
        valid: false,
        errors: { url: [PATTERN_MESSAGE] },
      });
      expect(validate(competitor('https://www.muster.de/shop?x=1')).valid).toBe(true);
    });
  });
});
