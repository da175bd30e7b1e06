// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileChecks, loadDefinition } from '../../core/index.ts';
import { FIXTURE_WIDGETS, readFixture } from '../../core/test/fixture-catalogue.ts';
import { RELAUNCH_STEP, withRelaunchStep } from '../../core/test/relaunch-step.ts';
import { EngineChecksProvider, readyChecks } from '../engine-checks.tsx';
import { EngineTextsProvider } from '../engine-texts.tsx';
import { FormStep } from '../form-step.tsx';
import { GERMAN_TEXTS } from '../test/german-texts.ts';

/*
 * The widgets of the website relaunch in a form step: a native date field, a range „von … bis …“
 * with its unit, a list of addresses; the German messages of their rules at the field.
 */

const definition = loadDefinition(withRelaunchStep(await readFixture(FIXTURE_WIDGETS)));
const checks = readyChecks(compileChecks(definition));
const step = definition.steps.find((candidate) => candidate.meta.key === RELAUNCH_STEP)!;

function renderStep(data: Record<string, unknown> = {}) {
  const onSave = vi.fn(async (_data: Record<string, unknown>) => true);
  render(
    <EngineTextsProvider texts={GERMAN_TEXTS}>
      <EngineChecksProvider checks={checks}>
        <FormStep definition={definition} step={step} data={data} editable onSave={onSave} />
      </EngineChecksProvider>
    </EngineTextsProvider>,
  );
  return { onSave, user: userEvent.setup() };
}

const save = () => screen.getByRole('button', { name: 'Speichern' });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('date widget', () => {
  it('is a native date field under its question, required with a German message', async () => {
    const { user, onSave } = renderStep();
    const launch = screen.getByLabelText(/Wann soll die neue Website online gehen\?/);
    expect(launch).toHaveAttribute('type', 'date');
    await user.click(save());
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText('Starttermin ist ein Pflichtfeld')).toBeInTheDocument();
    expect(launch).toHaveAttribute('aria-invalid', 'true');

    await user.type(launch, '2027-03-15');
    expect(screen.queryByText('Starttermin ist ein Pflichtfeld')).not.toBeInTheDocument();
    await user.click(save());
    expect(onSave).toHaveBeenCalledWith({ launch: '2027-03-15' });
  });

  it('shows a stored date', () => {
    renderStep({ launch: '2027-10-31' });
    expect(screen.getByLabelText(/Wann soll die neue Website online gehen\?/)).toHaveValue(
      '2027-10-31',
    );
  });
});

describe('range widget', () => {
  it('has two labelled inputs side by side with the currency, its help below', () => {
    renderStep();
    const budget = screen.getByRole('group', { name: 'Budget' });
    expect(within(budget).getByRole('textbox', { name: 'von' })).toHaveAccessibleDescription('€');
    expect(within(budget).getByRole('textbox', { name: 'bis' })).toHaveAttribute(
      'inputmode',
      'numeric',
    );
    expect(screen.getByText('Eine grobe Spanne genügt.')).toBeInTheDocument();
    const pages = screen.getByRole('group', { name: 'Seitenzahl' });
    expect(within(pages).getByRole('textbox', { name: 'von' })).toHaveAccessibleDescription(
      'Seiten',
    );
  });

  it('reads „5.000“ as five thousand and refuses „bis“ below „von“ at the range', async () => {
    const { user, onSave } = renderStep({ launch: '2027-03-15' });
    const budget = screen.getByRole('group', { name: 'Budget' });
    const from = within(budget).getByRole('textbox', { name: 'von' });
    const to = within(budget).getByRole('textbox', { name: 'bis' });
    await user.type(from, '10.000');
    await user.type(to, '5.000');
    expect(from).toHaveValue('10.000');
    await user.click(save());
    expect(onSave).not.toHaveBeenCalled();
    const message = 'Budget: „bis“ darf nicht kleiner sein als „von“.';
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(budget).toHaveAccessibleDescription(`${message} Eine grobe Spanne genügt.`);
    expect(from).toHaveAttribute('aria-invalid', 'true');

    await user.clear(to);
    await user.type(to, '12.500');
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    await user.click(save());
    expect(onSave).toHaveBeenCalledWith({
      launch: '2027-03-15',
      budget: { min: 10000, max: 12500 },
    });
  });

  it('keeps one side alone, says what is no number, and drops a range emptied', async () => {
    const { user, onSave } = renderStep({ launch: '2027-03-15', budget: { min: 5000 } });
    const budget = screen.getByRole('group', { name: 'Budget' });
    const from = within(budget).getByRole('textbox', { name: 'von' });
    expect(from).toHaveValue('5000');
    const pages = screen.getByRole('group', { name: 'Seitenzahl' });
    await user.type(within(pages).getByRole('textbox', { name: 'bis' }), 'viele');
    await user.click(save());
    expect(screen.getByText('Seitenzahl bis muss eine ganze Zahl sein.')).toBeInTheDocument();
    await user.clear(within(pages).getByRole('textbox', { name: 'bis' }));
    await user.clear(from);
    await user.click(save());
    expect(onSave).toHaveBeenCalledWith({ launch: '2027-03-15' });
  });
});

