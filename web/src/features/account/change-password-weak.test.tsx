import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, renderApp, verifiedUser } from '../../test/render-app.tsx';

// The server refuses passwords that are too easy to guess (api/src/accounts/password-strength.ts);
// the browser cannot know that, so the overlay has to show the server's field error.
const WEAK =
  'Das Passwort ist zu leicht zu erraten. Nehmen Sie besser einen längeren Satz oder mehrere Wörter, die nichts mit Ihrem Namen, Ihrer Firma oder Ihrer E-Mail-Adresse zu tun haben.';

describe('change-password overlay, password refused by the server', () => {
  it('shows the 422 field error of new_password at that field and stays open', async () => {
    const { user, leaveTo } = await renderApp('/account', {
      handlers: [
        api.get('/user/current', verifiedUser),
        api.patch(`/user/${verifiedUser.id}/change-password`, () => [
          422,
          { message: 'Bitte prüfen Sie Ihre Eingaben.', errors: { new_password: [WEAK] } },
        ]),
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    const dialog = screen.getByRole('dialog', { name: 'Passwort ändern' });
    await user.type(within(dialog).getByLabelText(/^Aktuelles Passwort/), 'altes-pw-1');
    await user.type(within(dialog).getByLabelText(/^Neues Passwort/), 'passwort1');
    await user.type(within(dialog).getByLabelText(/^Passwortbestätigung/), 'passwort1');
    await user.click(within(dialog).getByRole('button', { name: 'Passwort ändern' }));

    const message = await within(dialog).findByText(WEAK);
    const input = within(dialog).getByLabelText(/^Neues Passwort/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby') ?? '').toContain(message.id || '\u0000');
    await waitFor(() => expect(input).toHaveFocus());
    expect(screen.getByRole('dialog', { name: 'Passwort ändern' })).toBeInTheDocument();
    expect(leaveTo).not.toHaveBeenCalled();
  });
});
