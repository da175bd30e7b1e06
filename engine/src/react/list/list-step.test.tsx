// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormStep } from '../form-step.tsx';
import { ConfirmDialog } from '../overlay/confirm-dialog.tsx';
import { Dialog } from '../overlay/dialog.tsx';
// Before the test helpers: they preload the lazy editor, which list-step registers.
import { ListStep, type ListStepProps, type UpdateResult } from './list-step.tsx';
import type { ListItem } from './list-types.ts';
import { renderWithTexts, testDefinition } from '../test/render.tsx';

const definition = testDefinition;
const step = (key: string) => definition.steps.find((candidate) => candidate.meta.key === key)!;
afterEach(() => {
  cleanup();
  document.body.className = '';
});

const competitor = (id: string, name: string): ListItem => ({
  id,
  version: 1,
  name,
  explanation: `${name} ist stark`,
  importance: 3,
});

type Overrides = Partial<Omit<ListStepProps, 'definition' | 'step' | 'items'>>;

/** A list step that keeps its entries like the app does: added, changed and deleted ones show. */
function renderCompetitors(initial: ListItem[], overrides: Overrides = {}) {
  const spies = {
    onAdd: vi.fn(),
    onUpdate: vi.fn(),
    onDelete: vi.fn(),
    onReorder: vi.fn(),
    onDirtyChange: vi.fn(),
  };
  function Host() {
    const [items, setItems] = useState(initial);
    return (
      <ListStep
        definition={definition}
        step={step('rivals')}
        items={items}
        editable
        onAdd={async (data) => {
          spies.onAdd(data);
          const item = { id: `neu-${items.length}`, version: 1, ...data } as ListItem;
          setItems((current) => [...current, item]);
          return item;
        }}
        onUpdate={async (item, data): Promise<UpdateResult> => {
          spies.onUpdate(item, data);
          const saved = { ...item, ...data, version: item.version + 1 } as ListItem;
          setItems((current) => current.map((old) => (old.id === item.id ? saved : old)));
          return saved;
        }}
        onDelete={(item) => {
          spies.onDelete(item);
          setItems((current) => current.filter((old) => old.id !== item.id));
        }}
        onReorder={(ids) => {
          spies.onReorder(ids);
          setItems((current) => ids.map((id) => current.find((item) => item.id === id)!));
        }}
        onDirtyChange={spies.onDirtyChange}
        {...overrides}
      />
    );
  }
  return { ...renderWithTexts(<Host />), ...spies };
}

const card = (id: string) => document.querySelector<HTMLElement>(`[data-item="${id}"]`)!;

