// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Draft, DraftsContext, type DraftStore, draftSlots } from './drafts.tsx';
import { FormStep } from './form-step.tsx';
// Before the test helpers: they preload the lazy editor, which list-step registers.
import { ListStep } from './list/list-step.tsx';
import type { ListItem } from './list/list-types.ts';
import { renderWithTexts, testDefinition } from './test/render.tsx';

const step = (key: string) => testDefinition.steps.find((candidate) => candidate.meta.key === key)!;
afterEach(() => {
  cleanup();
  document.body.className = '';
});

/** A store in memory, as the app's is in the browser's storage. */
function memoryStore(initial: Record<string, Draft> = {}) {
  const drafts = new Map(Object.entries(initial));
  const store: DraftStore = {
    read: (slot) => drafts.get(slot),
    write: (slot, draft) => void drafts.set(slot, draft),
    remove: (slot) => void drafts.delete(slot),
    slots: (prefix) => [...drafts.keys()].filter((slot) => slot.startsWith(prefix)).sort(),
  };
  return { store, drafts };
}

const competitor: ListItem = {
  id: 'a',
  version: 2,
  name: 'Muster GmbH',
  explanation: 'Nah am Markt',
  importance: 3,
};
const savedAt = Date.UTC(2026, 10, 27, 18, 30);

function renderCompetitors(store: DraftStore, items: ListItem[] = [competitor]) {
  const onAdd = vi.fn(
    async (data: Record<string, unknown>) => ({ id: 'neu', version: 1, ...data }) as ListItem,
  );
  const onUpdate = vi.fn(
    async (item: ListItem, data: Record<string, unknown>) =>
      ({ ...item, ...data, version: item.version + 1 }) as ListItem,
  );
  const view = renderWithTexts(
    <DraftsContext.Provider value={store}>
      <ListStep
        definition={testDefinition}
        step={step('rivals')}
        items={items}
        editable
        onAdd={onAdd}
        onUpdate={onUpdate}
        onDelete={() => undefined}
        onReorder={() => undefined}
      />
    </DraftsContext.Provider>,
  );
  return { ...view, onAdd, onUpdate };
}

describe('drafts of a list step (docs/product.md#entwürfe)', () => {
  it('keeps a new entry as it is typed, opens it again with the notice, and drops it once saved', async () => {
    const { store, drafts } = memoryStore();
    const first = renderCompetitors(store);
    await first.user.click(screen.getByRole('button', { name: 'Mitbewerber hinzufügen' }));
    await first.user.type(screen.getByLabelText(/Wie heißt der Mitbewerber/), 'Backhaus Krause');
    const slot = draftSlots.newItem('rivals', 'all');
    expect(drafts.get(slot)).toMatchObject({ data: { name: 'Backhaus Krause' }, version: 0 });
    // A closed tab: the step opens again.
    first.unmount();

    const second = renderCompetitors(store);
    const editor = await screen.findByRole('region', { name: 'Neuer Mitbewerber' });
    expect(within(editor).getByLabelText(/Wie heißt der Mitbewerber/)).toHaveValue(
      'Backhaus Krause',
    );
    expect(within(editor).getByRole('status')).toHaveTextContent(
      /^Ihre nicht gespeicherten Eingaben vom \d\d\.\d\d\.\d{4}, \d\d:\d\d sind wieder da\./,
    );
    await second.user.type(
      within(editor).getByLabelText(/Warum ist er für Sie wichtig/),
      'Gleiche Straße',
    );
    await second.user.click(within(editor).getByRole('radio', { name: '3 von 5 Sternen' }));
    await second.user.click(within(editor).getByRole('button', { name: 'Hinzufügen' }));
    await waitFor(() => expect(second.onAdd).toHaveBeenCalled());
    await waitFor(() => expect(drafts.has(slot)).toBe(false));
  });

  it('„Verwerfen“ in the notice empties the editor and the draft', async () => {
    const slot = draftSlots.newItem('rivals', 'all');
    const { store, drafts } = memoryStore({
      [slot]: { data: { name: 'Alt' }, base: {}, version: 0, savedAt },
    });
    const { user } = renderCompetitors(store);
    const editor = await screen.findByRole('region', { name: 'Neuer Mitbewerber' });
    await user.click(within(editor).getByRole('button', { name: 'Verwerfen' }));
    expect(within(editor).getByLabelText(/Wie heißt der Mitbewerber/)).toHaveValue('');
    expect(drafts.has(slot)).toBe(false);
    expect(within(editor).queryByRole('button', { name: 'Verwerfen' })).not.toBeInTheDocument();
  });

  it('opens the edit overlay again with a draft of the version shown', async () => {
    const slot = draftSlots.item('rivals', 'a');
    const { store } = memoryStore({
      [slot]: {
        data: { ...competitor, name: 'Muster AG' },
        base: { name: 'Muster GmbH', explanation: 'Nah am Markt', importance: 3 },
        version: 2,
        savedAt,
      },
    });
    const { user, onUpdate } = renderCompetitors(store);
    const overlay = await screen.findByRole('dialog', { name: 'Mitbewerber bearbeiten' });
    expect(within(overlay).getByLabelText(/Wie heißt der Mitbewerber/)).toHaveValue('Muster AG');
    expect(
      within(overlay).getByText(/vom 27\.11\.2026, \d\d:30 sind wieder da/),
    ).toBeInTheDocument();
    await user.click(within(overlay).getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(onUpdate).toHaveBeenCalledWith(
        competitor,
        expect.objectContaining({ name: 'Muster AG' }),
      ),
    );
  });

  it('offers a draft typed against an older version; „Übernehmen“ puts only its changes onto the stored entry', async () => {
    const slot = draftSlots.item('rivals', 'a');
    const stored = { ...competitor, version: 3, explanation: 'Inzwischen von jemand anderem' };
    const { store } = memoryStore({
      [slot]: {
        data: { name: 'Muster AG', explanation: 'Nah am Markt', importance: 3 },
        base: { name: 'Muster GmbH', explanation: 'Nah am Markt', importance: 3 },
        version: 2,
        savedAt,
      },
    });
    const { user } = renderCompetitors(store, [stored]);
    const overlay = await screen.findByRole('dialog', { name: 'Mitbewerber bearbeiten' });
    // Offered, not applied.
    expect(within(overlay).getByLabelText(/Wie heißt der Mitbewerber/)).toHaveValue('Muster GmbH');
    expect(
      within(overlay).getByText(/Seitdem wurde etwas anderes gespeichert/),
    ).toBeInTheDocument();
    await user.click(within(overlay).getByRole('button', { name: 'Übernehmen' }));
    expect(within(overlay).getByLabelText(/Wie heißt der Mitbewerber/)).toHaveValue('Muster AG');
    // The other person's newer explanation stays.
    expect(within(overlay).getByLabelText(/Warum ist er für Sie wichtig/)).toHaveValue(
      'Inzwischen von jemand anderem',
    );
  });

  it('opens a draft of an entry deleted meanwhile, to be saved as a new one', async () => {
    const slot = draftSlots.item('rivals', 'weg');
    const { store, drafts } = memoryStore({
      [slot]: {
        data: { name: 'Gelöscht AG', explanation: 'War wichtig', importance: 2 },
        base: { name: 'Gelöscht GmbH', explanation: 'War wichtig', importance: 2 },
        version: 4,
        savedAt,
      },
    });
    const { user, onAdd } = renderCompetitors(store);
    const overlay = await screen.findByRole('dialog', { name: 'Mitbewerber bearbeiten' });
    expect(within(overlay).getByText(/wurde inzwischen gelöscht/)).toBeInTheDocument();
    await user.click(within(overlay).getByRole('button', { name: 'Als neuen Eintrag speichern' }));
    await waitFor(() =>
      expect(onAdd).toHaveBeenCalledWith({
        name: 'Gelöscht AG',
        explanation: 'War wichtig',
        importance: 2,
      }),
    );
    await waitFor(() => expect(drafts.has(slot)).toBe(false));
  });
});

