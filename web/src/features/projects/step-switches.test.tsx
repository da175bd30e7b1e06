import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../lib/projects-api.ts';
import { loadFixtureQuestionnaire } from '../../test/fixture-catalogue.ts';
import { api, makeProject, renderApp } from '../../test/render-app.tsx';

/*
 * „Schritte für diese Kundin oder diesen Kunden“ in the project settings
 * (docs/product.md#projekteinstellungen): checked is shown, the unchecked ones go with the
 * settings' PATCH as `hidden_steps`. On the fixture catalogue's fixture-widgets: two stages of
 * three steps each.
 */
const definition = await loadFixtureQuestionnaire('fixture-widgets');

const id = '7b2e0c1e-0000-4000-8000-000000000002';
const settingsPath = `/projekte/${id}/einstellungen`;

/** A server holding one project: GET answers its current state, PATCH changes it. */
function projectServer(initial: Partial<Project> = {}) {
  let project = makeProject(initial, definition);
  const patches: Record<string, unknown>[] = [];
  const handlers = [
    http.get(`*/api/projects/${id}`, () => HttpResponse.json({ data: project })),
    api.patch(`/projects/${id}`, (body) => {
      patches.push(body as Record<string, unknown>);
      project = { ...project, ...(body as Partial<Project>), version: project.version + 1 };
      return [200, project];
    }),
  ];
  return { handlers, patches };
}

async function openSettings(
  initial: Partial<Project> = {},
  before: ReturnType<typeof api.patch>[] = [],
) {
  const server = projectServer(initial);
  const app = await renderApp(settingsPath, {
    current: definition,
    checksOf: definition,
    handlers: [...before, ...server.handlers],
  });
  await screen.findByRole('heading', { name: 'Projekteinstellungen' });
  return { ...app, server };
}

const switches = () =>
  screen.getByRole('group', { name: 'Schritte für diese Kundin oder diesen Kunden' });
const box = (name: string) => within(switches()).getByRole('checkbox', { name });

describe('the step switches of the project settings', () => {
  it('lists every step under its stage, all shown, with the hint', async () => {
    await openSettings();
    expect(switches()).toHaveAccessibleDescription(
      'Ausgeblendete Schritte sieht die Kundschaft nicht; ihre Antworten bleiben gespeichert.',
    );
    for (const stage of definition.stages) {
      const group = within(switches()).getByRole('group', { name: stage.title });
      const titles = stage.steps.map(
        (key) => definition.steps.find((step) => step.meta.key === key)!.meta.title,
      );
      expect(
        within(group)
          .getAllByRole('checkbox')
          .map((checkbox) => checkbox.closest('.field')!.textContent),
      ).toEqual(titles);
    }
    expect(within(switches()).getAllByRole('checkbox')).toHaveLength(definition.steps.length);
    for (const checkbox of within(switches()).getAllByRole('checkbox')) {
      expect(checkbox).toBeChecked();
      expect(checkbox).toBeEnabled();
    }
  });

  it('sends the unchecked steps as hidden_steps with the settings', async () => {
    const { user, server } = await openSettings();
    await user.click(box('Kontakte'));
    await user.click(box('Leitsatz'));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Daten wurden gespeichert')).toBeInTheDocument();
    expect(server.patches).toEqual([
      expect.objectContaining({ hidden_steps: ['contacts', 'statement'], version: 1 }),
    ]);
    expect(box('Kontakte')).not.toBeChecked();
    expect(box('Leitsatz')).not.toBeChecked();
    expect(box('Personen')).toBeChecked();
  });

  it('offers the switched-off steps to switch on again', async () => {
    const { user, server } = await openSettings({ hidden_steps: ['contacts', 'statement'] });
    expect(box('Kontakte')).not.toBeChecked();
    expect(box('Leitsatz')).not.toBeChecked();
    await user.click(box('Kontakte'));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Daten wurden gespeichert')).toBeInTheDocument();
    expect(server.patches).toEqual([expect.objectContaining({ hidden_steps: ['statement'] })]);
  });

  it('keeps the last shown step: its box is disabled and says why', async () => {
    const { user } = await openSettings({
      hidden_steps: definition.steps.map((step) => step.meta.key).filter((key) => key !== 'people'),
    });
    expect(box('Personen')).toBeChecked();
    expect(box('Personen')).toBeDisabled();
    expect(box('Personen')).toHaveAccessibleDescription(
      'Mindestens ein Schritt muss sichtbar bleiben: Den letzten können Sie nicht ausblenden.',
    );
    // A second shown step frees both.
    await user.click(box('Leitsatz'));
    expect(box('Personen')).toBeEnabled();
    expect(box('Leitsatz')).toBeEnabled();
    expect(screen.queryByText(/Den letzten können Sie nicht ausblenden/)).not.toBeInTheDocument();
  });

  it("shows the server's 422 at the step switches and leads there", async () => {
    const message = 'Mindestens ein Schritt muss für die Kundschaft sichtbar bleiben.';
    const { user } = await openSettings({}, [
      api.patch(`/projects/${id}`, () => [
        422,
        { message: 'Ungültige Eingabe', errors: { hidden_steps: [message] } },
      ]),
    ]);
    await user.click(box('Personen'));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await within(switches()).findByText(message)).toBeInTheDocument();
    expect(switches()).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(box('Mitbewerber')).toHaveFocus();
    expect(screen.queryByText('Daten wurden gespeichert')).not.toBeInTheDocument();
    // Changing a box takes the message away.
    await user.click(box('Personen'));
    expect(within(switches()).queryByText(message)).not.toBeInTheDocument();
  });
});