describe('url-list widget', () => {
  it('adds and removes address fields up to maxItems, the focus following', async () => {
    const { user, onSave } = renderStep({ launch: '2027-03-15' });
    const list = screen.getByRole('group', { name: 'Vorbilder' });
    const first = within(list).getByRole('textbox', { name: 'Vorbilder, Adresse 1' });
    expect(first).toHaveAttribute('type', 'url');
    expect(first).toHaveAttribute('placeholder', 'https://www.beispiel.de');
    // An empty list has no address to remove.
    expect(within(list).queryByRole('button', { name: /entfernen/ })).not.toBeInTheDocument();
    await user.type(first, 'www.backhaus-krause.de');

    const add = within(list).getByRole('button', { name: 'Weitere Adresse hinzufügen' });
    await user.click(add);
    expect(within(list).getByRole('textbox', { name: 'Vorbilder, Adresse 2' })).toHaveFocus();
    await user.keyboard('zweite.de');
    await user.click(within(list).getByRole('button', { name: 'Weitere Adresse hinzufügen' }));
    await user.keyboard('dritte.de');
    // Three is the schema's maxItems: no fourth field.
    expect(
      within(list).queryByRole('button', { name: 'Weitere Adresse hinzufügen' }),
    ).not.toBeInTheDocument();
    expect(within(list).getByText('Höchstens 3 Adressen.')).toBeInTheDocument();

    const remove = within(list).getByRole('button', { name: 'Adresse 2 entfernen' });
    expect(remove).toHaveTextContent('Entfernen');
    await user.click(remove);
    expect(
      within(list)
        .getAllByRole('textbox')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['www.backhaus-krause.de', 'dritte.de']);
    expect(within(list).getByRole('textbox', { name: 'Vorbilder, Adresse 1' })).toHaveFocus();

    await user.click(save());
    expect(onSave).toHaveBeenCalledWith({
      launch: '2027-03-15',
      references: ['www.backhaus-krause.de', 'dritte.de'],
    });
  });

  it('accepts an empty extra field and shows an address that is none at the list', async () => {
    const { user, onSave } = renderStep({ launch: '2027-03-15', references: ['a.de'] });
    const list = screen.getByRole('group', { name: 'Vorbilder' });
    await user.click(within(list).getByRole('button', { name: 'Weitere Adresse hinzufügen' }));
    await user.keyboard('zwei worte');
    await user.click(save());
    expect(onSave).not.toHaveBeenCalled();
    const message =
      'Vorbilder: Bitte eine vollständige Adresse angeben, z. B. https://www.beispiel.de.';
    expect(list).toHaveAccessibleDescription(message);

    await user.clear(within(list).getByRole('textbox', { name: 'Vorbilder, Adresse 2' }));
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    await user.click(save());
    expect(onSave).toHaveBeenCalledWith({ launch: '2027-03-15', references: ['a.de', ''] });
  });

  it('removes the last address and leaves one empty field with the focus', async () => {
    const { user } = renderStep({ launch: '2027-03-15', references: ['a.de'] });
    const list = screen.getByRole('group', { name: 'Vorbilder' });
    await user.click(within(list).getByRole('button', { name: 'Adresse 1 entfernen' }));
    const only = within(list).getByRole('textbox', { name: 'Vorbilder, Adresse 1' });
    expect(only).toHaveValue('');
    expect(only).toHaveFocus();
  });
});
