import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, makeProject, questionnaires, renderApp } from '../../test/render-app.tsx';

/** Opens „Neues Projekt“ on an empty dashboard with `handlers`. */
async function openDialog(handlers: NonNullable<Parameters<typeof renderApp>[1]>['handlers'] = []) {
  const rendered = await renderApp('/dashboard', {
    handlers: [api.get('/projects', []), ...(handlers ?? [])],
  });
  await rendered.user.click(screen.getByRole('button', { name: 'Neues Projekt' }));
  return { ...rendered, dialog: screen.getByRole('dialog', { name: 'Neues Projekt' }) };
}

describe('the questionnaire of a new project (docs/product.md#fragebögen)', () => {
  it('offers every questionnaire with what it is for, its steps and minutes; the first is preselected', async () => {
    const { dialog } = await openDialog();
    const group = await within(dialog).findByRole('group', { name: 'Fragebogen' });
    const options = within(group).getAllByRole('radio');
    expect(options).toHaveLength(2);
    expect(within(group).getByRole('radio', { name: /Fixture-Briefing/ })).toBeChecked();
    expect(within(group).getByRole('radio', { name: /Fixture-Widgets/ })).not.toBeChecked();
    expect(within(group).getByText(questionnaires[1]!.description)).toBeInTheDocument();
    expect(within(group).getByText('6 Schritte · etwa 15 Minuten')).toBeInTheDocument();
    // The SPEC's fields stay first, the name field keeps the focus.
    expect(within(dialog).getByLabelText(/Projektname/)).toHaveFocus();
  });

  it('creates the project with the chosen questionnaire', async () => {
    const bodies: unknown[] = [];
    const created = makeProject({ id: 'neu' });
    const { dialog, user, router } = await openDialog([
      api.get('/projects/neu', created),
      api.post('/projects/create', (body) => {
        bodies.push(body);
        return [201, created];
      }),
    ]);
    await user.click(await within(dialog).findByRole('radio', { name: /Fixture-Widgets/ }));
    await user.type(within(dialog).getByLabelText(/Projektname/), 'Neue Website');
    await user.type(within(dialog).getByLabelText(/Kundenname/), 'Bäckerei Roth{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/projekte/neu/einstellungen'));
    expect(bodies).toEqual([
      {
        project_name: 'Neue Website',
        customer_firm: 'Bäckerei Roth',
        questionnaire: 'fixture-widgets',
      },
    ]);
    expect(
      await screen.findByRole('heading', { name: 'Projekteinstellungen' }),
    ).toBeInTheDocument();
  });

  it('shows the server’s message when the questionnaire is no longer offered and keeps the dialog', async () => {
    const message =
      'Diesen Fragebogen bietet Fragewerk nicht (mehr) an. Bitte wählen Sie einen aus der Liste.';
    const { dialog, user } = await openDialog([
      api.post('/projects/create', () => [
        422,
        { message: 'Ungültige Eingabe', errors: { questionnaire: [message] } },
      ]),
    ]);
    await user.click(await within(dialog).findByRole('radio', { name: /Fixture-Widgets/ }));
    await user.type(within(dialog).getByLabelText(/Projektname/), 'Neue Website');
    await user.type(within(dialog).getByLabelText(/Kundenname/), 'Bäckerei Roth{Enter}');
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Neues Projekt' })).toBeInTheDocument();
  });

  it('asks nothing when the catalogue has a single questionnaire', async () => {
    const { dialog } = await openDialog([
      http.get('*/api/questionnaires', () => HttpResponse.json({ data: [questionnaires[0]] })),
    ]);
    await waitFor(() => expect(within(dialog).getByLabelText(/Kundenname/)).toBeInTheDocument());
    // Settled: the request is answered, and still no choice.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).queryByRole('group', { name: 'Fragebogen' })).not.toBeInTheDocument();
  });

  it('names the questionnaire of each project in the list', async () => {
    await renderApp('/dashboard', {
      handlers: [
        api.get('/projects', [
          makeProject({ id: 'a', project_name: 'Marke' }),
          makeProject({
            id: 'b',
            project_name: 'Website',
            questionnaire: { id: 'fixture-widgets', title: 'Fixture-Widgets' },
          }),
        ]),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Aktive Projekte' });
    expect(within(table).getByText('Fixture-Widgets')).toBeInTheDocument();
    expect(within(table).getByText('Fixture-Briefing')).toBeInTheDocument();
  });
});
