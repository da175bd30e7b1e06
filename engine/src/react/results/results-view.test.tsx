// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Definition } from '../../core/index.ts';
import { renderWithTexts, testDefinition } from '../test/render.tsx';
import { ResultsView } from './results-view.tsx';

const definition = testDefinition;
afterEach(cleanup);

const view = (answers: Record<string, unknown>, of: Definition = definition) =>
  renderWithTexts(
    <ResultsView
      definition={of}
      answers={answers}
      customer="Tischlerei Berger"
      project="Relaunch"
      dateLine="Stand: 22. November 2026"
      onPrint={vi.fn()}
    />,
  );

describe('results view', () => {
  it('shows the three stages with section links, and the empty text for every unanswered step', () => {
    view({});
    const nav = screen.getByRole('navigation');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Business Insights', 'Brand Insights', 'User Insights']);
    expect(screen.getAllByText('Zu diesem Abschnitt wurden keine Angaben gemacht.')).toHaveLength(
      definition.steps.length,
    );
  });

  it('groups stakeholders, shows stars for screen readers and competitor links that do not leak the page', () => {
    view({
      stakeholders: [
        {
          id: '1',
          version: 1,
          is_external: true,
          type: 'press',
          expectations: 'Neuigkeiten',
          importance: 4,
        },
      ],
      competitors: [
        {
          id: '2',
          version: 1,
          name: 'Muster GmbH',
          url: 'https://muster.example',
          explanation: 'Marktführer',
          importance: 5,
        },
      ],
    });
    expect(screen.getByRole('heading', { name: 'Externe Stakeholder' })).toBeInTheDocument();
    expect(
      screen.getByText('Erwartungen der externen Stakeholder-Gruppe „Presse“: Neuigkeiten'),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '4 von 5 Sternen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /muster\.example/ })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
  });

  it('draws the polarity profile of the set attributes and says what is strong', () => {
    view({
      polarityprofile: { attribute_traditional_modern: 3, attribute_loud_quiet: null, version: 2 },
    });
    expect(
      screen.getByRole('img', {
        name: /Polaritätenprofil: Die Marke ist ganz klar modern statt traditionell\./,
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Die Marke ist ganz klar modern statt traditionell.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('laut')).not.toBeInTheDocument();
  });

  it('renders answers that contain HTML as text', () => {
    view({
      competitors: [
        {
          id: '3',
          version: 1,
          name: '<img src=x onerror=alert(1)>',
          explanation: '<script>alert(1)</script>',
          importance: 1,
        },
      ],
    });
    expect(screen.getByText('<script>alert(1)</script>')).toBeInTheDocument();
    expect(document.querySelector('script, img[src="x"]')).toBeNull();
  });
});