describe('drafts of a form step', () => {
  const positioning = step('statement');
  const renderForm = (store: DraftStore, data: Record<string, unknown>, version: number) => {
    const onSave = vi.fn(async () => true);
    const view = renderWithTexts(
      <DraftsContext.Provider value={store}>
        <FormStep
          definition={testDefinition}
          step={positioning}
          data={data}
          version={version}
          editable
          onSave={onSave}
        />
      </DraftsContext.Provider>,
    );
    return { ...view, onSave };
  };

  /** Valid answers of the step, to save. */
  const answers = {
    promises: ['quality'],
    appeal: 'Nähe',
    distinction: 'Beratung',
    mission_statement: 'Möbel',
  };

  it('keeps the typed answers, brings them back, and drops them when saved', async () => {
    const { store, drafts } = memoryStore();
    const slot = draftSlots.form('statement');
    const first = renderForm(store, answers, 1);
    await first.user.type(screen.getByLabelText(/Wie lautet Ihr Leitsatz/), ' aus Holz');
    expect(drafts.get(slot)).toMatchObject({
      data: { mission_statement: 'Möbel aus Holz' },
      base: answers,
      version: 1,
    });
    first.unmount();

    const second = renderForm(store, answers, 1);
    expect(screen.getByLabelText(/Wie lautet Ihr Leitsatz/)).toHaveValue('Möbel aus Holz');
    expect(screen.getByText(/sind wieder da/)).toBeInTheDocument();
    await second.user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(second.onSave).toHaveBeenCalledWith(
        expect.objectContaining({ mission_statement: 'Möbel aus Holz' }),
      ),
    );
    await waitFor(() => expect(drafts.has(slot)).toBe(false));
  });

  it('does not count the empty values the form fills in as a change (no draft without typing)', async () => {
    const { store, drafts } = memoryStore();
    renderForm(store, {}, 0);
    await screen.findByRole('button', { name: 'Speichern' });
    expect(drafts.size).toBe(0);
  });

  it('offers a draft of an older version and leaves the stored answers until „Übernehmen“', async () => {
    const slot = draftSlots.form('statement');
    const { store } = memoryStore({
      [slot]: {
        data: { mission_statement: 'Meins' },
        base: { mission_statement: 'Alt' },
        version: 1,
        savedAt,
      },
    });
    const { user } = renderForm(store, { mission_statement: 'Neu von anderen' }, 2);
    expect(screen.getByLabelText(/Wie lautet Ihr Leitsatz/)).toHaveValue('Neu von anderen');
    await user.click(screen.getByRole('button', { name: 'Verwerfen' }));
    expect(screen.getByLabelText(/Wie lautet Ihr Leitsatz/)).toHaveValue('Neu von anderen');
    expect(screen.queryByText(/Seitdem wurde/)).not.toBeInTheDocument();
  });
});
