import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, makeProject, renderApp } from '../../test/render-app.tsx';

const id = '7b2e0c1e-0000-4000-8000-000000000002';
const stepPath = `/projekte/${id}/fragebogen/ideen`;
const contact = {
  company: 'Agentur Nord',
  contact_name: 'Jana Kühn',
  contact_email: 'jana@agentur-nord.de',
};

/** The footer's contact person: whom customers ask, told apart by who reads it. */
describe('footer contact person', () => {
  it('calls it „Ihre Ansprechperson“ for a customer with the share link', async () => {
    await renderApp(stepPath, {
      user: null,
      editToken: 'geheimes-token',
      handlers: [api.get(`/projects/${id}`, makeProject({ edit_token: undefined, user: contact }))],
    });
    await screen.findByRole('heading', { name: 'Welche Ideen bringen Sie mit?' });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Ihre Ansprechperson:', { exact: false })).toBeInTheDocument();
    expect(within(footer).queryByText(/Kundinnen und Kunden/)).not.toBeInTheDocument();
  });

  it('tells the owner whom their customers see, not „Ihre Ansprechperson“', async () => {
    await renderApp(stepPath, {
      handlers: [api.get(`/projects/${id}`, makeProject({ user: contact }))],
    });
    await screen.findByRole('heading', { name: 'Welche Ideen bringen Sie mit?' });
    const footer = screen.getByRole('contentinfo');
    expect(
      within(footer).getByText('Ansprechperson für Ihre Kundinnen und Kunden:', { exact: false }),
    ).toBeInTheDocument();
    expect(within(footer).queryByText(/Ihre Ansprechperson/)).not.toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Jana Kühn' })).toHaveAttribute(
      'href',
      'mailto:jana@agentur-nord.de',
    );
  });
});
