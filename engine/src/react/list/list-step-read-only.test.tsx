// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
// Before the test helpers: they preload the lazy editor, which list-step registers.
import { ListStep } from './list-step.tsx';
import type { ListItem } from './list-types.ts';
import { renderWithTexts, testDefinition } from '../test/render.tsx';

afterEach(() => {
  cleanup();
  document.body.className = '';
});

const people = testDefinition.steps.find((step) => step.meta.key === 'people')!;
const anna: ListItem = {
  id: 'p1',
  version: 2,
  name: 'Anna Berger',
  gender: 'female',
  age: 34,
  job_definition: 'Projektleiterin',
};

function renderLocked(editable = false) {
  const spies = { onAdd: vi.fn(), onUpdate: vi.fn(), onDelete: vi.fn(), onReorder: vi.fn() };
  const view = renderWithTexts(
    <ListStep
      definition={testDefinition}
      step={people}
      items={[anna]}
      editable={editable}
      {...spies}
    />,
  );
  return { ...view, spies };
}

describe('list step without editing (an approved project): entries still open, read only', () => {
  it('offers „Ansehen“ instead of the change buttons, and shows every answer locked', async () => {
    const { user, spies } = renderLocked();
    expect(screen.queryByRole('button', { name: /^Bearbeiten: / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Löschen: / })).toBeNull();
    expect(screen.queryByRole('button', { name: /hinzufügen/ })).toBeNull();
    const open = screen.getByRole('button', { name: 'Ansehen: Anna Berger' });
    await user.click(open);

    const dialog = screen.getByRole('dialog', { name: 'Anna Berger' });
    // Answers the card does not show are there to read, and nothing can be typed. (The form
    // inside the dialog may come a moment later on a busy machine.)
    const age = await within(dialog).findByRole('spinbutton', { name: 'Alter' });
    expect(age).toHaveValue(34);
    expect(age).toBeDisabled();
    for (const field of dialog.querySelectorAll('input:not([type=hidden]), select, textarea'))
      expect(field).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Speichern' })).toBeNull();

    // The dialog's own button closes it; focus returns to „Ansehen“.
    const buttons = within(dialog).getAllByRole('button', { name: 'Schließen' });
    await user.click(buttons.at(-1)!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).toHaveFocus();
    expect(spies.onUpdate).not.toHaveBeenCalled();
  });

  it('Escape closes the read-only entry', async () => {
    const { user } = renderLocked();
    await user.click(screen.getByRole('button', { name: 'Ansehen: Anna Berger' }));
    expect(screen.getByRole('dialog', { name: 'Anna Berger' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('someone who may edit gets no „Ansehen“ (Bearbeiten opens the entry)', () => {
    renderLocked(true);
    expect(screen.queryByRole('button', { name: /^Ansehen: / })).toBeNull();
    expect(screen.getByRole('button', { name: 'Bearbeiten: Anna Berger' })).toBeInTheDocument();
  });
});
