// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WIDGET_NAMES } from '../core/index.ts';
import { FormStep } from './form-step.tsx';
import { ListStep } from './list/list-step.tsx';
import type { ListItem } from './list/list-types.ts';
import { renderWithTexts, testDefinition } from './test/render.tsx';
import { widgets } from './widgets/registry.ts';

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
  url: 'https://www.example.de',
});

function renderList(
  key: string,
  items: ListItem[],
  overrides: Partial<Parameters<typeof ListStep>[0]> = {},
) {
  const handlers = {
    onAdd: vi.fn(
      async (data: Record<string, unknown>) => ({ id: 'neu', version: 1, ...data }) as ListItem,
    ),
    onUpdate: vi.fn(
      async (item: ListItem, data: Record<string, unknown>) =>
        ({ ...item, ...data, version: item.version + 1 }) as ListItem,
    ),
    onDelete: vi.fn(),
    onReorder: vi.fn(),
  };
  const view = renderWithTexts(
    <ListStep
      definition={definition}
      step={step(key)}
      items={items}
      editable
      {...handlers}
      {...overrides}
    />,
  );
  return { ...view, ...handlers };
}

describe('widget registry', () => {
  it('has a component for every widget name a ui.json may use', () => {
    expect(Object.keys(widgets).sort()).toEqual([...WIDGET_NAMES].sort());
  });
});

describe.each(
  definition.steps
    .filter((candidate) => candidate.meta.kind === 'list')
    .map((candidate) => candidate.meta.key),
)('list step %s', (key) => {
  it('shows the empty text and an add editor that validates with German messages', async () => {
    const { user, onAdd } = renderList(key, []);
    const list = step(key).meta.list!;
    expect(screen.getAllByText(list.emptyText).length).toBeGreaterThan(0);
    const firstGroup = list.groups?.[0]?.addLabel ?? list.addLabel!;
    await user.click(screen.getByRole('button', { name: firstGroup }));
    const editor = screen.getByRole('region', { name: list.newTitle });
    await user.click(within(editor).getByRole('button', { name: list.addButton }));
    expect(
      within(editor).getAllByText(/ist ein Pflichtfeld|Bitte auswählen/).length,
    ).toBeGreaterThan(0);
    expect(onAdd).not.toHaveBeenCalled();
    await user.click(within(editor).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('region', { name: list.newTitle })).not.toBeInTheDocument();
  });
});

describe.each(
  definition.steps
    .filter((candidate) => candidate.meta.kind === 'form')
    .map((candidate) => candidate.meta.key),
)('form step %s', (key) => {
  it('renders every field of the definition and saves only valid answers', async () => {
    const onSave = vi.fn(async () => true);
    const { user } = renderWithTexts(
      <FormStep definition={definition} step={step(key)} data={{}} editable onSave={onSave} />,
    );
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    if (key === 'scale') {
      expect(onSave).toHaveBeenCalledWith({});
      expect(await screen.findByText('Daten wurden gespeichert')).toBeInTheDocument();
    } else {
      expect(onSave).not.toHaveBeenCalled();
      expect(screen.getAllByText(/ist ein Pflichtfeld/).length).toBeGreaterThan(0);
    }
  });
});

