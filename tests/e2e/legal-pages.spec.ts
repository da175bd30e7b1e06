import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible, VIEWPORTS } from './support.ts';

/*
 * docs/product.md#rechtsseiten: Impressum and Datenschutz come from the operator's Markdown files
 * (LEGAL_DIR, here the test server's DATA_DIR/legal); until then a placeholder with a warning.
 */
const legalDir = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  'test-results',
  process.env.E2E_DATA_NAME ?? 'e2e-data',
  'legal',
);

for (const viewport of VIEWPORTS) {
  test(`the legal pages show the placeholder, then the operator's text (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await rm(path.join(legalDir, 'impressum.md'), { force: true });
    await page.goto('/impressum');
    await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
    await expect(page.getByText(/^Platzhalter: Wer diese Installation betreibt/)).toBeVisible();
    await expect(
      page.getByText('Registergericht und Registernummer, falls eingetragen'),
    ).toBeVisible();

    await mkdir(legalDir, { recursive: true });
    await writeFile(
      path.join(legalDir, 'impressum.md'),
      '## Agentur Nord GmbH\n\nHafenstraße 1, 20457 Hamburg\n\nKontakt: kontakt@agentur-nord.de\n',
    );
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Agentur Nord GmbH' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'kontakt@agentur-nord.de' })).toHaveAttribute(
      'href',
      'mailto:kontakt@agentur-nord.de',
    );
    await expect(page.getByText(/^Platzhalter/)).toHaveCount(0);
    await page.screenshot({
      path: path.resolve(
        import.meta.dirname,
        '..',
        '..',
        'test-results',
        'legal',
        `impressum-${viewport.width}.png`,
      ),
    });
    await expectAccessible(page, `Impressum ${viewport.width}`);
    await rm(path.join(legalDir, 'impressum.md'), { force: true });

    // The server's own pages link to them too.
    await page.goto('/login');
    await page.getByRole('link', { name: 'Datenschutz' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Datenschutz' })).toBeVisible();
    await expect(page.getByText('Art. 6 DSGVO', { exact: false })).toBeVisible();
  });
}