describe('list step: unsaved input', () => {
  it('reports an add editor with typed input as unsaved, and not after cancelling', async () => {
    const { user, onDirtyChange } = renderCompetitors([]);
    await user.click(screen.getByRole('button', { name: 'Mitbewerber hinzufügen' }));
    expect(onDirtyChange).not.toHaveBeenLastCalledWith(true);
    const editor = screen.getByRole('region', { name: 'Neuer Mitbewerber' });
    await user.type(within(editor).getByLabelText(/Wie heißt der Mitbewerber/), 'Backhaus');
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    await user.clear(within(editor).getByLabelText(/Wie heißt der Mitbewerber/));
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
    await user.type(within(editor).getByLabelText(/Wie heißt der Mitbewerber/), 'B');
    await user.click(within(editor).getByRole('button', { name: 'Abbrechen' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Eingaben verwerfen?' })).getByRole('button', {
        name: 'Verwerfen',
      }),
    );
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
  });

  it('asks before Abbrechen throws typed input away; „Weiter bearbeiten“ keeps it, focused on the safe answer', async () => {
    const { user } = renderCompetitors([]);
    await user.click(screen.getByRole('button', { name: 'Mitbewerber hinzufügen' }));
    const editor = screen.getByRole('region', { name: 'Neuer Mitbewerber' });
    await user.type(within(editor).getByLabelText(/Wie heißt der Mitbewerber/), 'Backhaus Krause');
    await user.click(within(editor).getByRole('button', { name: 'Abbrechen' }));
    const question = screen.getByRole('dialog', { name: 'Eingaben verwerfen?' });
    expect(
      within(question).getByText(
        'Ihre Eingaben sind noch nicht gespeichert. Wenn Sie jetzt schließen, gehen sie verloren.',
      ),
    ).toBeInTheDocument();
    expect(within(question).getByRole('button', { name: 'Weiter bearbeiten' })).toHaveFocus();
    // Enter out of habit keeps the input.
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(editor).getByLabelText(/Wie heißt der Mitbewerber/)).toHaveValue(
      'Backhaus Krause',
    );
  });

  it('closes an untouched editor without asking', async () => {
    const { user } = renderCompetitors([competitor('a', 'Muster GmbH')]);
    await user.click(screen.getByRole('button', { name: 'Mitbewerber hinzufügen' }));
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('region', { name: 'Neuer Mitbewerber' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bearbeiten: Muster GmbH' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    [
      'Escape',
      async (user: ReturnType<typeof renderCompetitors>['user']) => user.keyboard('{Escape}'),
    ],
    [
      '×',
      async (user: ReturnType<typeof renderCompetitors>['user']) =>
        user.click(screen.getByRole('button', { name: 'Schließen' })),
    ],
    [
      'Abbrechen',
      async (user: ReturnType<typeof renderCompetitors>['user']) =>
        user.click(screen.getByRole('button', { name: 'Abbrechen' })),
    ],
  ])(
    'asks before %s closes a changed edit overlay; Escape in the question keeps the overlay',
    async (_key, close) => {
      const { user, onUpdate } = renderCompetitors([competitor('a', 'Muster GmbH')]);
      await user.click(screen.getByRole('button', { name: 'Bearbeiten: Muster GmbH' }));
      await user.type(screen.getByLabelText(/Wie heißt der Mitbewerber/), ' AG');
      await close(user);
      expect(screen.getByRole('dialog', { name: 'Eingaben verwerfen?' })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog', { name: 'Eingaben verwerfen?' })).not.toBeInTheDocument();
      const overlay = screen.getByRole('dialog', { name: 'Mitbewerber bearbeiten' });
      expect(within(overlay).getByLabelText(/Wie heißt der Mitbewerber/)).toHaveValue(
        'Muster GmbH AG',
      );
      await close(user);
      await user.click(screen.getByRole('button', { name: 'Verwerfen' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(onUpdate).not.toHaveBeenCalled();
    },
  );

  it('reports a changed edit overlay as unsaved until it closes', async () => {
    const { user, onDirtyChange } = renderCompetitors([competitor('a', 'Muster GmbH')]);
    await user.click(screen.getByRole('button', { name: 'Bearbeiten: Muster GmbH' }));
    expect(onDirtyChange).not.toHaveBeenLastCalledWith(true);
    await user.type(screen.getByLabelText(/Wie heißt der Mitbewerber/), ' AG');
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Verwerfen' }));
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
  });
});

describe('list step: submit with errors (docs/product.md#formulare-absenden-und-fehler)', () => {
  it('keeps Hinzufügen enabled; a press with errors shows them, focuses the first invalid field and sends nothing', async () => {
    const { user, onAdd } = renderCompetitors([]);
    await user.click(screen.getByRole('button', { name: 'Mitbewerber hinzufügen' }));
    const editor = screen.getByRole('region', { name: 'Neuer Mitbewerber' });
    const add = within(editor).getByRole('button', { name: 'Hinzufügen' });
    expect(add).toBeEnabled();
    await user.type(within(editor).getByLabelText(/Warum ist er für Sie wichtig/), 'Nah');
    await user.click(add);
    expect(within(editor).getByText('Name ist ein Pflichtfeld')).toBeInTheDocument();
    expect(add).toBeEnabled();
    expect(within(editor).getByLabelText(/Wie heißt der Mitbewerber/)).toHaveFocus();
    expect(onAdd).not.toHaveBeenCalled();

    // Enter in a field: the same, now the stars are the first invalid field.
    await user.type(within(editor).getByLabelText(/Wie heißt der Mitbewerber/), 'Backhaus{Enter}');
    expect(within(editor).getAllByRole('radio')[0]).toHaveFocus();
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('in the edit overlay, too: Speichern with an emptied field focuses it and sends nothing', async () => {
    const { user, onUpdate } = renderCompetitors([competitor('a', 'Muster GmbH')]);
    await user.click(screen.getByRole('button', { name: 'Bearbeiten: Muster GmbH' }));
    const dialog = screen.getByRole('dialog', { name: 'Mitbewerber bearbeiten' });
    await user.clear(within(dialog).getByLabelText(/Warum ist er für Sie wichtig/));
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(within(dialog).getByText('Begründung ist ein Pflichtfeld')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Warum ist er für Sie wichtig/)).toHaveFocus();
    expect(onUpdate).not.toHaveBeenCalled();
  });
});

describe('list step: focus follows the work', () => {
  it('opens the add editor at its first field, and puts focus on the new card once added', async () => {
    const { user } = renderCompetitors([competitor('a', 'Muster GmbH')]);
    await user.click(screen.getByRole('button', { name: 'Mitbewerber hinzufügen' }));
    const editor = screen.getByRole('region', { name: 'Neuer Mitbewerber' });
    expect(within(editor).getByLabelText(/Wie heißt der Mitbewerber/)).toHaveFocus();
    await user.keyboard('Backhaus');
    await user.type(within(editor).getByLabelText(/Warum ist er für Sie wichtig/), 'Nah');
    await user.click(within(editor).getByRole('radio', { name: '4 von 5 Sternen' }));
    await user.click(within(editor).getByRole('button', { name: 'Hinzufügen' }));
    await waitFor(() => expect(card('neu-1')).toHaveFocus());
    expect(card('neu-1')).toHaveTextContent('Backhaus');
  });

  it('returns to the add button when the editor is cancelled', async () => {
    const { user } = renderCompetitors([]);
    await user.click(screen.getByRole('button', { name: 'Mitbewerber hinzufügen' }));
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(screen.getByRole('button', { name: 'Mitbewerber hinzufügen' })).toHaveFocus();
  });

  it('puts focus on the saved card after editing, and back on Bearbeiten after Escape', async () => {
    const { user } = renderCompetitors([competitor('a', 'Muster GmbH'), competitor('b', 'Zwei')]);
    const edit = screen.getByRole('button', { name: 'Bearbeiten: Zwei' });
    await user.click(edit);
    await user.keyboard('{Escape}');
    expect(edit).toHaveFocus();

    await user.click(edit);
    await user.type(screen.getByLabelText(/Wie heißt der Mitbewerber/), ' AG');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(card('b')).toHaveFocus());
    expect(card('b')).toHaveTextContent('Zwei AG');
  });

  it('„Wirklich löschen?“ focuses Abbrechen: Enter keeps the entry, Tab and Enter delete it', async () => {
    const { user, onDelete } = renderCompetitors([
      competitor('a', 'Eins'),
      competitor('b', 'Zwei'),
    ]);
    const deleteTwo = screen.getByRole('button', { name: 'Löschen: Zwei' });
    await user.click(deleteTwo);
    const dialog = screen.getByRole('dialog', { name: 'Wirklich löschen?' });
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();
    expect(deleteTwo).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.tab();
    expect(
      within(screen.getByRole('dialog', { name: 'Wirklich löschen?' })).getByRole('button', {
        name: 'Löschen',
      }),
    ).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 'b' }));
  });

  it('after deleting, focuses the next card, else the previous one, else the add button; Abbrechen returns to Löschen', async () => {
    const { user } = renderCompetitors([
      competitor('a', 'Eins'),
      competitor('b', 'Zwei'),
      competitor('c', 'Drei'),
    ]);
    const deleteTwo = screen.getByRole('button', { name: 'Löschen: Zwei' });
    await user.click(deleteTwo);
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(deleteTwo).toHaveFocus();

    const confirm = async (title: string) => {
      await user.click(screen.getByRole('button', { name: `Löschen: ${title}` }));
      await user.click(
        within(screen.getByRole('dialog', { name: 'Wirklich löschen?' })).getByRole('button', {
          name: 'Löschen',
        }),
      );
    };
    await confirm('Zwei');
    await waitFor(() => expect(card('c')).toHaveFocus());
    await confirm('Drei');
    await waitFor(() => expect(card('a')).toHaveFocus());
    await confirm('Eins');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Mitbewerber hinzufügen' })).toHaveFocus(),
    );
  });

  it('keeps what was typed for an entry deleted meanwhile and saves it as a new entry', async () => {
    const { user, onAdd } = renderCompetitors([competitor('a', 'Eins'), competitor('b', 'Zwei')], {
      onUpdate: async () => 'deleted',
    });
    await user.click(screen.getByRole('button', { name: 'Bearbeiten: Eins' }));
    await user.type(screen.getByLabelText(/Wie heißt der Mitbewerber/), ' AG');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const overlay = screen.getByRole('dialog', { name: 'Mitbewerber bearbeiten' });
    expect(
      await within(overlay).findByText(
        'Dieser Eintrag wurde inzwischen gelöscht. Ihre Eingaben sind noch da: Sie können sie als neuen Eintrag speichern.',
      ),
    ).toBeInTheDocument();
    expect(within(overlay).getByLabelText(/Wie heißt der Mitbewerber/)).toHaveValue('Eins AG');
    await user.click(within(overlay).getByRole('button', { name: 'Als neuen Eintrag speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onAdd).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Eins AG', explanation: 'Eins ist stark', importance: 3 }),
    );
    await waitFor(() => expect(card('neu-2')).toHaveFocus());
  });

  it('keeps the overlay open with everything typed when a save fails', async () => {
    const { user } = renderCompetitors([competitor('a', 'Eins')], {
      onUpdate: async () => undefined,
    });
    await user.click(screen.getByRole('button', { name: 'Bearbeiten: Eins' }));
    await user.type(screen.getByLabelText(/Wie heißt der Mitbewerber/), ' AG');
    const save = screen.getByRole('button', { name: 'Speichern' });
    await user.click(save);
    expect(screen.getByLabelText(/Wie heißt der Mitbewerber/)).toHaveValue('Eins AG');
    await waitFor(() => expect(save).toHaveFocus());
  });
});

