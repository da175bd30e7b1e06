// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  compileChecks,
  loadDefinition,
  retiredPresets,
  type Definition,
  type RawDefinition,
} from '../core/index.ts';
import { FIXTURE_WIDGETS, readFixture } from '../core/test/fixture-catalogue.ts';
import { EngineChecksProvider, readyChecks } from './engine-checks.tsx';
import { EngineTextsProvider } from './engine-texts.tsx';
import { FormStep } from './form-step.tsx';
import { ListStep } from './list/list-step.tsx';
import { GERMAN_TEXTS } from './test/german-texts.ts';
import { testDefinition } from './test/render.tsx';

/*
 * docs/architecture.md#revisionen in the forms: a running project on a newer revision opens with
 * everything it stored – old option keys with their old label and „nicht mehr in der Auswahl“,
 * the messages of new rules at once, fields the revision no longer knows left alone.
 */

const raw = await readFixture(FIXTURE_WIDGETS);
type PresetFile = Record<string, { key: string; label: string }[]>;
type StepSchema = { required: string[]; properties: Record<string, unknown> };

/** The next revision of the fixture: „mutig“ and „divers“ gone, rivals need a year. */
const next: Definition = (() => {
  const copy: RawDefinition = structuredClone(raw);
  const presets = copy.presets.widgets as PresetFile;
  presets.traits = presets.traits!.filter((entry) => entry.key !== 'brave');
  presets.gender = presets.gender!.filter((entry) => entry.key !== 'diverse');
  const rivals = copy.steps.rivals!.schema as StepSchema;
  rivals.properties.founded = { type: 'integer', title: 'Gründungsjahr' };
  rivals.required.push('founded');
  const ui = copy.steps.rivals!.ui as { 'ui:order': string[] };
  ui['ui:order'] = [...ui['ui:order'], 'founded'];
  const definition = loadDefinition(copy);
  return { ...definition, retired: retiredPresets(definition.presets, [testDefinition.presets]) };
})();
const checks = readyChecks(compileChecks(next));
const step = (key: string) => next.steps.find((candidate) => candidate.meta.key === key)!;

function renderNext(ui: ReactElement) {
  return {
    ...render(
      <EngineTextsProvider texts={GERMAN_TEXTS}>
        <EngineChecksProvider checks={checks}>{ui}</EngineChecksProvider>
      </EngineTextsProvider>,
    ),
    user: userEvent.setup(),
  };
}

afterEach(cleanup);

const personality = {
  gender: 'diverse',
  job_definition: 'Tischlerin',
  character_traits: ['honest', 'brave', 'calm'],
};

describe('a running project on a newer revision', () => {
  it('shows stored keys the revision no longer offers with their old label, marked, and their message at once', async () => {
    const onSave = vi.fn(async () => true);
    const { user } = renderNext(
      <FormStep
        definition={next}
        step={step('profile')}
        data={personality}
        editable
        onSave={onSave}
      />,
    );
    const traits = await screen.findByRole('list', { name: 'Ausgewählt' });
    expect(within(traits).getByText('mutig')).toBeInTheDocument();
    expect(within(traits).getByText('(nicht mehr in der Auswahl)')).toBeInTheDocument();
    expect(traits).not.toHaveTextContent('brave');
    const gender = screen.getByRole('combobox', { name: /Geschlecht/ });
    expect(gender).toHaveDisplayValue('divers (nicht mehr in der Auswahl)');
    // The messages of the new rules show before anyone presses Speichern.
    expect(
      screen.getByText('Charaktereigenschaften: Bitte wählen Sie einen Eintrag aus der Liste.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Geschlecht: Bitte wählen Sie einen Eintrag aus der Liste.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onSave).not.toHaveBeenCalled();
    await user.click(within(traits).getByRole('button', { name: 'mutig entfernen' }));
    await user.selectOptions(gender, 'female');
    await user.click(screen.getByRole('checkbox', { name: 'verlässlich' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        gender: 'female',
        character_traits: ['honest', 'calm', 'reliable'],
      }),
    );
  });

  it('opens a stored entry with the message of a field that became required', async () => {
    const item = { id: 'a', version: 1, name: 'Holz', explanation: 'Nachbar', importance: 3 };
    const { user } = renderNext(
      <ListStep
        definition={next}
        step={step('rivals')}
        items={[item]}
        editable
        onAdd={vi.fn()}
        onUpdate={vi.fn(async () => ({ ...item, version: 2 }))}
        onDelete={vi.fn(async () => true)}
        onReorder={vi.fn(async () => true)}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Bearbeiten: Holz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mitbewerber bearbeiten' });
    expect(
      await within(dialog).findByText('Gründungsjahr ist ein Pflichtfeld'),
    ).toBeInTheDocument();
  });

  it('saves answers that hold a field the revision no longer knows (the server keeps it)', async () => {
    const onSave = vi.fn(async () => true);
    const { user } = renderNext(
      <FormStep
        definition={next}
        step={step('profile')}
        data={{
          ...personality,
          gender: 'female',
          character_traits: ['honest', 'calm', 'reliable'],
          motto: 'alt',
        }}
        editable
        onSave={onSave}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Speichern' }));
    expect(onSave).toHaveBeenCalledTimes(1);
  });
});
