import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadFixtureQuestionnaire } from '../../test/fixture-catalogue.ts';
import { agency, api, makeProject, renderApp } from '../../test/render-app.tsx';
import { cssString, pageNumberContent } from './results-print.ts';

/** The cover of the printed results and what the paper's margins and title carry. */
const widgets = await loadFixtureQuestionnaire('fixture-widgets');
const id = '7b2e0c1e-0000-4000-8000-000000000002';
const resultsPath = `/projekte/${id}/ergebnisse`;
const branded = {
  ...agency,
  name: 'Studio Morgenrot',
  primary_color: '#b4421f',
  logo_url: `/api/agencies/${agency.id}/logo/ab12`,
};

/** Renders the results of a project with `fields` (customer „Bäckerei Groß“, project „Relaunch 2027“). */
async function renderResults(fields: Record<string, unknown>) {
  const project = makeProject(
    { customer_firm: 'Bäckerei Groß', project_name: 'Relaunch 2027', ...fields },
    widgets,
  );
  const view = await renderApp(resultsPath, {
    current: widgets,
    checksOf: widgets,
    handlers: [
      api.get(`/projects/${id}`, project),
      api.get(`/projects/${id}/results`, { steps: {} }),
    ],
  });
  await screen.findByRole('heading', { level: 1, name: 'Relaunch 2027' });
  return view;
}

const rootProperty = (name: string) => document.documentElement.style.getPropertyValue(name);

describe('the cover of the printed results', () => {
  it('heads the paper with the agency’s logo and name, „Briefing“, the names and both dates', async () => {
    await renderResults({
      agency: branded,
      is_approved: true,
      approved_at: '2026-11-27T09:30:00.000Z',
    });
    const title = screen.getByRole('heading', { level: 1 }).closest('header')!;
    const letterhead = title.querySelector('.results-letterhead')!;
    expect(letterhead.querySelector('img')).toHaveAttribute('src', branded.logo_url);
    // The name stands beside the logo: the image is decoration.
    expect(letterhead.querySelector('img')).toHaveAttribute('alt', '');
    expect(letterhead).toHaveTextContent('Studio Morgenrot');
    expect(within(title).getByText('Briefing')).toHaveClass('results-kind');
    expect(within(title).getByText('Bäckerei Groß')).toBeInTheDocument();
    expect(
      within(title).getByText(/· Stand: \d+\. \p{L}+ \d{4} · Fragebogen-Version/u),
    ).toBeInTheDocument();
    expect(within(title).getByText('Freigegeben am 27. November 2026')).toBeInTheDocument();
  });

  it('names the agency alone without a logo, and no approval date before the approval', async () => {
    await renderResults({ agency, is_approved: false, approved_at: null });
    const title = screen.getByRole('heading', { level: 1 }).closest('header')!;
    const letterhead = title.querySelector('.results-letterhead')!;
    expect(letterhead.querySelector('img')).toBeNull();
    expect(letterhead).toHaveTextContent('Agentur Nord');
    expect(within(title).queryByText(/Freigegeben am/)).not.toBeInTheDocument();
  });

  it('gives the page margins the running header, the agency and „Seite X von Y“, and the accent colour, while the page is open', async () => {
    const view = await renderResults({ agency: branded });
    expect(rootProperty('--fw-print-header')).toBe('"Bäckerei Groß · Relaunch 2027"');
    expect(rootProperty('--fw-print-footer')).toBe('"Studio Morgenrot"');
    expect(rootProperty('--fw-print-page-number')).toBe(
      '"Seite " counter(page) " von " counter(pages)',
    );
    expect(rootProperty('--fw-print-accent')).toBe('#b4421f');
    view.unmount();
    for (const name of ['header', 'footer', 'page-number', 'accent'])
      expect(rootProperty(`--fw-print-${name}`)).toBe('');
  });

  it('is titled „Briefing <Kunde> – <Projekt>“ while printing – the PDF’s suggested name – and gives the tab its title back', async () => {
    await renderResults({ agency: branded });
    await waitFor(() => expect(document.title).toBe('Ergebnisse – Fragewerk'));
    window.dispatchEvent(new Event('beforeprint'));
    expect(document.title).toBe('Briefing Bäckerei Groß – Relaunch 2027');
    window.dispatchEvent(new Event('afterprint'));
    expect(document.title).toBe('Ergebnisse – Fragewerk');
  });
});

describe('the texts of the page margins as CSS', () => {
  it('escape quotes and backslashes and turn line breaks into spaces', () => {
    expect(cssString('Relaunch "Frisch\\Vom Ofen"')).toBe('"Relaunch \\"Frisch\\\\Vom Ofen\\""');
    expect(cssString('Zeile 1\nZeile 2\r\n')).toBe('"Zeile 1 Zeile 2 "');
    expect(cssString('Bäckerei Groß – „Brot“')).toBe('"Bäckerei Groß – „Brot“"');
  });

  it('make the page counters of „{{page}}“ and „{{pages}}“', () => {
    expect(pageNumberContent('Seite {{page}} von {{pages}}')).toBe(
      '"Seite " counter(page) " von " counter(pages)',
    );
    expect(pageNumberContent('{{page}}/{{pages}}')).toBe('counter(page) "/" counter(pages)');
  });
});
