import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadFixtureQuestionnaire } from '../../test/fixture-catalogue.ts';
import { api, makeProject, renderApp } from '../../test/render-app.tsx';
import { conflictRows } from './conflict-fields.ts';

/*
 * docs/product.md#gleichzeitiges-bearbeiten: a 409 names the fields both sides changed
 * differently; the dialog shows each with its label, the person's input and the stored state,
 * and saves the chosen combination – merged with what only one side changed – against the new
 * version. On the fixture catalogue's fixture-widgets: its form step „Leitsatz“ (a multiselect
 * of presets and three texts) and its list step „Mitbewerber“.
 */
const widgets = await loadFixtureQuestionnaire('fixture-widgets');
/** Renders the app on fixture-widgets: its definition and its checks. */
const render = (path: string, options: Parameters<typeof renderApp>[1] = {}) =>
  renderApp(path, { current: widgets, checksOf: widgets, ...options });

const id = '7b2e0c1e-0000-4000-8000-000000000002';
const loaded = {
  promises: ['quality', 'advice'],
  appeal: 'Erfahrung',
  distinction: 'Beratung',
  mission_statement: 'Wir bauen Möbel fürs Leben.',
};
/** Stored meanwhile by someone else: two fields the person also changes, one they do not. */
const theirs = {
  ...loaded,
  mission_statement: 'Brot wie früher.',
  appeal: 'Ofen aus Stein',
  distinction: 'Sauerteig mit Zeit',
};

async function openStatement(onSave: (body: Record<string, unknown>) => [number, unknown]) {
  const app = await render(`/projekte/${id}/fragebogen/leitsatz`, {
    handlers: [
      api.get(`/projects/${id}`, makeProject({ statement: { ...loaded, version: 1 } }, widgets)),
      api.patch(`/projects/${id}/statement`, (body) => onSave(body as Record<string, unknown>)),
    ],
  });
  await screen.findByRole('heading', { level: 1, name: 'Wofür stehen Sie?' });
  const { user } = app;
  const mission = screen.getByLabelText(/Wie lautet Ihr Leitsatz/);
  await user.clear(mission);
  await user.type(mission, 'Brot mit Seele.');
  const appeal = screen.getByLabelText(/Was macht Ihr Angebot attraktiv/);
  await user.clear(appeal);
  await user.type(appeal, 'Eigene Backstube');
  await user.click(screen.getByRole('button', { name: 'Speichern' }));
  return app;
}

