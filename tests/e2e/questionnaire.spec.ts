import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { pickOptions, registerAndLogin, watchCsp } from './support.ts';

/**
 * The order of list entries is saved debounced (500 ms, docs/product.md#zustände); wait a little
 * longer.
 */
const ORDER_SAVE_DEBOUNCE_MS = 700;

const CONTACT_NAME = 'Jana Kühn';
const CONTACT_EMAIL = 'jana@agentur-nord.de';

/**
 * axe-core must report no serious or critical violation on the current screen. Unlike
 * `expectAccessible` this is a soft assertion, so one run lists the violations of every step.
 */
async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect
    .soft(
      severe.map(
        (violation) =>
          `${screen}: ${violation.id} – ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
      ),
    )
    .toEqual([]);
}

/** Opens the inline editor of a list step with its add button and returns the editor region. */
async function openEditor(page: Page, addLabel: string, newTitle: string): Promise<Locator> {
  await page.getByRole('button', { name: addLabel }).click();
  const editor = page.getByRole('region', { name: newTitle });
  await expect(editor).toBeVisible();
  return editor;
}

/** Submits an inline editor ('Hinzufügen') and waits until it has closed, i.e. the entry is saved. */
async function submitEditor(editor: Locator): Promise<void> {
  await editor.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(editor).toBeHidden();
}

/** Ticks the options of a searchable multiselect, using its search box for the first one. */
async function pick(page: Page, group: string, options: string[]): Promise<void> {
  const field = page.getByRole('group', { name: group });
  await pickOptions(field, options);
  for (const option of options)
    await expect(field.getByRole('listitem').filter({ hasText: option })).toBeVisible();
}

/** Saves a form step and waits for the success message. */
async function saveForm(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Daten wurden gespeichert')).toBeVisible();
}

/** Goes to a questionnaire step by its sub-navigation link and waits for its heading. */
async function openStep(page: Page, stage: string, step: string, heading: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Etappen des Fragebogens' })
    .getByRole('link', { name: stage })
    .click();
  await page
    .getByRole('navigation', { name: 'Schritte dieser Etappe' })
    .getByRole('link', { name: step, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('an anonymous customer fills every step through the share link, approves, and is locked out', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = `fragebogen-${Date.now()}@example.de`;

  // The owner: account with a contact person, a new project, the share link
  await registerAndLogin(page, email);
  await page.goto('/account');
  await page.getByLabel('Ansprechperson', { exact: true }).fill(CONTACT_NAME);
  await page.getByLabel('E-Mail der Ansprechperson').fill(CONTACT_EMAIL);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Daten wurden gespeichert')).toBeVisible();

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Neues Projekt' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Neues Projekt' });
  await dialog.getByLabel('Projektname').fill('Markenrelaunch');
  await dialog.getByLabel('Kundenname').fill('Bäckerei Sonnenschein');
  await dialog.getByRole('button', { name: 'Projekt anlegen' }).click();
  await page.waitForURL(/\/projekte\/[0-9a-f-]+\/einstellungen$/);
  const projectId = page.url().split('/').at(-2)!;
  const shareUrl = await page.locator('.share-url').inputValue();
  expect(shareUrl).toMatch(new RegExp(`/share/[\\w-]{43}/projekte/${projectId}/fragebogen$`));
  const token = new URL(shareUrl).pathname.split('/')[2]!;
  const shareBase = `${new URL(shareUrl).origin}/share/${token}`;
  const stepUrl = (slug: string) => `${shareBase}/projekte/${projectId}/fragebogen/${slug}`;

  // The anonymous customer in a fresh browser context
  const customerContext = await browser.newContext({ baseURL, locale: 'de-DE' });
  const customer = await customerContext.newPage();
  const customerCsp = watchCsp(customer);
  const ownerCsp = watchCsp(page);

  // Settings and dashboard are out of reach, and reveal no projects
  for (const path of ['/dashboard', `/projekte/${projectId}/einstellungen`]) {
    await customer.goto(`${shareBase}${path}`);
    await customer.waitForURL('**/login');
    await expect(customer.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    await expect(customer.getByText('Markenrelaunch')).toHaveCount(0);
    await expect(customer.getByText('Projekteinstellungen')).toHaveCount(0);
  }

  await customer.goto(shareUrl);
  // A first visit starts on the welcome page (docs/product.md#willkommensseite-und-dank).
  await customer.getByRole('link', { name: 'Los geht’s' }).click();
  await expect(customer).toHaveURL(/\/fragebogen\/stakeholder$/);
  const stages = customer.getByRole('navigation', { name: 'Etappen des Fragebogens' });
  await expect(stages.getByRole('link')).toHaveText([
    /1\s*Business Insights/,
    /2\s*Brand Insights/,
    /3\s*User Insights/,
  ]);
  const contact = customer.getByRole('contentinfo').getByRole('link', { name: CONTACT_NAME });
  await expect(contact).toHaveAttribute('href', `mailto:${CONTACT_EMAIL}`);
  await expect(customer.getByRole('link', { name: 'Projekte', exact: true })).toHaveCount(0);
  await expect(customer.getByRole('link', { name: 'Account', exact: true })).toHaveCount(0);
  await expect(customer.getByRole('link', { name: 'Projekteinstellungen' })).toHaveCount(0);

  // 1 Business Insights → Stakeholder-Analyse
  await expect(customer.getByRole('heading', { level: 1, name: 'Wer redet mit?' })).toBeVisible();
  const stakeholders: [string, string, string, string?][] = [
    ['Internen Stakeholder hinzufügen', 'Geschäftsführung', 'Klare Zahlen und eine starke Marke.'],
    [
      'Internen Stakeholder hinzufügen',
      'Sonstiges',
      'Ein Auftritt, der neue Kolleginnen anzieht.',
      'Betriebsfeuerwehr',
    ],
    ['Externen Stakeholder hinzufügen', 'Kundschaft', 'Frische Brötchen, freundliche Beratung.'],
  ];
  for (const [addLabel, type, expectations, customType] of stakeholders) {
    const editor = await openEditor(customer, addLabel, 'Neuer Stakeholder');
    if (customType) {
      // An empty custom type is refused in German before anything is saved
      await editor.getByLabel('Um wen handelt es sich?').selectOption({ label: type });
      await editor
        .getByLabel('Welche Erwartungen hat diese Gruppe an Ihr Unternehmen?')
        .fill(expectations);
      await editor.getByRole('radio', { name: '3 von 5 Sternen' }).check();
      await editor.getByRole('button', { name: 'Hinzufügen' }).click();
      await expect(editor.getByText('Eigener Typ ist ein Pflichtfeld')).toBeVisible();
      await editor.getByLabel('Eigener Typ').fill(customType);
    } else {
      await editor.getByLabel('Um wen handelt es sich?').selectOption({ label: type });
      await editor
        .getByLabel('Welche Erwartungen hat diese Gruppe an Ihr Unternehmen?')
        .fill(expectations);
      await editor.getByRole('radio', { name: '4 von 5 Sternen' }).check();
    }
    await submitEditor(editor);
  }
  const internal = customer.getByRole('list', { name: 'Interne Stakeholder' });
  const external = customer.getByRole('list', { name: 'Externe Stakeholder' });
  await expect(internal.getByRole('heading')).toHaveText(['Geschäftsführung', 'Betriebsfeuerwehr']);
  await expect(external.getByRole('heading')).toHaveText(['Kundschaft']);
  await expectAccessible(customer, 'Stakeholder-Analyse');

  // Wettbewerber-Analyse: a German message for an invalid website, then two competitors
  await customer.getByRole('link', { name: 'Weiter: Wettbewerber-Analyse' }).click();
  await expect(
    customer.getByRole('heading', { level: 1, name: 'Wer steht noch auf dem Platz?' }),
  ).toBeVisible();
  const competitors = [
    { name: 'Backhaus Müller', url: 'https://www.backhaus-mueller.de', why: 'Direkt gegenüber.' },
    { name: 'Brotzeit Kette', url: '', why: 'Günstige Preise in jeder Filiale.' },
  ];
  for (const [index, competitor] of competitors.entries()) {
    const editor = await openEditor(customer, 'Wettbewerber hinzufügen', 'Neuer Wettbewerber');
    await editor.getByLabel('Name des Wettbewerbers').fill(competitor.name);
    await editor.getByLabel('Warum ist dieser Wettbewerber für Sie relevant?').fill(competitor.why);
    await editor.getByRole('radio', { name: `${index + 3} von 5 Sternen` }).check();
    if (index === 0) {
      // Without a dot it is no address, even with https:// put in front of it.
      await editor.getByLabel('Website').fill('backhaus-mueller');
      await editor.getByRole('button', { name: 'Hinzufügen' }).click();
      await expect(
        editor.getByText('Website muss eine gültige URL mit http://, https:// oder ftp:// sein.'),
      ).toBeVisible();
      await expect(editor.getByLabel('Website')).toHaveAccessibleDescription(
        /Website muss eine gültige URL/,
      );
    }
    await editor.getByLabel('Website').fill(competitor.url);
    await submitEditor(editor);
  }
  const competitorList = customer.getByRole('list', { name: 'Wettbewerber-Analyse' });
  await expect(competitorList.getByRole('heading')).toHaveText([
    'Backhaus Müller',
    'Brotzeit Kette',
  ]);
  await expect(
    competitorList.getByRole('link', { name: /www\.backhaus-mueller\.de/ }),
  ).toHaveAttribute('href', 'https://www.backhaus-mueller.de');

  // Keyboard reordering: focus 'Nach unten' and press Enter; the order survives a reload
  await customer.getByRole('button', { name: 'Nach unten: Backhaus Müller' }).focus();
  await customer.keyboard.press('Enter');
  await expect(competitorList.getByRole('heading')).toHaveText([
    'Brotzeit Kette',
    'Backhaus Müller',
  ]);
  await expect(
    customer.getByRole('button', { name: 'Nach unten: Backhaus Müller' }),
  ).toBeDisabled();
  await expect(customer.getByRole('button', { name: 'Nach oben: Backhaus Müller' })).toBeEnabled();
  await customer.waitForTimeout(ORDER_SAVE_DEBOUNCE_MS);
  await customer.reload();
  await expect(competitorList.getByRole('heading')).toHaveText([
    'Brotzeit Kette',
    'Backhaus Müller',
  ]);
  await expectAccessible(customer, 'Wettbewerber-Analyse');

  // Ziele: one goal of each type, one of them a custom goal
  await customer.getByRole('link', { name: 'Weiter: Ziele' }).click();
  await expect(
    customer.getByRole('heading', { level: 1, name: 'Wohin soll die Reise gehen?' }),
  ).toBeVisible();
  const goals: [string, string, string, string?][] = [
    ['Unternehmensziel hinzufügen', 'Umsatz steigern', 'Zehn Prozent mehr Umsatz bis 2027.'],
    [
      'Markenziel hinzufügen',
      'Sonstiges',
      'Jeder im Viertel kennt uns.',
      'Stadtteilbäckerei Nummer eins',
    ],
    ['Nutzerziel hinzufügen', 'Schnell Informationen finden', 'Öffnungszeiten in zwei Klicks.'],
  ];
  for (const [addLabel, goal, definition, customGoal] of goals) {
    const editor = await openEditor(customer, addLabel, 'Neues Ziel');
    await editor.getByLabel('Welches Ziel verfolgen Sie?').selectOption({ label: goal });
    if (customGoal) await editor.getByLabel('Eigenes Ziel').fill(customGoal);
    await editor.getByLabel('Beschreibung').fill(definition);
    await editor.getByRole('radio', { name: '5 von 5 Sternen' }).check();
    await submitEditor(editor);
  }
  await expect(
    customer.getByRole('list', { name: 'Unternehmensziele' }).getByRole('heading'),
  ).toHaveText(['Umsatz steigern']);
  await expect(customer.getByRole('list', { name: 'Markenziele' }).getByRole('heading')).toHaveText(
    ['Stadtteilbäckerei Nummer eins'],
  );
  await expect(customer.getByRole('list', { name: 'Nutzerziele' }).getByRole('heading')).toHaveText(
    ['Schnell Informationen finden'],
  );
  await expectAccessible(customer, 'Ziele');

  // 2 Brand Insights → Markenpersönlichkeit
  await openStep(
    customer,
    '2 Brand Insights',
    'Markenpersönlichkeit',
    'Wer und wenn ja, wie viele?',
  );
  await customer
    .getByLabel('Welches Geschlecht hat Ihre Marke?')
    .selectOption({ label: 'weiblich' });
  await customer
    .getByLabel('Wie alt ist Ihre Marke als Mensch?')
    .selectOption({ label: 'Sonstiges' });
  await customer.getByLabel('Eigenes Alter').fill('zeitlos');
  await customer.getByLabel('In welcher Branche arbeitet sie?').selectOption({ label: 'Handwerk' });
  await customer.getByLabel('Welchen Beruf übt sie aus?').fill('Bäckermeisterin');
  const traits = 'Welche Charaktereigenschaften hat sie? (mindestens 3)';
  await pick(customer, traits, ['ehrlich', 'mutig']);
  await customer.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    customer.getByText('Charaktereigenschaften muss mindestens 3 Wert(e) haben.'),
  ).toBeVisible();
  await customer.getByRole('group', { name: traits }).getByRole('searchbox').fill('xyz');
  await expect(customer.getByText('Keine Ergebnisse für diesen Begriff gefunden')).toBeVisible();
  await pick(customer, traits, ['verlässlich']);
  await saveForm(customer);
  await expectAccessible(customer, 'Markenpersönlichkeit');

  // Polaritätenprofil: three rows set, the rest left unset
  await customer.getByRole('link', { name: 'Weiter: Polaritätenprofil' }).click();
  await expect(customer.getByRole('heading', { level: 1, name: 'Rund oder eckig?' })).toBeVisible();
  const polarity: [string, string][] = [
    ['traditionell – modern', '2 – eher traditionell'],
    ['verspielt – sachlich', '0 – neutral'],
    ['locker – seriös', '3 – eher seriös'],
  ];
  for (const [row, choice] of polarity) {
    await customer.getByRole('group', { name: row }).getByRole('radio', { name: choice }).check();
  }
  await saveForm(customer);
  await customer.reload();
  for (const [row, choice] of polarity) {
    await expect(
      customer.getByRole('group', { name: row }).getByRole('radio', { name: choice }),
    ).toBeChecked();
  }
  await expectAccessible(customer, 'Polaritätenprofil');

  // Markenpositionierung
  await customer.getByRole('link', { name: 'Weiter: Markenpositionierung' }).click();
  await expect(
    customer.getByRole('heading', { level: 1, name: 'Wofür steht Ihre Marke?' }),
  ).toBeVisible();
  await pick(customer, 'Was versprechen Sie Ihrer Kundschaft?', [
    'Höchste Qualität',
    'Persönliche Beratung',
  ]);
  await pick(customer, 'Wen möchten Sie mit Ihrer Marke erreichen?', ['Familien mit Kindern']);
  await customer
    .getByLabel('Was macht Ihre Marke für diese Zielgruppe attraktiv?')
    .fill('Alles frisch aus der Backstube.');
  await customer
    .getByLabel('Welche Stärken und Qualitäten zeichnen Ihre Marke aus?')
    .fill('Handwerk seit 1921.');
  await customer
    .getByLabel('Wodurch unterscheiden Sie sich von Ihren Wettbewerbern?')
    .fill('Sauerteig statt Backmischung.');
  await customer
    .getByLabel('Wie lautet Ihr Mission Statement in einem Satz?')
    .fill('Gutes Brot für alle.');
  await saveForm(customer);
  await expectAccessible(customer, 'Markenpositionierung');

  // 3 User Insights → User Stories
  await customer.getByRole('link', { name: 'Weiter: User Stories' }).click();
  await expect(
    customer.getByRole('heading', {
      level: 1,
      name: 'Was wollen Ihre Nutzerinnen und Nutzer erreichen?',
    }),
  ).toBeVisible();
  const stories: [string, string, string, string?][] = [
    [
      'Neukundin oder Neukunde',
      '… möchte ich die Öffnungszeiten sehen, damit ich nicht vor verschlossener Tür stehe.',
      'Muss',
    ],
    [
      'Sonstiges',
      '… möchte ich Torten vorbestellen, damit die Feier gelingt.',
      'Sollte',
      'Hochzeitspaar',
    ],
  ];
  for (const [role, text, priority, customRole] of stories) {
    const editor = await openEditor(customer, 'User Story hinzufügen', 'Neue User Story');
    await editor.getByLabel('Als …').selectOption({ label: role });
    if (customRole) await editor.getByLabel('Eigene Rolle').fill(customRole);
    await editor.getByLabel('Ziel / Wunsch').fill(text);
    await editor.getByLabel('Priorität').selectOption({ label: priority });
    await submitEditor(editor);
  }
  await expect(
    customer.getByRole('list', { name: 'User Stories' }).getByRole('heading'),
  ).toHaveText(['Neukundin oder Neukunde', 'Hochzeitspaar']);
  await expectAccessible(customer, 'User Stories');

  // Personas: one persona with every required field
  await customer.getByRole('link', { name: 'Weiter: Personas' }).click();
  await expect(
    customer.getByRole('heading', { level: 1, name: 'Wer kommt auf die Party?' }),
  ).toBeVisible();
  const persona = await openEditor(customer, 'Persona hinzufügen', 'Neue Persona');
  await persona.getByRole('textbox', { name: 'Name', exact: true }).fill('Anna Berger');
  await persona
    .getByRole('group', { name: 'Avatar' })
    .getByRole('radio', { name: 'Junge Frau' })
    .check();
  await persona
    .getByRole('combobox', { name: 'Geschlecht', exact: true })
    .selectOption({ label: 'weiblich' });
  await persona.getByRole('spinbutton', { name: 'Alter', exact: true }).fill('34');
  await persona
    .getByRole('combobox', { name: 'Familienstand', exact: true })
    .selectOption({ label: 'verheiratet' });
  await persona
    .getByRole('combobox', { name: 'Kinder', exact: true })
    .selectOption({ label: 'zwei Kinder' });
  await persona
    .getByRole('combobox', { name: 'Höchster Bildungsabschluss', exact: true })
    .selectOption({ label: 'Abitur' });
  await persona
    .getByRole('combobox', { name: 'Branche', exact: true })
    .selectOption({ label: 'IT und Software' });
  await persona.getByRole('textbox', { name: 'Beruf', exact: true }).fill('Projektleiterin');
  await persona
    .getByRole('combobox', { name: 'Nettoeinkommen im Monat', exact: true })
    .selectOption({ label: '2.000 € bis 3.000 €' });
  await pick(customer, 'Persönliche Werte', ['Familie', 'Nachhaltigkeit']);
  await pick(customer, 'Internet- und Mediennutzung', ['Instagram']);
  await persona.getByRole('textbox', { name: 'Hobbys', exact: true }).fill('Laufen, Backen, Lesen');
  await persona
    .getByLabel('Was erwartet die Persona von Ihrem Produkt?')
    .fill('Bio-Qualität und kurze Wartezeiten.');
  await submitEditor(persona);
  await expect(customer.getByRole('list', { name: 'Personas' }).getByRole('heading')).toHaveText([
    'Anna Berger',
  ]);
  await expectAccessible(customer, 'Personas');

  // Approve: 'Freigeben' → 'Projekt Freigeben?' → 'Freigeben'
  const lastStep = customer.getByRole('region', { name: 'Wer kommt auf die Party?' });
  await lastStep.getByRole('button', { name: 'Freigeben' }).click();
  const approveDialog = customer.getByRole('dialog', { name: 'Projekt Freigeben?' });
  await expect(approveDialog).toBeVisible();
  await expectAccessible(customer, 'Projekt Freigeben?');
  await approveDialog.getByRole('button', { name: 'Freigeben' }).click();
  await expect(customer.getByText('Projekt freigegeben!')).toBeVisible();
  await expect(
    customer.getByText('Der Fragebogen wurde freigegeben. Er kann nicht mehr editiert werden.'),
  ).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Freigeben' })).toHaveCount(0);

  // After approval nothing can be changed in the UI …
  const changeButtons = /hinzufügen|^Bearbeiten: |^Löschen: |^Nach (oben|unten): /;
  for (const slug of ['stakeholder', 'wettbewerber', 'ziele', 'userstories', 'personas']) {
    await customer.goto(stepUrl(slug));
    await expect(
      customer.getByText('Der Fragebogen wurde freigegeben. Er kann nicht mehr editiert werden.'),
    ).toBeVisible();
    await expect(customer.getByRole('list').getByRole('heading').first()).toBeVisible();
    await expect(customer.getByRole('button', { name: changeButtons })).toHaveCount(0);
  }
  await expectAccessible(customer, 'Personas (freigegeben)');
  const formSteps = {
    markenpersoenlichkeit: 'Wer und wenn ja, wie viele?',
    polaritaetenprofil: 'Rund oder eckig?',
    markenpositionierung: 'Wofür steht Ihre Marke?',
  };
  for (const [slug, heading] of Object.entries(formSteps)) {
    await customer.goto(stepUrl(slug));
    const form = customer.getByRole('region', { name: heading }).locator('form');
    await expect(form).toBeVisible();
    await expect(customer.getByRole('button', { name: 'Speichern' })).toHaveCount(0);
    const fields = form.locator('input:not([type=hidden]), select, textarea');
    expect(await fields.count()).toBeGreaterThan(0);
    for (const field of await fields.all()) await expect(field).toBeDisabled();
  }
  await expect(customer.getByLabel('Wie lautet Ihr Mission Statement in einem Satz?')).toHaveValue(
    'Gutes Brot für alle.',
  );
  await expectAccessible(customer, 'Markenpositionierung (freigegeben)');

  // … nor through the API with the token
  const refused = await customer.request.post(`/api/projects/${projectId}/competitors`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-Edit-Token': token },
    data: { name: 'Noch einer', explanation: 'Nach der Freigabe', importance: 2 },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'Der Fragebogen wurde freigegeben. Er kann nicht mehr editiert werden.',
  );
  await customerContext.close();

  // The owner sees the owner's notice and can still edit
  await page.goto(`/projekte/${projectId}/fragebogen/wettbewerber`);
  await expect(
    page.getByText(
      'Der Fragebogen wurde freigegeben. Er kann vom Kunden nicht mehr editiert werden.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Wettbewerber hinzufügen' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Wettbewerber-Analyse' }).getByRole('heading'),
  ).toHaveText(['Brotzeit Kette', 'Backhaus Müller']);
  await expect(page.getByRole('button', { name: 'Bearbeiten: Backhaus Müller' })).toBeVisible();
  // Nothing the pages did was refused by the strict Content-Security-Policy.
  expect([...customerCsp(), ...ownerCsp()]).toEqual([]);
});
