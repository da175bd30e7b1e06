import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Project } from '../../lib/projects-api.ts';
import { api, definition, makeProject, renderApp } from '../../test/render-app.tsx';
import { briefingMinutes } from '@fragewerk/engine/core';

const id = '7b2e0c1e-0000-4000-8000-000000000002';
const questionnaire = `/projekte/${id}/fragebogen`;
const firstStep = `${questionnaire}/ideen`;
/** The first step's heading in the harness's questionnaire (the fixture catalogue's brief). */
const firstHeading = 'Welche Ideen bringen Sie mit?';
/** The project as a customer with the share link gets it: without the edit token. */
const forCustomer = (overrides: Partial<Project> = {}) =>
  makeProject({ edit_token: undefined, ...overrides });
const asCustomer = (path: string, project = forCustomer()) =>
  renderApp(path, {
    user: null,
    editToken: 'geheimes-token',
    handlers: [api.get(`/projects/${id}`, project)],
  });
const idea = {
  id: 'e0000000-0000-4000-8000-000000000001',
  version: 1,
  idea: 'Wochenmarkt',
  priority: 'high',
};

afterEach(() => localStorage.clear());

describe('the welcome page of a share link (docs/product.md#willkommensseite-und-dank)', () => {
  it('greets a customer on the first visit with the agency, the contents, the time and the contact', async () => {
    await asCustomer(questionnaire);
    const page = await screen.findByRole('region', {
      name: 'Willkommen zum Fragebogen „Relaunch 2027“',
    });
    await waitFor(() => expect(document.title).toBe('Willkommen – Fragewerk'));
    expect(within(page).getByText('Briefing für Tischlerei Berger')).toBeInTheDocument();
    expect(within(page).getByText(/^Agentur Nord hat diesen Fragebogen/)).toBeInTheDocument();
    // Stages and steps come from the definition.
    const stages = within(page).getAllByRole('listitem').slice(0, definition.stages.length);
    definition.stages.forEach((stage, index) => {
      expect(stages[index]).toHaveTextContent(stage.title);
      for (const step of definition.steps.filter((candidate) => candidate.stage === stage.key))
        expect(stages[index]).toHaveTextContent(step.meta.title);
    });
    expect(within(page).getByText(`etwa ${briefingMinutes(definition)} Minuten`)).toBeVisible();
    // Beside its term: the fixture's two stages of one step each give the same figure twice.
    const fact = (term: string) => within(page).getByText(term, { selector: 'dt' }).nextSibling;
    expect(fact('Schritte')?.textContent).toBe(String(definition.steps.length));
    expect(fact('Etappen')?.textContent).toBe(String(definition.stages.length));
    expect(within(page).getByText(/Mit demselben Link kommen Sie jederzeit zurück/)).toBeVisible();
    expect(within(page).getByRole('link', { name: 'Jana Kühn' })).toHaveAttribute(
      'href',
      'mailto:jana@agentur-nord.de',
    );
    // Nothing to approve before anything is answered.
    expect(screen.queryByRole('button', { name: 'Freigeben' })).not.toBeInTheDocument();
  });

  it('„Los geht’s“ opens the first step, and the next visit starts there', async () => {
    const { user, router, unmount } = await asCustomer(questionnaire);
    await user.click(await screen.findByRole('link', { name: 'Los geht’s' }));
    expect(router.state.location.pathname).toBe(firstStep);
    expect(await screen.findByRole('heading', { level: 1, name: firstHeading })).toBeVisible();
    unmount();

    const again = await asCustomer(questionnaire);
    await screen.findByRole('heading', { level: 1, name: firstHeading });
    expect(again.router.state.location.pathname).toBe(firstStep);
  });

  it('stays reachable through „Über diesen Fragebogen“', async () => {
    const { user, router } = await asCustomer(firstStep, forCustomer({ ideas: [idea] }));
    await screen.findByRole('heading', { level: 1, name: firstHeading });
    await user.click(screen.getByRole('link', { name: 'Über diesen Fragebogen' }));
    expect(router.state.location.pathname).toBe(`/projekte/${id}/willkommen`);
    expect(
      await screen.findByRole('heading', { name: 'Willkommen zum Fragebogen „Relaunch 2027“' }),
    ).toBeVisible();
  });

  it('is skipped once the project has answers, and never shown to the owner on its own', async () => {
    const customer = await asCustomer(questionnaire, forCustomer({ ideas: [idea] }));
    await screen.findByRole('heading', { level: 1, name: firstHeading });
    expect(customer.router.state.location.pathname).toBe(firstStep);
    customer.unmount();

    const owner = await renderApp(questionnaire, {
      handlers: [api.get(`/projects/${id}`, makeProject())],
    });
    await screen.findByRole('heading', { level: 1, name: firstHeading });
    expect(owner.router.state.location.pathname).toBe(firstStep);
  });

  it('names only the agency when it gave no contact person (never the login address)', async () => {
    await asCustomer(
      questionnaire,
      forCustomer({ user: { company: 'Agentur Nord', contact_name: null, contact_email: null } }),
    );
    const page = await screen.findByRole('region', { name: /^Willkommen zum Fragebogen/ });
    expect(within(page).getByText('Wenden Sie sich an Agentur Nord.')).toBeVisible();
    expect(within(page).queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
  });
});

/**
 * A customer on „Rahmen“ approves with „Trotzdem freigeben“; each read of the project after the
 * approval first awaits `afterApproval` and then answers with the approved project.
 */
async function approveAsCustomer(afterApproval: () => Promise<void>) {
  let approved = false;
  const rendered = await renderApp(`${questionnaire}/rahmen`, {
    user: null,
    editToken: 'geheimes-token',
    handlers: [
      api.put(`/projects/${id}/approve`, () => {
        approved = true;
        return [200, forCustomer({ is_approved: true })];
      }),
      http.get(`*/api/projects/${id}`, async () => {
        if (approved) await afterApproval();
        return HttpResponse.json({ data: forCustomer({ is_approved: approved }) });
      }),
    ],
  });
  await screen.findByRole('heading', { level: 1, name: 'Womit planen wir?' });
  await rendered.user.click(screen.getAllByRole('button', { name: 'Freigeben' })[0]!);
  const question = await screen.findByRole('dialog', { name: 'Projekt Freigeben?' });
  await rendered.user.click(within(question).getByRole('button', { name: 'Trotzdem freigeben' }));
  return { ...rendered, approved: () => approved };
}

describe('the thank-you page after the approval', () => {
  it('follows the customer’s approval, with what happens next', async () => {
    // The server's answer after the approval is the approved project.
    const { user, router, approved } = await approveAsCustomer(async () => {});

    const page = await screen.findByRole('region', { name: 'Vielen Dank für Ihre Antworten!' });
    expect(approved()).toBe(true);
    expect(router.state.location.pathname).toBe(`/projekte/${id}/danke`);
    await waitFor(() => expect(document.title).toBe('Vielen Dank – Fragewerk'));
    expect(screen.getByText('Projekt freigegeben!')).toBeInTheDocument();
    expect(
      within(page).getByText(
        'Der Fragebogen wurde freigegeben. Er kann nicht mehr editiert werden.',
      ),
    ).toBeVisible();
    expect(within(page).getByText('Ihr Briefing ist bei Agentur Nord angekommen.')).toBeVisible();
    expect(
      within(page).getByText(
        'Jana Kühn meldet sich bei Ihnen, um die nächsten Schritte zu besprechen.',
      ),
    ).toBeVisible();
    expect(within(page).getByText(/^Gibt Agentur Nord die Ergebnisansicht frei/)).toBeVisible();
    await user.click(within(page).getByRole('link', { name: 'Ihre Antworten ansehen' }));
    expect(router.state.location.pathname).toBe(firstStep);
  });

  it('shows the thank-you page at once, though the project is read again only later', async () => {
    let answerRefetch: () => void = () => {};
    // After the approval the project's refetch hangs until the test lets it go: the page must
    // not wait for it (nor send the customer back to the questionnaire meanwhile).
    const { router } = await approveAsCustomer(
      () => new Promise<void>((resolve) => (answerRefetch = resolve)),
    );

    await screen.findByRole('region', { name: 'Vielen Dank für Ihre Antworten!' });
    expect(router.state.location.pathname).toBe(`/projekte/${id}/danke`);
    answerRefetch();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projekte/${id}/danke`));
  });

  it('links the results view when the agency has released it; the share link opens it again', async () => {
    const { router } = await asCustomer(
      questionnaire,
      forCustomer({ is_approved: true, is_niceview_enabled: true }),
    );
    const page = await screen.findByRole('region', { name: 'Vielen Dank für Ihre Antworten!' });
    expect(router.state.location.pathname).toBe(`/projekte/${id}/danke`);
    expect(within(page).getByRole('link', { name: 'Ergebnisse ansehen' })).toHaveAttribute(
      'href',
      `/projekte/${id}/ergebnisse`,
    );
  });

  it('is nothing for a project that is not approved: its questionnaire opens', async () => {
    const { router } = await asCustomer(`/projekte/${id}/danke`, forCustomer({ ideas: [idea] }));
    await screen.findByRole('heading', { level: 1, name: firstHeading });
    expect(router.state.location.pathname).toBe(firstStep);
  });
});
