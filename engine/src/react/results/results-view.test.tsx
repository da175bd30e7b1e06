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
  it('shows the stages with section links, and the empty text for every unanswered step', () => {
    view({});
    const nav = screen.getByRole('navigation');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Listen', 'Formulare']);
    expect(screen.getAllByText('Zu diesem Abschnitt wurden keine Angaben gemacht.')).toHaveLength(
      definition.steps.length,
    );
  });

  it('groups a grouped list, shows stars for screen readers and links that do not leak the page', () => {
    view({
      contacts: [
        {
          id: '1',
          version: 1,
          is_external: true,
          type: 'press',
          expectations: 'Neuigkeiten',
          importance: 4,
        },
      ],
      rivals: [
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
    expect(screen.getByRole('heading', { name: 'Externe Kontakte' })).toBeInTheDocument();
    expect(
      screen.getByText('Erwartungen der externen Gruppe „Presse“: Neuigkeiten'),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '4 von 5 Sternen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /muster\.example/ })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
  });

  it('draws the polarity profile of the set attributes and says what is strong', () => {
    view({
      scale: { attribute_traditional_modern: 3, attribute_quiet_loud: null, version: 2 },
    });
    expect(
      screen.getByRole('img', {
        name: /Skala: Die Marke ist ganz klar modern statt traditionell\./,
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Die Marke ist ganz klar modern statt traditionell.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('laut')).not.toBeInTheDocument();
  });

  it('renders answers that contain HTML as text', () => {
    view({
      rivals: [
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

describe('section links', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keep the measured height of the sticky bar free above the section', async () => {
    let resize: (() => void) | undefined;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resize = callback;
        }
        // Like a browser's, the observer reports the size once it starts observing.
        observe() {
          resize!();
        }
        disconnect() {}
      },
    );
    vi.stubGlobal('matchMedia', () => ({ matches: true }));
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    let barHeight = 58;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const height = this.classList.contains('results-nav') ? barHeight : 0;
      const top = this.id === 'stage-forms' ? 2000 : 0;
      return {
        top,
        height,
        bottom: top + height,
        left: 0,
        right: 0,
        width: 0,
        x: 0,
        y: top,
      } as DOMRect;
    });
    const { user, container } = view({});
    const results = container.querySelector<HTMLElement>('.results')!;
    expect(results.style.getPropertyValue('--fw-results-sticky-height')).toBe('58px');
    // On a phone the bar wraps; the observer measures again.
    barHeight = 171;
    resize!();
    expect(results.style.getPropertyValue('--fw-results-sticky-height')).toBe('171px');

    // jsdom computes no stylesheet: the margin results-view.css derives from the property.
    document.getElementById('stage-forms')!.style.scrollMarginTop = '187px';
    await user.click(screen.getByRole('link', { name: 'Formulare' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 2000 - 187);
    expect(document.getElementById('stage-forms')).toHaveFocus();
    vi.restoreAllMocks();
  });
});
