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
import { definitionDirsAbove, readDefinitionDir } from '../core/node/index.ts';
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

const raw = await readDefinitionDir(definitionDirsAbove(process.cwd()));
type PresetFile = Record<string, { key: string; label: string }[]>;
type StepSchema = { required: string[]; properties: Record<string, unknown> };

/** The next revision of our definition: „mutig“ and „Handwerk“ gone, competitors need a year. */
const next: Definition = (() => {
  const copy: RawDefinition = structuredClone(raw);
  const personality = copy.presets.brandpersonality as PresetFile;
  personality.character_traits = personality.character_traits!.filter(
    (entry) => entry.key !== 'brave',
  );
  personality.industry = personality.industry!.filter((entry) => entry.key !== 'crafts');
  const competitors = copy.steps.competitors!.schema as StepSchema;
  competitors.properties.founded = { type: 'integer', title: 'Gründungsjahr' };
  competitors.required.push('founded');
  const ui = copy.steps.competitors!.ui as { 'ui:order': string[] };
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
  gender: 'female',
  age: 'age_26_35',
  industry: 'crafts',
  job_definition: 'Tischlerin',
  character_traits: ['honest', 'brave', 'curious'],
};

describe('a running project on a newer revision', () => {
  it('shows stored keys the revision no longer offers with their old label, marked, and their message at once', async () => {
    const onSave = vi.fn(async () => true);
    const { user } = renderNext(
      <FormStep
        definition={next}
        step={step('brandpersonality')}
        data={personality}
        editable
        onSave={onSave}
      />,
    );
    const traits = await screen.findByRole('list', { name: 'Ausgewählt' });
    expect(within(traits).getByText('mutig')).toBeInTheDocument();
    expect(within(traits).getByText('(nicht mehr in der Auswahl)')).toBeInTheDocument();
    expect(traits).not.toHaveTextContent('brave');
    const industry = screen.getByRole('combobox', { name: /Branche/ });
    expect(industry).toHaveDisplayValue('Handwerk (nicht mehr in der Auswahl)');
    // The messages of the new rules show before anyone presses Speichern.
    expect(
      screen.getByText('Charaktereigenschaften: Bitte wählen Sie einen Eintrag aus der Liste.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Branche: Bitte wählen Sie einen Eintrag aus der Liste.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onSave).not.toHaveBeenCalled();
    await user.click(within(traits).getByRole('button', { name: 'mutig entfernen' }));
    await user.selectOptions(industry, 'retail');
    await user.click(screen.getByRole('checkbox', { name: 'verlässlich' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        industry: 'retail',
        character_traits: ['honest', 'curious', 'reliable'],
      }),
    );
  });

  it('opens a stored entry with the message of a field that became required', async () => {
    const item = { id: 'a', version: 1, name: 'Holz', explanation: 'Nachbar', importance: 3 };
    const { user } = renderNext(
      <ListStep
        definition={next}
        step={step('competitors')}
        items={[item]}
        editable
        onAdd={vi.fn()}
        onUpdate={vi.fn(async () => ({ ...item, version: 2 }))}
        onDelete={vi.fn(async () => true)}
        onReorder={vi.fn(async () => true)}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Bearbeiten: Holz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wettbewerber bearbeiten' });
    expect(
      await within(dialog).findByText('Gründungsjahr ist ein Pflichtfeld'),
    ).toBeInTheDocument();
  });

  it('saves answers that hold a field the revision no longer knows (the server keeps it)', async () => {
    const onSave = vi.fn(async () => true);
    const { user } = renderNext(
      <FormStep
        definition={next}
        step={step('brandpersonality')}
        data={{
          ...personality,
          industry: 'retail',
          character_traits: ['honest', 'curious', 'reliable'],
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
