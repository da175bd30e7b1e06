import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, renderApp } from '../../test/render-app.tsx';

describe('legal pages (docs/product.md#rechtsseiten)', () => {
  it('shows the placeholder with a visible warning until the operator has put a text in place', async () => {
    await renderApp('/impressum', { user: null });
    expect(await screen.findByText('Dieser Text ist ein Platzhalter.')).toBeInTheDocument();
    expect(
      screen.getByText(
        /^Platzhalter: Wer diese Installation betreibt, hat den eigenen Text noch nicht hinterlegt\./,
      ),
    ).toHaveClass('notice-warning');
  });

  it('shows the operator’s text as the server rendered it, without the warning', async () => {
    await renderApp('/datenschutz', {
      user: null,
      handlers: [
        api.get('/legal/datenschutz', {
          html: '<h2>Verantwortlich</h2><p>Agentur Nord GmbH</p>',
          placeholder: false,
        }),
      ],
    });
    const page = screen.getByRole('heading', { level: 1, name: 'Datenschutz' }).parentElement!;
    expect(
      await within(page).findByRole('heading', { level: 2, name: 'Verantwortlich' }),
    ).toBeInTheDocument();
    expect(within(page).queryByText(/Platzhalter/)).not.toBeInTheDocument();
  });

  it('says so when the text cannot be loaded, and loads it again on request', async () => {
    const { user } = await renderApp('/impressum', {
      user: null,
      handlers: [api.get('/legal/impressum', { message: 'Fehler' }, 500)],
    });
    expect(await screen.findByText('Der Text konnte nicht geladen werden.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
  });
});
