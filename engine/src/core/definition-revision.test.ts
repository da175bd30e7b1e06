import { describe, expect, it } from 'vitest';
import { canonicalDefinitionJson, retiredPresets, revisionContent } from './definition-revision.ts';
import type { Definition } from './definition-types.ts';
import { displayValues } from './display-values.ts';
import { loadDefinition } from './load-definition.ts';
import { revisionId } from './node/index.ts';
import { ProseRenderer } from './prose.ts';
import { FIXTURE_WIDGETS, readFixture } from './test/fixture-catalogue.ts';

const raw = await readFixture(FIXTURE_WIDGETS);
const load = (change: (copy: typeof raw) => void = () => {}): Definition => {
  const copy = structuredClone(raw);
  change(copy);
  return loadDefinition(copy);
};
type PresetFile = Record<string, { key: string; label: string }[]>;
const traits = (copy: typeof raw) => (copy.presets.widgets as PresetFile).traits!;

const personality = {
  gender: 'female',
  job_definition: 'Tischlerin',
  character_traits: ['honest', 'brave', 'calm'],
};

describe('revision ids', () => {
  it('are the SHA-256 of the canonical JSON: the same files give the same id, every time', () => {
    const id = revisionId(load());
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(revisionId(load())).toBe(id);
  });

  it('ignore white space in the files but not a changed label, prose or order of sentences', () => {
    const base = revisionId(load());
    // Re-reading the same JSON with other indentation changes nothing that is loaded.
    expect(revisionId(load((copy) => (copy.prose = JSON.parse(JSON.stringify(copy.prose)))))).toBe(
      base,
    );
    const relabelled = load((copy) => (traits(copy)[0]!.label = 'aufrichtig'));
    expect(revisionId(relabelled)).not.toBe(base);
    const reworded = load((copy) => {
      const prose = copy.steps.profile!.prose as { form: Record<string, string> };
      prose.form.traits = 'Diese Person wirkt {{character_traits, list}}.';
    });
    expect(revisionId(reworded)).not.toBe(base);
    const reordered = load((copy) => {
      const prose = copy.steps.profile!.prose as { form: Record<string, string> };
      const { person_male, person_female, person, ...rest } = prose.form;
      prose.form = {
        ...rest,
        person_male: person_male!,
        person_female: person_female!,
        person: person!,
      };
    });
    expect(revisionId(reordered)).not.toBe(base);
  });

  it('leave out what the server adds when it hands a revision out', () => {
    const definition = load();
    const served: Definition = {
      ...definition,
      retired: { widgets: { traits: [{ key: 'x', label: 'X' }] } },
      revision: { id: 'abc', label: 1 },
    };
    expect(revisionId(served)).toBe(revisionId(definition));
    // The platform's forms belong to no questionnaire: they are attached when a revision is loaded.
    const { forms: _forms, ...content } = definition;
    expect(revisionContent(served)).toEqual(content);
    expect(canonicalDefinitionJson(served)).toBe(JSON.stringify(content));
  });

  it('leave out the platform forms: a changed form changes no revision', () => {
    const definition = load();
    const reworded = load((copy) => {
      const account = copy.forms.account as { properties: Record<string, { title: string }> };
      account.properties.company!.title = 'Firma (neu)';
    });
    // The form did change (else this test could not fail) …
    expect(reworded.forms.account).not.toEqual(definition.forms.account);
    // … and neither the canonical text nor the hash did.
    expect(canonicalDefinitionJson(reworded)).toBe(canonicalDefinitionJson(definition));
    expect(canonicalDefinitionJson(reworded)).not.toContain('Firma (neu)');
    expect(revisionId(reworded)).toBe(revisionId(definition));
  });

  it('change with a migration map, which is part of the content', () => {
    const base = load();
    const withMap = load((copy) => {
      (copy.questionnaire as { version: number }).version = 2;
      copy.migrations = {
        2: {
          steps: {
            profile: { renameOptions: { character_traits: { brave: 'calm' } } },
          },
        },
      };
    });
    expect(withMap.migrations?.['2']).toBeDefined();
    expect(base.migrations).toBeUndefined();
    expect(revisionId(withMap)).not.toBe(revisionId(base));
  });
});

describe('retired presets', () => {
  const old = load();
  const current = load((copy) => {
    const list = traits(copy);
    list.splice(
      list.findIndex((entry) => entry.key === 'brave'),
      1,
    );
    list.find((entry) => entry.key === 'honest')!.label = 'aufrichtig';
  });

  it('hold the entries other revisions offered and this one does not, with their labels', () => {
    const retired = retiredPresets(current.presets, [old.presets]);
    expect(retired).toEqual({
      widgets: { traits: [{ key: 'brave', label: 'mutig' }] },
    });
    // The newest of the others gives the label.
    const relabelled = structuredClone(old.presets);
    relabelled.widgets!.traits!.find((entry) => entry.key === 'brave')!.label = 'mutig (alt)';
    expect(retiredPresets(current.presets, [relabelled, old.presets]).widgets!.traits).toEqual([
      { key: 'brave', label: 'mutig' },
    ]);
    expect(retiredPresets(old.presets, [current.presets])).toEqual({});
  });

  it('give a stored key that is no longer offered its old label in display values and prose, never the key', () => {
    const step = current.steps.find((candidate) => candidate.meta.key === 'profile')!;
    const without = displayValues(current, step, personality);
    expect(without.character_traits).toEqual(['aufrichtig', 'brave', 'gelassen']);

    const served: Definition = {
      ...current,
      retired: retiredPresets(current.presets, [old.presets]),
    };
    expect(displayValues(served, step, personality).character_traits).toEqual([
      'aufrichtig',
      'mutig',
      'gelassen',
    ]);
    const prose = new ProseRenderer(served).describeForm('profile', personality);
    expect(prose.join(' ')).toContain('Sie ist aufrichtig, mutig und gelassen.');
    expect(prose.join(' ')).not.toContain('brave');
  });
});
