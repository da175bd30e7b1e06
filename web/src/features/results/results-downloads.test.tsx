import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadFixtureQuestionnaire } from '../../test/fixture-catalogue.ts';
import { api, makeProject, renderApp } from '../../test/render-app.tsx';
import { downloadName } from './results-downloads.tsx';

const widgets = await loadFixtureQuestionnaire('fixture-widgets');
const id = '7b2e0c1e-0000-4000-8000-000000000003';
const project = makeProject({ is_niceview_enabled: true }, widgets);
const handlers = [
  api.get(`/projects/${id}`, { ...project, id }),
  api.get(`/projects/${id}/results`, { steps: {} }),
];
const LABELS = ['Word (.docx)', 'Markdown (.md)', 'Daten (.json)'];

afterEach(() => vi.restoreAllMocks());

describe('the results page’s downloads', () => {
  it('offers Word, Markdown and data as links to the export for a member', async () => {
    await renderApp(`/projekte/${id}/ergebnisse`, {
      current: widgets,
      checksOf: widgets,
      handlers,
    });
    for (const [index, format] of ['docx', 'md', 'json'].entries()) {
      const link = await screen.findByRole('link', { name: LABELS[index] });
      expect(link).toHaveAttribute('download');
      expect(link.getAttribute('href')).toMatch(
        new RegExp(`/api/projects/${id}/export\\?format=${format}$`),
      );
    }
  });

  it('fetches the file with the share token for a customer and saves it under its name', async () => {
    const sent: (string | null)[] = [];
    const saved: string[] = [];
    URL.createObjectURL ??= () => '';
    URL.revokeObjectURL ??= () => undefined;
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:briefing');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (this.href.startsWith('blob:')) saved.push(this.download);
    });
    const { user } = await renderApp(`/projekte/${id}/ergebnisse`, {
      current: widgets,
      checksOf: widgets,
      user: null,
      editToken: 'geheimes-token',
      handlers: [
        ...handlers,
        http.get(`*/api/projects/${id}/export`, ({ request }) => {
          sent.push(request.headers.get('x-edit-token'));
          return new HttpResponse('# Marke\n', {
            headers: {
              'content-type': 'text/markdown; charset=utf-8',
              'content-disposition': `attachment; filename="Briefing Baeckerei Gross.md"; filename*=UTF-8''Briefing%20B%C3%A4ckerei%20Gro%C3%9F.md`,
            },
          });
        }),
      ],
    });
    await user.click(await screen.findByRole('link', { name: 'Markdown (.md)' }));
    await waitFor(() => expect(saved).toEqual(['Briefing Bäckerei Groß.md']));
    expect(sent).toEqual(['geheimes-token']);
  });

  it('reads the file name from Content-Disposition, the encoded one first', () => {
    expect(downloadName(`attachment; filename="a.md"; filename*=UTF-8''%C3%A4.md`, 'x')).toBe(
      'ä.md',
    );
    expect(downloadName('attachment; filename="a.md"', 'x')).toBe('a.md');
    expect(downloadName(null, 'x')).toBe('x');
  });
});
