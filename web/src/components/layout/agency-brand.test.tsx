import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../lib/projects-api.ts';
import { agency, api, makeProject, renderApp } from '../../test/render-app.tsx';

const id = '7b2e0c1e-0000-4000-8000-000000000002';
const stepPath = `/projekte/${id}/fragebogen/ideen`;
/** The first step's heading in the harness's questionnaire (the fixture catalogue's brief). */
const heading = 'Welche Ideen bringen Sie mit?';
const branded = {
  ...agency,
  primary_color: '#7a1f5c',
  logo_url: `/api/agencies/${agency.id}/logo/${'b'.repeat(64)}`,
  impressum_url: 'https://agentur-nord.de/impressum',
  privacy_url: 'https://agentur-nord.de/datenschutz',
};
const rootToken = (name: string) => document.documentElement.style.getPropertyValue(name);

/** A customer with the share link, at `path`, of a project of `agencyJson`. */
const asCustomer = (path: string, overrides: Partial<Project> = {}) =>
  renderApp(path, {
    user: null,
    editToken: 'geheimes-token',
    handlers: [
      api.get(
        `/projects/${id}`,
        makeProject({ edit_token: undefined, agency: branded, ...overrides }),
      ),
    ],
  });

/** The agency's brand before its customers (docs/product.md#was-die-kundin-oder-der-kunde-sieht). */
describe('the agency’s brand', () => {
  it('shows a customer the agency’s logo, colour, legal pages and „mit Fragewerk erstellt“', async () => {
    await asCustomer(stepPath);
    await screen.findByRole('heading', { name: heading });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('img', { name: 'Agentur Nord' })).toHaveAttribute(
      'src',
      branded.logo_url,
    );
    expect(within(header).queryByText('Fragewerk')).not.toBeInTheDocument();
    expect(within(header).queryByRole('link', { name: 'Zur Startseite' })).not.toBeInTheDocument();
    expect(rootToken('--fw-brand')).toBe('#7a1f5c');
    expect(rootToken('--fw-brand-dark')).toMatch(/^color-mix\(in srgb, #7a1f5c/);
    expect(rootToken('--fw-brand-soft')).toMatch(/^color-mix\(in srgb, #7a1f5c/);
    expect(rootToken('--fw-accent-text')).toBe('#7a1f5c');

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('mit Fragewerk erstellt')).toBeInTheDocument();
    const legal = within(footer).getByRole('navigation', { name: 'Rechtliches' });
    for (const [name, href] of [
      ['Impressum', branded.impressum_url],
      ['Datenschutz', branded.privacy_url],
    ]) {
      const link = within(legal).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('names the agency in text without a logo, and keeps the operator’s legal pages without its own', async () => {
    await asCustomer(stepPath, {
      agency: { ...branded, logo_url: null, impressum_url: null, privacy_url: null },
    });
    await screen.findByRole('heading', { name: heading });
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Agentur Nord')).toBeInTheDocument();
    expect(within(header).queryByRole('img')).not.toBeInTheDocument();
    const legal = screen.getByRole('navigation', { name: 'Rechtliches' });
    expect(within(legal).getByRole('link', { name: 'Impressum' })).toHaveAttribute(
      'href',
      '/impressum',
    );
    expect(within(legal).getByRole('link', { name: 'Datenschutz' })).toHaveAttribute(
      'href',
      '/datenschutz',
    );
  });

  it('leaves the product’s colour alone for an agency without one', async () => {
    await asCustomer(stepPath, { agency: { ...branded, primary_color: null } });
    await screen.findByRole('heading', { name: heading });
    expect(screen.getByRole('img', { name: 'Agentur Nord' })).toBeInTheDocument();
    expect(rootToken('--fw-brand')).toBe('');
  });

  it('brands the welcome page and the results view, whose print is headed by the logo', async () => {
    const welcome = await asCustomer(`/projekte/${id}/willkommen`);
    await screen.findByRole('link', { name: 'Los geht’s' });
    expect(screen.getByRole('img', { name: 'Agentur Nord' })).toBeInTheDocument();
    expect(rootToken('--fw-brand')).toBe('#7a1f5c');
    welcome.unmount();
    // Unmounted, the customer's colour is gone from the page.
    expect(rootToken('--fw-brand')).toBe('');

    await renderApp(`/projekte/${id}/ergebnisse`, {
      user: null,
      editToken: 'geheimes-token',
      handlers: [
        api.get(
          `/projects/${id}`,
          makeProject({ edit_token: undefined, agency: branded, is_niceview_enabled: true }),
        ),
        api.get(`/projects/${id}/results`, { steps: {} }),
      ],
    });
    await screen.findByRole('heading', { name: 'Ideen', level: 3 });
    // results-print.css prints the header that carries this class, and only that one.
    const header = document.querySelector<HTMLElement>('.app-header')!;
    expect(header).toHaveClass('agency-header');
    expect(within(header).getByRole('img', { name: 'Agentur Nord' })).toBeInTheDocument();
  });

  it('keeps the product’s look for the agency’s members on the same project', async () => {
    await renderApp(stepPath, {
      handlers: [api.get(`/projects/${id}`, makeProject({ agency: branded }))],
    });
    await screen.findByRole('heading', { name: heading });
    const header = screen.getByRole('banner');
    expect(header).not.toHaveClass('agency-header');
    expect(within(header).getByRole('link', { name: 'Zur Startseite' })).toHaveTextContent(
      'Fragewerk',
    );
    expect(screen.queryByRole('img', { name: 'Agentur Nord' })).not.toBeInTheDocument();
    expect(rootToken('--fw-brand')).toBe('');
    expect(screen.queryByText('mit Fragewerk erstellt')).not.toBeInTheDocument();
    const legal = screen.getByRole('navigation', { name: 'Rechtliches' });
    expect(within(legal).getByRole('link', { name: 'Impressum' })).toHaveAttribute(
      'href',
      '/impressum',
    );
  });
});
