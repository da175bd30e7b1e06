import { expect, test } from '@playwright/test';

test('the browser gets the scripts and styles brotli-compressed, and the page runs from them', async ({
  page,
}) => {
  const served: { url: string; encoding: string | undefined; size: number }[] = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const headers = await response.allHeaders();
    served.push({
      url: response.url(),
      encoding: headers['content-encoding'],
      size: (await response.body()).length,
    });
  });
  await page.goto('/impressum');
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
  // The entry, its chunks and its stylesheet, as the build compressed them (1 KB and more).
  const large = served.filter((file) => file.size >= 1024);
  expect(large.length).toBeGreaterThanOrEqual(3);
  for (const file of large) expect(file, file.url).toMatchObject({ encoding: 'br' });
});