describe('list step: moving entries by keyboard with the drag handle', () => {
  const three = () => [competitor('a', 'Eins'), competitor('b', 'Zwei'), competitor('c', 'Drei')];
  const titles = () =>
    screen
      .getAllByRole('listitem')
      .map((item) => within(item).getByRole('heading', { level: 4 }).textContent);

  it('picks up with Space, moves with the arrow keys, puts down with Enter, and says so', async () => {
    const { user, onReorder } = renderCompetitors(three());
    const handle = screen.getByRole('button', { name: 'Verschieben: Eins' });
    expect(handle).toHaveAccessibleDescription(/Leertaste oder Enter/);
    handle.focus();
    await user.keyboard(' ');
    expect(handle).toHaveAttribute('aria-pressed', 'true');
    expect(card('a')).toHaveClass('is-grabbed');
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Eins aufgenommen, Position 1 von 3.');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(titles()).toEqual(['Zwei', 'Drei', 'Eins']);
    expect(status).toHaveTextContent('Eins: Position 3 von 3');
    expect(handle).toHaveFocus();
    expect(onReorder).not.toHaveBeenCalled();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onReorder).toHaveBeenCalledTimes(1);
    expect(onReorder).toHaveBeenLastCalledWith(['b', 'a', 'c']);
    expect(status).toHaveTextContent('Eins abgelegt, Position 2 von 3');
    expect(handle).toHaveAttribute('aria-pressed', 'false');
    expect(handle).toHaveFocus();
  });

  it('puts the entry back where it was on Escape', async () => {
    const { user, onReorder } = renderCompetitors(three());
    screen.getByRole('button', { name: 'Verschieben: Drei' }).focus();
    await user.keyboard('{Enter}{ArrowUp}{ArrowUp}');
    expect(titles()).toEqual(['Drei', 'Eins', 'Zwei']);
    await user.keyboard('{Escape}');
    expect(titles()).toEqual(['Eins', 'Zwei', 'Drei']);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Verschieben abgebrochen. Drei steht wieder an Position 3 von 3.',
    );
    expect(onReorder).not.toHaveBeenCalled();
  });

  it('puts the entry down when focus leaves the handle', async () => {
    const { user, onReorder } = renderCompetitors(three());
    screen.getByRole('button', { name: 'Verschieben: Eins' }).focus();
    await user.keyboard(' {ArrowDown}');
    await user.tab();
    await waitFor(() => expect(onReorder).toHaveBeenLastCalledWith(['b', 'a', 'c']));
  });

  it('leaves the arrow keys alone while nothing is picked up, and the move buttons keep working', async () => {
    const { user, onReorder } = renderCompetitors(three());
    screen.getByRole('button', { name: 'Verschieben: Eins' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(onReorder).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Nach unten: Eins' }));
    expect(onReorder).toHaveBeenLastCalledWith(['b', 'a', 'c']);
    expect(screen.getByRole('button', { name: 'Nach unten: Eins' })).toHaveFocus();
  });
});

