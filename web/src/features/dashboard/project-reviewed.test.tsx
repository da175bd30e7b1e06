import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, makeProject, renderApp } from '../../test/render-app.tsx';

describe('dashboard: steps marked „geprüft“ (docs/product.md#geprüft)', () => {
  it('shows „3 geprüft“ beside the progress figure, and nothing while none is', async () => {
    const projects = [
      {
        ...makeProject({ id: 'a', project_name: 'Relaunch' }),
        progress: { complete: 5, total: 8, reviewed: 3 },
      },
      {
        ...makeProject({ id: 'b', project_name: 'Shop' }),
        progress: { complete: 2, total: 8, reviewed: 0 },
      },
    ];
    await renderApp('/dashboard', { handlers: [api.get('/projects', projects)] });
    const table = await screen.findByRole('table', { name: 'Aktive Projekte' });
    const row = (name: string) =>
      within(table)
        .getByRole('progressbar', { name: `Fortschritt von ${name}` })
        .closest('td')!;
    expect(within(row('Relaunch')).getByText('5 von 8 Schritten')).toBeInTheDocument();
    expect(within(row('Relaunch')).getByText('3 geprüft')).toBeInTheDocument();
    expect(row('Shop')).not.toHaveTextContent(/geprüft/);
  });
});
