import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, renderApp, verifiedUser } from '../../test/render-app.tsx';

const WRONG_PASSWORD =
  'Das aktuelle Passwort wurde nicht korrekt eingegeben. Bitte korrigieren Sie das Passwort um sich zu verifizieren.';
const CONFIRM_WITH_PASSWORD = 'Bitte bestätigen Sie die Änderung mit Ihrem aktuellen Passwort.';

describe('account settings', () => {
  it('shows the title, the company as subtitle, German dates and the prefilled fields', async () => {
    await renderApp('/account');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Accounteinstellungen' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Agentur Nord', { selector: '.subtitle' })).toBeInTheDocument();
    expect(
      screen.getByText('Erstellt am 1. November 2026 · Zuletzt bearbeitet am 20. November 2026'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Firma/)).toHaveValue('Agentur Nord');
    expect(screen.getByLabelText(/^E-Mail \*?$/)).toHaveValue('jana@agentur-nord.de');
    expect(screen.getByLabelText('Ansprechperson')).toHaveValue('Jana Kühn');
    expect(screen.getByLabelText('E-Mail der Ansprechperson')).toHaveValue('jana@agentur-nord.de');
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Zurück' })).toHaveAttribute('href', '/dashboard');
    expect(document.title).toBe('Accounteinstellungen – Fragewerk');
  });

  it('shows an invalid e-mail; Speichern stays enabled, leads back to the field and sends nothing', async () => {
    const patches: unknown[] = [];
    const { user } = await renderApp('/account', {
      handlers: [
        api.patch(`/user/${verifiedUser.id}`, (body) => {
          patches.push(body);
          return [200, verifiedUser];
        }),
      ],
    });
    const email = screen.getByLabelText(/^E-Mail \*?$/);
    await user.clear(email);
    await user.type(email, 'jana-at-agentur');
    await user.tab();
    expect(screen.getByText('E-Mail muss eine gültige E-Mail-Adresse sein.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    const save = screen.getByRole('button', { name: 'Speichern' });
    expect(save).toBeEnabled();
    await user.click(save);
    expect(email).toHaveFocus();
    expect(patches).toEqual([]);
  });

  it('requires the company; Enter shows it and focuses the field', async () => {
    const { user } = await renderApp('/account');
    await user.clear(screen.getByLabelText(/^Firma/));
    await user.click(screen.getByLabelText(/^E-Mail \*?$/));
    await user.keyboard('{Enter}');
    expect(screen.getByText('Firma ist ein Pflichtfeld')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Firma/)).toHaveFocus();
  });

  it('keeps Speichern in place while it is pressed: the left field shows its message after the click', async () => {
    const { user } = await renderApp('/account');
    const company = screen.getByLabelText(/^Firma/);
    await user.clear(company);
    const save = screen.getByRole('button', { name: 'Speichern' });
    await user.pointer({ keys: '[MouseLeft>]', target: save });
    // The message would move the button away from under the pointer; it waits for the click.
    expect(screen.queryByText('Firma ist ein Pflichtfeld')).not.toBeInTheDocument();
    await user.pointer({ keys: '[/MouseLeft]', target: save });
    expect(await screen.findByText('Firma ist ein Pflichtfeld')).toBeInTheDocument();
    expect(company).toHaveFocus();
  });

  it("saves valid changes and shows 'Daten wurden gespeichert'", async () => {
    const bodies: unknown[] = [];
    const saved = { ...verifiedUser, company: 'Agentur Süd', contact_name: null };
    const { user } = await renderApp('/account', {
      handlers: [
        api.get('/user/current', saved),
        api.patch(`/user/${verifiedUser.id}`, (body) => {
          bodies.push(body);
          return [200, saved];
        }),
      ],
    });
    const company = screen.getByLabelText(/^Firma/);
    await user.clear(company);
    await user.type(company, ' Agentur Süd ');
    await user.clear(screen.getByLabelText('Ansprechperson'));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Daten wurden gespeichert')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        company: 'Agentur Süd',
        email: 'jana@agentur-nord.de',
        contact_name: null,
        contact_email: 'jana@agentur-nord.de',
      },
    ]);
    expect(company).toHaveValue('Agentur Süd');
    // The refreshed user shows in the subtitle.
    await waitFor(() =>
      expect(screen.getByText('Agentur Süd', { selector: '.subtitle' })).toBeInTheDocument(),
    );
  });

  it("shows the server's 422 field error without an error toast", async () => {
    const { user } = await renderApp('/account', {
      handlers: [
        api.get('/user/current', verifiedUser),
        api.patch(`/user/${verifiedUser.id}`, () => [
          422,
          {
            message: 'Die Eingaben sind ungültig.',
            errors: { current_password: [WRONG_PASSWORD] },
          },
        ]),
      ],
    });
    const email = screen.getByLabelText(/^E-Mail \*?$/);
    await user.clear(email);
    await user.type(email, 'neu@agentur-nord.de');
    const password = screen.getByLabelText(/^Aktuelles Passwort/);
    await user.type(password, 'falsches-passwort');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(WRONG_PASSWORD)).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    expect(screen.queryByText('Daten wurden gespeichert')).not.toBeInTheDocument();
    expect(screen.queryByText('Es ist ein Fehler aufgetreten')).not.toBeInTheDocument();
    // Editing the field clears the server's message.
    await user.type(password, 'x');
    expect(screen.queryByText(WRONG_PASSWORD)).not.toBeInTheDocument();
  });

  it('asks for the current password only while the e-mail differs from the stored one', async () => {
    const { user } = await renderApp('/account');
    expect(screen.queryByLabelText(/^Aktuelles Passwort/)).not.toBeInTheDocument();
    const email = screen.getByLabelText(/^E-Mail \*?$/);
    await user.clear(email);
    await user.type(email, 'neu@agentur-nord.de');
    const password = screen.getByLabelText(/^Aktuelles Passwort/);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toBeRequired();
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    // The stored address in other capitals is no change.
    await user.clear(email);
    await user.type(email, 'Jana@Agentur-Nord.de');
    expect(screen.queryByLabelText(/^Aktuelles Passwort/)).not.toBeInTheDocument();
  });

  it('sends no new e-mail address without the password; the field says why', async () => {
    const patches: unknown[] = [];
    const { user } = await renderApp('/account', {
      handlers: [
        api.patch(`/user/${verifiedUser.id}`, (body) => {
          patches.push(body);
          return [200, verifiedUser];
        }),
      ],
    });
    const email = screen.getByLabelText(/^E-Mail \*?$/);
    await user.clear(email);
    await user.type(email, 'neu@agentur-nord.de');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(CONFIRM_WITH_PASSWORD)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Aktuelles Passwort/)).toHaveFocus();
    expect(patches).toEqual([]);
  });

  it('sends the password with a new address and says where the link went instead of showing it as changed', async () => {
    const bodies: unknown[] = [];
    const { user } = await renderApp('/account', {
      handlers: [
        api.get('/user/current', verifiedUser),
        api.patch(`/user/${verifiedUser.id}`, (body) => {
          bodies.push(body);
          return [200, { ...verifiedUser, pending_email: 'neu@agentur-nord.de' }];
        }),
      ],
    });
    const email = screen.getByLabelText(/^E-Mail \*?$/);
    await user.clear(email);
    await user.type(email, ' neu@agentur-nord.de ');
    await user.type(screen.getByLabelText(/^Aktuelles Passwort/), 'sicheres-passwort');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(
      await screen.findByText(
        'Wir haben einen Bestätigungslink an neu@agentur-nord.de geschickt. Die neue Adresse gilt, sobald Sie ihn öffnen.',
      ),
    ).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        company: 'Agentur Nord',
        email: 'neu@agentur-nord.de',
        contact_name: 'Jana Kühn',
        contact_email: 'jana@agentur-nord.de',
        current_password: 'sicheres-passwort',
      },
    ]);
    // Until the link is opened the stored address stays, and the password is gone.
    expect(email).toHaveValue('jana@agentur-nord.de');
    expect(screen.queryByLabelText(/^Aktuelles Passwort/)).not.toBeInTheDocument();
  });

  it('shows an unverified user the notice instead of the form', async () => {
    await renderApp('/account', { user: { ...verifiedUser, verified: false } });
    expect(screen.getByRole('heading', { name: 'Accounteinstellungen' })).toBeInTheDocument();
    expect(screen.getByText(/Ihr Account ist noch nicht verifiziert/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Passwort ändern' })).not.toBeInTheDocument();
  });

  it('sends a visitor without login to /login', async () => {
    const { leaveTo } = await renderApp('/account', { user: null });
    expect(leaveTo).toHaveBeenCalledWith('/login?weiter=%2Faccount');
    expect(screen.queryByRole('heading', { name: 'Accounteinstellungen' })).not.toBeInTheDocument();
  });
});
