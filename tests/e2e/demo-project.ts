import { expect, type Page } from '@playwright/test';
import { loadDefinitionFromDisk } from '@fragewerk/engine/core/node';
import { demoAnswers } from '../../tools/src/demo-answers.ts';
import { apiHeaders } from './support.ts';

// A brand briefing filled with the demo answers through the API, for the journeys about its
// results (results.spec.ts, results-pdf.spec.ts).

/**
 * Fills every step of the project with the demo answers as the logged-in owner: `entries(kind)`
 * of each list's entries, every form.
 */
export async function fillWithDemoAnswers(
  page: Page,
  projectId: string,
  entries: (kind: string) => number,
) {
  const headers = await apiHeaders(page);
  const answers = demoAnswers(await loadDefinitionFromDisk(undefined));
  for (const [kind, items] of Object.entries(answers.lists)) {
    for (const item of items.slice(0, entries(kind))) {
      const response = await page.request.post(`/api/projects/${projectId}/${kind}`, {
        data: item,
        headers,
      });
      expect(response.status(), await response.text()).toBe(201);
    }
  }
  for (const [kind, data] of Object.entries(answers.forms)) {
    const response = await page.request.patch(`/api/projects/${projectId}/${kind}`, {
      data: { ...data, version: 0 },
      headers,
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}
