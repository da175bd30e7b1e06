import { ProseRenderer } from '@fragewerk/engine/core';
import {
  catalogueIds,
  DEFAULT_QUESTIONNAIRE,
  loadDefinitionFromDisk,
  repositoryRoot,
} from '@fragewerk/engine/core/node';
import { describe, expect, it } from 'vitest';

/*
 * What the shipped catalogue (definitions/) offers: its two questionnaires, the brand briefing as
 * the default, their titles, descriptions and the relaunch's steps and sentences. The API's
 * catalogue tests (api/test/catalogue.test.ts) check the mechanics on the fixture catalogue; the
 * facts about the shipped content they used to assert are pinned here.
 */

const BRAND_BRIEFING = 'markenbriefing';
const RELAUNCH = 'website-relaunch';
const brand = await loadDefinitionFromDisk(undefined, BRAND_BRIEFING);
const relaunch = await loadDefinitionFromDisk(undefined, RELAUNCH);

describe('the shipped catalogue', () => {
  it('holds the brand briefing (the default) and the website relaunch', async () => {
    expect(await catalogueIds(repositoryRoot)).toEqual([BRAND_BRIEFING, RELAUNCH]);
    expect(DEFAULT_QUESTIONNAIRE).toBe(BRAND_BRIEFING);
  });

  it('titles and describes both as briefings', () => {
    expect([brand.title, relaunch.title]).toEqual(['Markenbriefing', 'Website-Relaunch']);
    for (const definition of [brand, relaunch])
      expect(definition.description).toMatch(/^Das Briefing für /);
  });

  it('asks the relaunch’s nine steps in its order', () => {
    expect(relaunch.steps.map((step) => step.meta.key)).toEqual([
      'current_site',
      'site_goals',
      'audiences',
      'pages',
      'features',
      'references',
      'look_and_feel',
      'technology',
      'project_frame',
    ]);
    expect(brand.steps).toHaveLength(8);
  });

  it('words the relaunch’s answers as the results view shows them', () => {
    const prose = new ProseRenderer(relaunch);
    const site = prose.describeForm('current_site', {
      addresses: ['https://www.baeckerei-gross.de'],
      current_system: 'WordPress',
      keep: ['domain', 'logo'],
    });
    expect(site).toContain('Gepflegt werden die Inhalte heute mit WordPress.');
    // The address stands once, as the link below the sentences (#38).
    expect(site.join(' ')).not.toContain('baeckerei-gross');
    const page = prose.describeItem('pages', {
      page: 'Unser Sortiment',
      contents: 'Brote, Brötchen und Torten der Woche',
      priority: 'must',
      content_source: 'customer',
    });
    expect(page.title).toContain('Unser Sortiment');
    // Priority and today's address are the card's badge and link: no line repeats them (#38).
    expect(page.lines).toEqual([
      'Auf die Seite gehört: Brote, Brötchen und Torten der Woche.',
      'Texte und Bilder liefert das Unternehmen selbst.',
    ]);
  });
});
