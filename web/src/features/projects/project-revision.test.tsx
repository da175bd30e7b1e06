import { screen, within } from '@testing-library/react';
import type { Definition } from '@fragewerk/engine/core';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, definition, makeProject, renderApp } from '../../test/render-app.tsx';

/*
 * docs/architecture.md#revisionen in the app: a project on an older revision of the definition
 * (an approved one) is shown with that revision; a project on the current one loads nothing more.
 */

const id = '7b2e0c1e-0000-4000-8000-000000000002';
const older = 'a'.repeat(64);
const newer = 'b'.repeat(64);
const current: Definition = { ...definition, revision: { id: newer, label: 2 } };
/** The revision the approved project is on: its first stage had another title then. */
const approvedOn: Definition = {
  ...definition,
  revision: { id: older, label: 1 },
  stages: definition.stages.map((stage, index) =>
    index === 0 ? { ...stage, title: 'Geschäft (Version 1)' } : stage,
  ),
};

describe('a project on its own definition revision', () => {
  it('loads the revision of an approved project and names it in the results header', async () => {
    let loaded = 0;
    await renderApp(`/projekte/${id}/ergebnisse`, {
      current,
      handlers: [
        api.get(
          `/projects/${id}`,
          makeProject({
            is_approved: true,
            definition_revision: { id: older, label: 1 },
            definition_version: 1,
          }),
        ),
        // No step rendered on the server: the view makes them from the project.
        api.get(`/projects/${id}/results`, { steps: {} }),
        http.get(`*/api/definitions/${older}`, () => {
          loaded += 1;
          return HttpResponse.json({ data: approvedOn });
        }),
      ],
    });
    const navigation = await screen.findByRole('navigation', { name: /Ergebnis/ });
    expect(within(navigation).getByText('Geschäft (Version 1)')).toBeInTheDocument();
    expect(screen.getByText(/Fragebogen-Version 1$/)).toBeInTheDocument();
    expect(loaded).toBe(1);
  });

  it('uses the definition loaded at boot for a project on the current revision', async () => {
    await renderApp(`/projekte/${id}/ergebnisse`, {
      current,
      handlers: [
        api.get(`/projects/${id}`, makeProject({ definition_revision: current.revision! })),
        api.get(`/projects/${id}/results`, { steps: {} }),
      ],
    });
    expect(await screen.findByText(/Fragebogen-Version 2$/)).toBeInTheDocument();
    expect(screen.queryByText('Geschäft (Version 1)')).not.toBeInTheDocument();
  });
});