describe('a list with link, stars and order (rivals)', () => {
  it('adds an entry through the inline editor with save button Hinzufügen', async () => {
    const { user, onAdd } = renderList('rivals', []);
    await user.click(screen.getByRole('button', { name: 'Mitbewerber hinzufügen' }));
    const editor = screen.getByRole('region', { name: 'Neuer Mitbewerber' });
    await user.type(within(editor).getByLabelText(/Wie heißt der Mitbewerber/), 'Muster GmbH');
    await user.type(within(editor).getByLabelText(/Website/), 'muster');
    await user.type(within(editor).getByLabelText(/Warum ist er für Sie wichtig/), 'Marktführer');
    await user.click(within(editor).getByRole('radio', { name: '4 von 5 Sternen' }));
    await user.click(within(editor).getByRole('button', { name: 'Hinzufügen' }));
    expect(
      within(editor).getByText(
        'Website muss eine gültige URL mit http://, https:// oder ftp:// sein.',
      ),
    ).toBeInTheDocument();
    await user.clear(within(editor).getByLabelText(/Website/));
    // Typed as people read it: the browser's check normalises like the API's (https:// in front)
    // and accepts it; the API stores the normalised address (api/test/url-normalise.test.ts).
    await user.type(within(editor).getByLabelText(/Website/), 'www.muster.de');
    await user.click(within(editor).getByRole('button', { name: 'Hinzufügen' }));
    expect(onAdd).toHaveBeenCalledWith({
      name: 'Muster GmbH',
      url: 'www.muster.de',
      explanation: 'Marktführer',
      importance: 4,
    });
  });

  it('shows name, stars, link and explanation; edits in the overlay where Escape restores the original', async () => {
    const item = competitor('a', 'Muster GmbH');
    const { user, onUpdate } = renderList('rivals', [item]);
    expect(screen.getByRole('img', { name: '3 von 5 Sternen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /www\.example\.de/ })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    await user.click(screen.getByRole('button', { name: 'Bearbeiten: Muster GmbH' }));
    const dialog = screen.getByRole('dialog', { name: 'Mitbewerber bearbeiten' });
    expect(document.body).toHaveClass('overlay-open');
    const name = within(dialog).getByLabelText(/Wie heißt der Mitbewerber/);
    await user.clear(name);
    await user.type(name, 'Anders');
    await user.keyboard('{Escape}');
    // Typed input is not thrown away without the question.
    await user.click(screen.getByRole('button', { name: 'Verwerfen' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onUpdate).not.toHaveBeenCalled();
    expect(screen.getByText('Muster GmbH')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Bearbeiten: Muster GmbH' }));
    const again = screen.getByRole('dialog', { name: 'Mitbewerber bearbeiten' });
    expect(within(again).getByLabelText(/Wie heißt der Mitbewerber/)).toHaveValue('Muster GmbH');
    await user.clear(within(again).getByLabelText(/Wie heißt der Mitbewerber/));
    await user.type(within(again).getByLabelText(/Wie heißt der Mitbewerber/), 'Neu GmbH');
    await user.click(within(again).getByRole('button', { name: 'Speichern' }));
    expect(onUpdate).toHaveBeenCalledWith(item, expect.objectContaining({ name: 'Neu GmbH' }));
  });

  it('asks before deleting and reports the deletion', async () => {
    const item = competitor('a', 'Muster GmbH');
    const { user, onDelete } = renderList('rivals', [item]);
    await user.click(screen.getByRole('button', { name: 'Löschen: Muster GmbH' }));
    const dialog = screen.getByRole('dialog', { name: 'Wirklich löschen?' });
    expect(
      within(dialog).getByText('Dieser Schritt kann nicht rückgängig gemacht werden!'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(onDelete).toHaveBeenCalledWith(item);
  });

  it('moves entries with the keyboard buttons', async () => {
    const { user, onReorder } = renderList('rivals', [
      competitor('a', 'Erster'),
      competitor('b', 'Zweiter'),
      competitor('c', 'Dritter'),
    ]);
    expect(screen.getByRole('button', { name: 'Nach oben: Erster' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Nach unten: Erster' }));
    expect(onReorder).toHaveBeenLastCalledWith(['b', 'a', 'c']);
    await user.click(screen.getByRole('button', { name: 'Nach oben: Dritter' }));
    expect(onReorder).toHaveBeenLastCalledWith(['a', 'c', 'b']);
  });

  it('shows no controls when the project is not editable', () => {
    renderList('rivals', [competitor('a', 'Muster GmbH')], { editable: false });
    expect(
      screen.queryByRole('button', { name: /Bearbeiten|Löschen|hinzufügen/ }),
    ).not.toBeInTheDocument();
  });
});

describe('a grouped list with Sonstiges (contacts)', () => {
  it('groups internal and external, offers their own presets, and reveals the Sonstiges field', async () => {
    const { user, onAdd } = renderList('contacts', [
      {
        id: 'i',
        version: 1,
        is_external: false,
        type: 'management',
        expectations: 'Klare Ziele',
        importance: 5,
      },
      {
        id: 'e',
        version: 1,
        is_external: true,
        type: 'custom',
        custom_type: 'Stiftungsrat',
        expectations: 'Transparenz',
        importance: 2,
      },
    ]);
    const internal = screen.getByRole('region', { name: 'Interne Kontakte' });
    const external = screen.getByRole('region', { name: 'Externe Kontakte' });
    expect(within(internal).getByText('Geschäftsführung')).toBeInTheDocument();
    expect(within(external).getByText('Stiftungsrat')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Externen Kontakt hinzufügen' }));
    const editor = screen.getByRole('region', { name: 'Neuer Kontakt' });
    const type = within(editor).getByLabelText(/Um wen handelt es sich/);
    expect(within(type).getByRole('option', { name: 'Bitte auswählen' })).toBeInTheDocument();
    expect(within(type).getByRole('option', { name: 'Presse' })).toBeInTheDocument();
    expect(
      within(type).queryByRole('option', { name: 'Geschäftsführung' }),
    ).not.toBeInTheDocument();
    expect(within(editor).queryByLabelText(/Eigener Typ/)).not.toBeInTheDocument();
    await user.selectOptions(type, 'Sonstiges');
    await user.type(within(editor).getByLabelText(/Eigener Typ/), 'Förderverein');
    await user.type(within(editor).getByLabelText(/Was erwartet diese Gruppe/), 'Unterstützung');
    await user.click(within(editor).getByRole('radio', { name: '2 von 5 Sternen' }));
    await user.click(within(editor).getByRole('button', { name: 'Hinzufügen' }));
    expect(onAdd).toHaveBeenCalledWith({
      is_external: true,
      type: 'custom',
      custom_type: 'Förderverein',
      expectations: 'Unterstützung',
      importance: 2,
    });
  });
});

describe('a searchable multiselect (profile)', () => {
  it('chooses character traits in the searchable multiselect and explains an empty search', async () => {
    const onSave = vi.fn(async () => true);
    const { user } = renderWithTexts(
      <FormStep
        definition={definition}
        step={step('profile')}
        data={{}}
        editable
        onSave={onSave}
      />,
    );
    const traits = screen.getByRole('group', {
      name: 'Welche Charaktereigenschaften hat sie? (mindestens 3)',
    });
    const search = within(traits).getByRole('searchbox');
    await user.type(search, 'xyz');
    expect(
      within(traits).getByText('Keine Ergebnisse für diesen Begriff gefunden'),
    ).toBeInTheDocument();
    // Typed without ß or umlauts, the search still finds the option.
    await user.clear(search);
    await user.type(search, 'grossz');
    expect(within(traits).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(traits).getByRole('checkbox', { name: 'großzügig' })).toBeInTheDocument();
    await user.clear(search);
    for (const trait of ['ehrlich', 'mutig'])
      await user.click(within(traits).getByRole('checkbox', { name: trait }));
    await user.selectOptions(screen.getByLabelText(/Geschlecht/), 'weiblich');
    await user.type(screen.getByLabelText(/Welchen Beruf/), 'Tischlerin');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(
      screen.getByText('Charaktereigenschaften muss mindestens 3 Wert(e) haben.'),
    ).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await user.click(within(traits).getByRole('checkbox', { name: 'verlässlich' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onSave).toHaveBeenCalledWith({
      gender: 'female',
      job_definition: 'Tischlerin',
      character_traits: ['honest', 'brave', 'reliable'],
    });
    expect(await screen.findByText('Daten wurden gespeichert')).toBeInTheDocument();
  });
});

describe('a polarity scale', () => {
  it('offers seven radios 3 2 1 0 1 2 3 between the two poles per attribute, unset allowed', async () => {
    const onSave = vi.fn(async () => true);
    const { user } = renderWithTexts(
      <FormStep definition={definition} step={step('scale')} data={{}} editable onSave={onSave} />,
    );
    const row = screen.getByRole('group', { name: 'traditionell – modern' });
    const radios = within(row).getAllByRole('radio');
    expect(radios).toHaveLength(7);
    expect(row).toHaveTextContent('traditionell3210123modern');
    await user.click(within(row).getByRole('radio', { name: '2 – eher traditionell' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onSave).toHaveBeenCalledWith({ attribute_traditional_modern: -2 });
  });
});

describe('a project that may not be edited', () => {
  it('disables every control of a form step', () => {
    renderWithTexts(
      <FormStep
        definition={definition}
        step={step('statement')}
        data={{ mission_statement: 'Möbel' }}
        editable={false}
        onSave={vi.fn()}
      />,
    );
    expect(screen.getByLabelText(/Leitsatz/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
  });
});

describe('avatars (people)', () => {
  const avatars = definition.presets.widgets!.avatars!;
  const persona: ListItem = {
    id: 'p1',
    version: 1,
    name: 'Anna Berger',
    avatar: 'young_woman',
    job_definition: 'Projektleiterin',
  };

  it('draws the avatars as pictures: decorative on the card, labelled by text in the picker', async () => {
    const { user, container } = renderList('people', [persona]);
    const card = container.querySelector('.item-card')!;
    const picture = card.querySelector('img')!;
    expect(picture).toHaveAttribute('src', 'avatars/young_woman.svg');
    expect(picture).toHaveAttribute('alt', '');

    await user.click(screen.getByRole('button', { name: 'Person hinzufügen' }));
    const group = screen.getByRole('group', { name: /Avatar/ });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')!.textContent)).toEqual(
      avatars.map((avatar) => avatar.label),
    );
    for (const [index, radio] of radios.entries()) {
      const image = radio.closest('label')!.querySelector('img')!;
      expect(image).toHaveAttribute('src', avatars[index]!.image);
      expect(image).toHaveAttribute('alt', '');
    }
    await user.click(within(group).getByRole('radio', { name: 'Person (geschlechtsneutral)' }));
    expect(within(group).getByRole('radio', { name: 'Person (geschlechtsneutral)' })).toBeChecked();
    // No emoji anywhere: they looked different on every system and vanished without emoji fonts.
    expect(document.body.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});
