import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { api, renderApp } from '../../test/render-app.tsx';
import { LOGO_MAX_BYTES } from './agency-api.ts';
import { agency, ownerHandlers, recordRequests } from './agency-fixtures.ts';

const TOO_LIGHT =
  'Die Hauptfarbe hat auf Weiß nur ein Kontrastverhältnis von 1,9:1. Nötig sind mindestens 4,5:1, damit Schrift in dieser Farbe und weiße Schrift auf ihr gut lesbar sind. Bitte wählen Sie einen dunkleren Farbton.';

const withLogo = { ...agency, logo_url: `/api/agencies/${agency.id}/logo/${'a'.repeat(64)}` };

/** The section „Erscheinungsbild“. */
const section = () => screen.getByRole('region', { name: 'Erscheinungsbild' }) as HTMLElement;

/** A file of `size` bytes. */
const file = (size: number, type = 'image/png', name = 'logo.png') =>
  new File([new Uint8Array(size)], name, { type });

afterEach(() => document.head.querySelector('meta[name="csrf-token"]')?.remove());

describe('agency screen, branding', () => {
  it('shows name, colour with its preview and the legal links, and saves them together', async () => {
    const bodies: unknown[] = [];
    const saved = {
      ...agency,
      name: 'Agentur Nord GmbH',
      primary_color: '#0a3d62',
      impressum_url: 'https://agentur-nord.de/impressum',
    };
    const { user } = await renderApp('/agentur', {
      handlers: [
        ...ownerHandlers(),
        api.patch('/agency', (body) => {
          bodies.push(body);
          return [200, saved];
        }),
      ],
    });
    const name = await within(section()).findByLabelText(/^Name der Agentur/);
    const color = within(section()).getByLabelText('Hauptfarbe');
    expect(color).toHaveValue('#1f5f8b');
    expect(within(section()).getByLabelText('Hauptfarbe auswählen')).toHaveValue('#1f5f8b');
    const preview = within(section()).getByRole('group', { name: 'Vorschau' });
    expect(within(preview).getByText('Weiter')).toHaveStyle({ backgroundColor: '#1f5f8b' });
    expect(within(preview).getByText('Ein Link in Ihrer Farbe')).toHaveStyle({ color: '#1f5f8b' });
    expect(section()).toHaveTextContent(/statt des Impressums und der Datenschutzerklärung/);

    await user.clear(name);
    await user.type(name, 'Agentur Nord GmbH');
    // The picker and the hex field are one value; the preview follows at once.
    fireEvent.input(within(section()).getByLabelText('Hauptfarbe auswählen'), {
      target: { value: '#0a3d62' },
    });
    expect(color).toHaveValue('#0a3d62');
    expect(within(preview).getByText('Weiter')).toHaveStyle({ backgroundColor: '#0a3d62' });
    await user.type(
      within(section()).getByLabelText('Link zu Ihrem Impressum'),
      'https://agentur-nord.de/impressum',
    );
    await user.click(within(section()).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Daten wurden gespeichert')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        name: 'Agentur Nord GmbH',
        primary_color: '#0a3d62',
        impressum_url: 'https://agentur-nord.de/impressum',
        privacy_url: null,
      },
    ]);
  });

  it('shows the server’s 422 for a colour too light under the colour, without a toast', async () => {
    const { user } = await renderApp('/agentur', {
      handlers: [
        ...ownerHandlers(),
        api.patch('/agency', () => [
          422,
          { message: 'Bitte prüfen Sie Ihre Eingaben.', errors: { primary_color: [TOO_LIGHT] } },
        ]),
      ],
    });
    const color = await within(section()).findByLabelText('Hauptfarbe');
    await user.clear(color);
    await user.type(color, '#ffd700');
    await user.click(within(section()).getByRole('button', { name: 'Speichern' }));
    const message = await within(section()).findByText(TOO_LIGHT);
    expect(color).toHaveAttribute('aria-invalid', 'true');
    expect(color.getAttribute('aria-describedby')).toContain(message.id);
    await waitFor(() => expect(color).toHaveFocus());
    expect(screen.queryByText('Es ist ein Fehler aufgetreten')).toBeNull();
  });

  it('checks the hex value and https links before sending', async () => {
    const requests = recordRequests();
    const { user } = await renderApp('/agentur', { handlers: ownerHandlers() });
    const color = await within(section()).findByLabelText('Hauptfarbe');
    await user.clear(color);
    await user.type(color, 'blau');
    await user.type(
      within(section()).getByLabelText('Link zu Ihrer Datenschutzerklärung'),
      'http://agentur-nord.de/datenschutz',
    );
    await user.click(within(section()).getByRole('button', { name: 'Speichern' }));
    expect(
      within(section()).getByText(/Bitte geben Sie die Farbe als Hex-Wert mit sechs Stellen ein/),
    ).toBeInTheDocument();
    expect(
      within(section()).getByText('Bitte geben Sie eine vollständige Adresse mit https:// ein.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(color).toHaveFocus());
    expect(requests.filter((request) => request.startsWith('PATCH'))).toEqual([]);
  });

  it('refuses a logo over 1 MB without sending it', async () => {
    const requests = recordRequests();
    const { user } = await renderApp('/agentur', { handlers: ownerHandlers() });
    const input = await within(section()).findByLabelText('Logo hochladen');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp,image/svg+xml');
    await user.upload(input, file(LOGO_MAX_BYTES + 1));
    expect(
      within(section()).getByText(
        'Die Datei ist größer als 1 MB. Bitte wählen Sie eine kleinere Datei.',
      ),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((request) => request.includes('/logo'))).toEqual([]);
  });

  it('uploads the file as it is, with its type and the CSRF token, and shows the logo', async () => {
    const meta = document.createElement('meta');
    meta.name = 'csrf-token';
    meta.content = 'csrf-123';
    document.head.append(meta);
    const uploads: { type: string | null; csrf: string | null; size: number }[] = [];
    let current = agency;
    const { user } = await renderApp('/agentur', {
      handlers: [
        // The agency as stored: with the logo once it came.
        http.get('*/api/agency', () => HttpResponse.json({ data: current })),
        ...ownerHandlers(),
        http.put('*/api/agency/logo', async ({ request }) => {
          uploads.push({
            type: request.headers.get('content-type'),
            csrf: request.headers.get('x-csrf-token'),
            size: (await request.arrayBuffer()).byteLength,
          });
          current = withLogo;
          return HttpResponse.json({ data: withLogo });
        }),
      ],
    });
    const input = await within(section()).findByLabelText('Logo hochladen');
    await user.upload(input, file(2048, 'image/svg+xml', 'logo.svg'));
    expect(await screen.findByText('Logo gespeichert')).toBeInTheDocument();
    expect(uploads).toEqual([{ type: 'image/svg+xml', csrf: 'csrf-123', size: 2048 }]);
    expect(
      await within(section()).findByRole('img', { name: 'Logo von Agentur Nord' }),
    ).toHaveAttribute('src', withLogo.logo_url);
  });

  it('removes the logo with „Logo entfernen“', async () => {
    const requests = recordRequests();
    const { user } = await renderApp('/agentur', {
      handlers: [
        api.get('/agency', withLogo),
        ...ownerHandlers(),
        api.delete('/agency/logo', () => [200, agency]),
      ],
    });
    expect(
      await within(section()).findByRole('img', { name: 'Logo von Agentur Nord' }),
    ).toBeInTheDocument();
    await user.click(within(section()).getByRole('button', { name: 'Logo entfernen' }));
    expect(await screen.findByText('Logo entfernt')).toBeInTheDocument();
    expect(requests).toContain('DELETE /api/agency/logo');
  });
});
