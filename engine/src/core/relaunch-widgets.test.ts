import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { CardTexts } from './card-markup.ts';
import { createValidator } from './create-validator.ts';
import { displayValues } from './display-values.ts';
import { loadDefinition } from './load-definition.ts';
import { normalizeInput } from './normalize-input.ts';
import { FIXTURE_WIDGETS, readFixture } from './test/fixture-catalogue.ts';
import { standaloneChecks } from './node/standalone-checks.ts';
import { ProseRenderer } from './prose.ts';
import { stepResultsMarkup } from './results-markup.ts';
import { RELAUNCH_STEP, withRelaunchStep } from './test/relaunch-step.ts';
import { validatorFromChecks, type CompiledChecks } from './validator-runtime.ts';

/*
 * The widgets of the website relaunch (date, range, list of addresses) through the engine's core:
 * the rules with their German messages, normalisation, display values, prose and results markup.
 */

const definition = loadDefinition(withRelaunchStep(await readFixture(FIXTURE_WIDGETS)));
const step = definition.steps.find((candidate) => candidate.meta.key === RELAUNCH_STEP)!;
const validate = createValidator(definition)(`step:${RELAUNCH_STEP}`);
const prose = new ProseRenderer(definition);
const texts: CardTexts = { rating: () => '', openLink: 'öffnet in neuem Tab' };
/** Intl's German currency and unit texts have a no-break space before „€“. */
const nb = (text: string) => text.replace(/ €/g, '\u00a0€');

describe('date field', () => {
  it('accepts a calendar date and refuses an impossible one in German', () => {
    expect(validate({ launch: '2027-03-15' })).toMatchObject({ valid: true });
    for (const launch of ['2027-02-30', '15.03.2027', 'bald'])
      expect(validate({ launch })).toEqual({
        valid: false,
        errors: { launch: ['Starttermin muss ein gültiges Datum sein.'] },
      });
    // An emptied date field sends no value (rjsf's date widget): a missing date is the case.
    expect(validate({})).toEqual({
      valid: false,
      errors: { launch: ['Starttermin ist ein Pflichtfeld'] },
    });
  });

  it('reads as a German date, the day as stored whatever the time zone', () => {
    expect(displayValues(definition, step, { launch: '2027-03-15' })).toEqual({
      launch: '15. März 2027',
    });
    expect(displayValues(definition, step, { launch: '2027-01-01' }).launch).toBe('1. Januar 2027');
    expect(prose.describeForm(RELAUNCH_STEP, { launch: '2027-10-31' })).toEqual([
      'Die neue Website soll am 31. Oktober 2027 online gehen.',
    ]);
  });
});

describe('range field', () => {
  const base = { launch: '2027-03-15' };

  it('takes both sides, one side, or the same number on both', () => {
    for (const budget of [
      { min: 5000, max: 10000 },
      { min: 5000 },
      { max: 10000 },
      { min: 7, max: 7 },
    ])
      expect(validate({ ...base, budget })).toMatchObject({ valid: true, value: { budget } });
  });

  it('refuses „bis“ below „von“ with one German message at the range', () => {
    expect(validate({ ...base, budget: { min: 10000, max: 5000 } })).toEqual({
      valid: false,
      errors: { budget: ['Budget: „bis“ darf nicht kleiner sein als „von“.'] },
    });
  });

  it('names the side of a limit or type message and shows it at the range', () => {
    expect(validate({ ...base, pages: { min: 0, max: 2.5 } })).toEqual({
      valid: false,
      errors: {
        pages: [
          'Seitenzahl von muss mindestens 1 sein.',
          'Seitenzahl bis muss eine ganze Zahl sein.',
        ],
      },
    });
    expect(validate({ ...base, budget: { min: 'viel' } })).toEqual({
      valid: false,
      errors: { budget: ['Budget von muss eine ganze Zahl sein.'] },
    });
  });

  it('reads in euros the German way, one side alone with „ab“ or „bis“', () => {
    const shown = (budget: unknown) => displayValues(definition, step, { budget }).budget;
    expect(shown({ min: 5000, max: 10000 })).toBe(nb('5.000 € bis 10.000 €'));
    expect(shown({ min: 5000 })).toBe(nb('ab 5.000 €'));
    expect(shown({ max: 10000 })).toBe(nb('bis 10.000 €'));
    expect(shown({ min: 1250000, max: 1250000 })).toBe(nb('1.250.000 €'));
    expect(shown({})).toBeUndefined();
  });

  it('writes a unit that is no currency once, at the end', () => {
    const shown = (pages: unknown) => displayValues(definition, step, { pages }).pages;
    expect(shown({ min: 5, max: 12 })).toBe('5 bis 12 Seiten');
    expect(shown({ min: 1000 })).toBe('ab 1.000 Seiten');
    expect(shown({ max: 12 })).toBe('bis 12 Seiten');
  });

  it('makes sentences that read well with both sides and with one', () => {
    expect(
      prose.describeForm(RELAUNCH_STEP, {
        budget: { min: 5000, max: 10000 },
        pages: { min: 5, max: 12 },
      }),
    ).toEqual([
      nb('Als Budget sind 5.000 € bis 10.000 € eingeplant.'),
      'Die Website soll 5 bis 12 Seiten umfassen.',
    ]);
    expect(
      prose.describeForm(RELAUNCH_STEP, { budget: { min: 5000 }, pages: { max: 12 } }),
    ).toEqual([
      nb('Als Budget sind ab 5.000 € eingeplant.'),
      'Die Website soll bis 12 Seiten umfassen.',
    ]);
  });
});