describe('dialogs', () => {
  it('Escape closes only the innermost dialog, and focus returns to each opener', async () => {
    const onOuterClose = vi.fn();
    function Host() {
      const [outer, setOuter] = useState(false);
      const [inner, setInner] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOuter(true)}>
            Öffnen
          </button>
          {outer ? (
            <Dialog
              title="Außen"
              onClose={() => {
                onOuterClose();
                setOuter(false);
              }}
            >
              <input aria-label="Feld" />
              <button type="button" onClick={() => setInner(true)}>
                Nachfragen
              </button>
              {inner ? (
                <ConfirmDialog
                  title="Innen"
                  text="Sicher?"
                  confirmLabel="Ja"
                  onConfirm={() => setInner(false)}
                  onCancel={() => setInner(false)}
                />
              ) : null}
            </Dialog>
          ) : null}
        </>
      );
    }
    const { user } = renderWithTexts(<Host />);
    const open = screen.getByRole('button', { name: 'Öffnen' });
    await user.click(open);
    expect(screen.getByLabelText('Feld')).toHaveFocus();
    const ask = screen.getByRole('button', { name: 'Nachfragen' });
    await user.click(ask);
    // The confirmation's own autofocus (its confirm button) stays.
    expect(screen.getByRole('button', { name: 'Ja' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Innen' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Außen' })).toBeInTheDocument();
    expect(onOuterClose).not.toHaveBeenCalled();
    expect(ask).toHaveFocus();
    expect(document.body).toHaveClass('overlay-open');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
    expect(document.body).not.toHaveClass('overlay-open');
  });
});

