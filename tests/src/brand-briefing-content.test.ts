import { fieldLabel } from '@fragewerk/engine/core';
import { DEFAULT_QUESTIONNAIRE, loadDefinitionFromDisk } from '@fragewerk/engine/core/node';
import { describe, expect, it } from 'vitest';

/*
 * What is particular to the shipped brand briefing („Markenbriefing“, definitions/markenbriefing):
 * its steps, their order and titles, presets, completeness and which cards show stars or links.
 * The API tests once asserted these while exercising the server's mechanics; they now run on the
 * fixture catalogue, so the facts about the shipped content are pinned here instead.
 */

const definition = await loadDefinitionFromDisk(undefined, DEFAULT_QUESTIONNAIRE);
const step = (key: string) => definition.steps.find((candidate) => candidate.meta.key === key)!;
type Preset = { key: string; label: string };
const presets = definition.presets as unknown as Record<string, Record<string, Preset[]>>;

describe('the brand briefing’s content', () => {
  it('is titled „Markenbriefing“ and is the default questionnaire', () => {
    expect(DEFAULT_QUESTIONNAIRE).toBe('markenbriefing');
    expect(definition.title).toBe('Markenbriefing');
  });

  it('has its 8 steps in questionnaire order, with their titles and kinds', () => {
    expect(
      definition.steps.map((candidate) => [
        candidate.meta.key,
        candidate.meta.kind,
        candidate.meta.title,
      ]),
    ).toEqual([
      ['stakeholders', 'list', 'Stakeholder-Analyse'],
      ['competitors', 'list', 'Wettbewerber-Analyse'],
      ['goals', 'list', 'Ziele'],
      ['brandpersonality', 'form', 'Markenpersönlichkeit'],
      ['polarityprofile', 'form', 'Polaritätenprofil'],
      ['brandpositioning', 'form', 'Markenpositionierung'],
      ['userstories', 'list', 'User Stories'],
      ['personas', 'list', 'Personas'],
    ]);
  });

  it('offers the presets the steps name, with German labels', () => {
    for (const section of ['goals', 'stakeholders', 'brandpersonality', 'personas', 'userstories'])
      expect(presets).toHaveProperty(section);
    expect(presets.goals!.company!.map((entry) => entry.key)).toContain('increase_revenue');
    expect(presets.stakeholders!.internal).toContainEqual(
      expect.objectContaining({ key: 'management', label: 'Geschäftsführung' }),
    );
  });

  it('offers 24 avatars for the personas, the artist and the cook among them', () => {
    const avatars = presets.personas!.avatars!;
    expect(avatars).toHaveLength(24);
    expect(avatars.map((avatar) => avatar.key)).toEqual(expect.arrayContaining(['artist', 'cook']));
  });

  it('counts the goals complete only with a goal of each kind (company, brand, user)', () => {
    expect(step('goals').meta.completeness).toEqual({
      minItemsPerGroup: { company: 1, brand: 1, user: 1 },
    });
  });

  it('shows stars on the stakeholder and competitor cards, a link on the competitors’, a polarity chart', () => {
    expect(step('stakeholders').meta.list!.card.rating).toBe('importance');
    expect(step('competitors').meta.list!.card).toMatchObject({
      rating: 'importance',
      link: 'url',
    });
    expect(JSON.stringify(step('polarityprofile').ui)).toContain('"ui:widget":"polarity"');
  });

  it('names the fields of its errors as customers read them', () => {
    expect(fieldLabel(step('stakeholders').schema, ['type'], step('stakeholders').ui)).toBe(
      'Stakeholder-Gruppe',
    );
    expect(fieldLabel(step('goals').schema, ['goal'], step('goals').ui)).toBe('Ziel');
  });
});