describe('conflict dialog', () => {
  it('asks per conflicting field and saves the chosen combination against the new version', async () => {
    const bodies: Record<string, unknown>[] = [];
    const { user } = await openStatement((body) => {
      bodies.push(body);
      if (bodies.length === 1)
        return [
          409,
          {
            message: 'Diese Daten wurden inzwischen von jemand anderem geändert.',
            data: { ...theirs, version: 2 },
            conflicts: ['appeal', 'mission_statement'],
          },
        ];
      const { version: _version, base: _base, ...saved } = body;
      return [200, { ...saved, version: 3 }];
    });

    const dialog = await screen.findByRole('dialog', { name: 'Inzwischen geändert' });
    expect(bodies[0]).toMatchObject({
      version: 1,
      base: loaded,
      mission_statement: 'Brot mit Seele.',
    });
    // One group per conflicting field, by its German label; only those two.
    expect(within(dialog).getAllByRole('group')).toHaveLength(2);
    const mission = within(dialog).getByRole('group', { name: 'Leitsatz' });
    const appeal = within(dialog).getByRole('group', { name: 'Attraktivität' });
    expect(within(mission).getByRole('radio', { name: /Ihre Eingabe/ })).toHaveAccessibleName(
      'Ihre Eingabe: Brot mit Seele.',
    );
    expect(
      within(mission).getByRole('radio', { name: /Gespeicherter Stand/ }),
    ).toHaveAccessibleName('Gespeicherter Stand: Brot wie früher.');
    // The person's input is preselected; they keep it for the appeal, take the stored mission.
    expect(within(appeal).getByRole('radio', { name: /Ihre Eingabe/ })).toBeChecked();
    await user.click(within(mission).getByRole('radio', { name: /Gespeicherter Stand/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Auswahl speichern' }));

    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({
      ...theirs,
      mission_statement: 'Brot wie früher.',
      appeal: 'Eigene Backstube',
      // Only the other side changed it: kept without asking.
      distinction: 'Sauerteig mit Zeit',
      version: 2,
      base: theirs,
    });
    expect(await screen.findByText('Daten wurden gespeichert')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Wie lautet Ihr Leitsatz/)).toHaveValue('Brot wie früher.');
    expect(screen.getByLabelText(/Wodurch unterscheiden Sie sich/)).toHaveValue(
      'Sauerteig mit Zeit',
    );
  });

  it('loads the stored state instead when the person chooses so, and saves nothing', async () => {
    const bodies: unknown[] = [];
    const { user } = await openStatement((body) => {
      bodies.push(body);
      return [
        409,
        { message: 'Konflikt', data: { ...theirs, version: 2 }, conflicts: ['mission_statement'] },
      ];
    });
    const dialog = await screen.findByRole('dialog', { name: 'Inzwischen geändert' });
    await user.click(within(dialog).getByRole('button', { name: 'Aktuellen Stand laden' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Wie lautet Ihr Leitsatz/)).toHaveValue('Brot wie früher.'),
    );
    expect(bodies).toHaveLength(1);
  });

  it('asks per field for a list entry too and saves the choice with the entry as stored as base', async () => {
    const entry = {
      id: '11111111-0000-4000-8000-000000000002',
      version: 1,
      name: 'Brotzeit',
      explanation: 'Brotzeit ist nah',
      importance: 3,
    };
    const stored = { ...entry, version: 2, name: 'Brotzeit GmbH', importance: 5 };
    const bodies: Record<string, unknown>[] = [];
    const { user } = await render(`/projekte/${id}/fragebogen/mitbewerber`, {
      handlers: [
        api.get(`/projects/${id}`, makeProject({ rivals: [entry] }, widgets)),
        api.patch(`/projects/${id}/rivals/${entry.id}`, (body) => {
          bodies.push(body as Record<string, unknown>);
          if (bodies.length === 1)
            return [409, { message: 'Konflikt', data: stored, conflicts: ['name'] }];
          const { version: _version, base: _base, ...saved } = body as Record<string, unknown>;
          return [200, { ...saved, id: entry.id, version: 3 }];
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Bearbeiten: Brotzeit' }));
    await user.type(screen.getByLabelText(/Wie heißt der Mitbewerber\?/), ' & Co');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    const dialog = await screen.findByRole('dialog', { name: 'Inzwischen geändert' });
    const { id: _id, version: _version, ...loadedEntry } = entry;
    expect(bodies[0]).toMatchObject({ version: 1, base: loadedEntry, name: 'Brotzeit & Co' });
    const name = within(dialog).getByRole('group', { name: 'Name' });
    expect(within(name).getByRole('radio', { name: 'Ihre Eingabe: Brotzeit & Co' })).toBeChecked();
    expect(
      within(name).getByRole('radio', { name: 'Gespeicherter Stand: Brotzeit GmbH' }),
    ).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Auswahl speichern' }));

    await waitFor(() => expect(bodies).toHaveLength(2));
    const { id: _storedId, version: _storedVersion, ...storedEntry } = stored;
    expect(bodies[1]).toMatchObject({
      name: 'Brotzeit & Co',
      // Only the other side changed the importance: kept without asking.
      importance: 5,
      version: 2,
      base: storedEntry,
    });
    expect(await screen.findByRole('heading', { level: 4, name: 'Brotzeit & Co' })).toBeVisible();
  });

  it('shows preset answers by their labels and an empty side as „(leer)“', () => {
    const step = widgets.steps.find((candidate) => candidate.meta.key === 'statement')!;
    const texts = { empty: '(leer)', yes: 'Ja', no: 'Nein' };
    const [row] = conflictRows(widgets, step, ['promises'], { promises: ['quality'] }, {}, texts);
    expect(row).toEqual({
      field: 'promises',
      label: 'Versprechen',
      mine: 'Höchste Qualität',
      theirs: '(leer)',
    });
  });
});