describe('form step: submit with errors', () => {
  it('keeps Speichern enabled, focuses the first invalid field and sends nothing; after saving focus is back on Speichern', async () => {
    let finish: (saved: boolean) => void = () => undefined;
    const onSave = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    const { user } = renderWithTexts(
      <FormStep
        definition={definition}
        step={step('statement')}
        data={{}}
        editable
        onSave={onSave}
      />,
    );
    const save = screen.getByRole('button', { name: 'Speichern' });
    await user.type(screen.getByLabelText(/Wie lautet Ihr Leitsatz/), 'Backen mit Zeit');
    await user.click(save);
    expect(save).toBeEnabled();
    expect(onSave).not.toHaveBeenCalled();
    // The first field in reading order: the search box of the first multiselect.
    const first = screen.getByRole('group', { name: /Was versprechen Sie/ });
    expect(within(first).getByRole('searchbox')).toHaveFocus();
    expect(first.closest('.field')).toHaveTextContent(/Versprechen/);

    onSave.mockClear();
    const valid = {
      promises: ['quality'],
      appeal: 'a',
      distinction: 'c',
      mission_statement: 'd',
    };
    cleanup();
    const again = renderWithTexts(
      <FormStep
        definition={definition}
        step={step('statement')}
        data={valid}
        editable
        onSave={onSave}
      />,
    );
    const button = screen.getByRole('button', { name: 'Speichern' });
    await again.user.click(button);
    expect(onSave).toHaveBeenCalled();
    await act(async () => finish(true));
    expect(screen.getByRole('button', { name: 'Speichern' })).toHaveFocus();
  });
});