describe('list of addresses', () => {
  it('puts https:// in front of each address and drops empty fields', () => {
    expect(
      normalizeInput(step.schema, {
        references: [' www.backhaus-krause.de ', '', '  ', 'http://alt.example.org'],
      }),
    ).toEqual({ references: ['https://www.backhaus-krause.de', 'http://alt.example.org'] });
    expect(validate({ launch: '2027-03-15', references: ['beispiel.de', ''] })).toEqual({
      valid: true,
      value: { launch: '2027-03-15', references: ['https://beispiel.de'] },
    });
  });

  it('refuses an address that is none, and more than maxItems, at the list', () => {
    expect(validate({ launch: '2027-03-15', references: ['https://a.de', 'zwei worte'] })).toEqual({
      valid: false,
      errors: {
        references: [
          'Vorbilder: Bitte eine vollständige Adresse angeben, z. B. https://www.beispiel.de.',
        ],
      },
    });
    expect(
      validate({ launch: '2027-03-15', references: ['a.de', 'b.de', 'c.de', 'd.de'] }),
    ).toEqual({
      valid: false,
      errors: { references: ['Vorbilder darf höchstens 3 Wert(e) haben.'] },
    });
  });

  it('names one address or several in the sentence', () => {
    expect(prose.describeForm(RELAUNCH_STEP, { references: ['https://a.de'] })).toEqual([
      'Als Vorbild dient https://a.de.',
    ]);
    expect(
      prose.describeForm(RELAUNCH_STEP, { references: ['https://a.de', 'https://b.de'] }),
    ).toEqual(['Als Vorbilder dienen https://a.de und https://b.de.']);
  });

  it('shows the addresses as escaped links below the sentences of the results', () => {
    const markup = stepResultsMarkup(
      definition,
      step,
      {
        launch: '2027-03-15',
        references: ['https://a.de/?x=1&y="2"', 'javascript:alert(1)'],
      },
      prose,
      texts,
    );
    expect(markup).toContain(
      '<ul class="result-links"><li><a class="result-link" href="https://a.de/?x=1&amp;y=&quot;2&quot;" target="_blank" rel="noopener noreferrer">https://a.de/?x=1&amp;y=&quot;2&quot;<span class="visually-hidden"> (öffnet in neuem Tab)</span></a></li>',
    );
    // A javascript: address is shown, but its link only throws (as React does).
    expect(markup).not.toContain('href="javascript:alert');
    expect(markup).toContain('>javascript:alert(1)<');
    expect(markup.indexOf('result-line')).toBeLessThan(markup.indexOf('result-links'));
  });

  it('gives a step without addresses no list of links', () => {
    const markup = stepResultsMarkup(definition, step, { launch: '2027-03-15' }, prose, texts);
    expect(markup).not.toContain('result-links');
    expect(markup).toContain('Die neue Website soll am 15. März 2027 online gehen.');
  });
});

describe('the browser’s precompiled checks', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'fragewerk-relaunch-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('apply the range rule and the formats as the server does', async () => {
    const { module } = await standaloneChecks(definition);
    const file = path.join(folder, 'checks.mjs');
    writeFileSync(file, module);
    const { checks } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
      checks: CompiledChecks;
    };
    const browser = validatorFromChecks(definition, checks)(`step:${RELAUNCH_STEP}`);
    for (const document of [
      { launch: '2027-03-15', budget: { min: 10000, max: 5000 } },
      { launch: '2027-02-30', budget: { min: 1, max: 2 }, references: ['x y'] },
      { launch: '2027-03-15', budget: { min: 5000 }, references: ['a.de', ''] },
    ])
      expect(browser(document)).toEqual(validate(document));
    expect(browser({ launch: '2027-03-15', budget: { min: 2, max: 1 } })).toMatchObject({
      valid: false,
    });
  }, 60_000);
});
