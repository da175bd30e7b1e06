// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';
import { testDefinition as definition } from './test/render.tsx';

afterEach(cleanup);

describe('help text Markdown', () => {
  it('renders paragraphs, lists, quotations and bold as elements', () => {
    const { container } = render(
      <Markdown
        source={[
          'Ein **Absatz**',
          'über zwei Zeilen.',
          '',
          '> Als **Rolle** möchte ich',
          '> **Ziel oder Wunsch**.',
          '',
          '- eins',
          '- zwei',
          '  weiter',
        ].join('\n')}
      />,
    );
    expect(container.querySelector('p')).toHaveTextContent('Ein Absatz über zwei Zeilen.');
    const quote = container.querySelector('blockquote')!;
    expect(quote).toHaveTextContent('Als Rolle möchte ich Ziel oder Wunsch.');
    expect(quote.querySelectorAll('strong')).toHaveLength(2);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'eins',
      'zwei weiter',
    ]);
    expect(container.textContent).not.toContain('>');
  });

  it('shows a step’s help (the fixture’s people) without Markdown syntax', () => {
    const source = definition.steps.find((step) => step.meta.key === 'people')!.help;
    const { container } = render(<Markdown source={source} />);
    expect(container.querySelector('blockquote')).toHaveTextContent(
      'Als Rolle möchte ich Ziel oder Wunsch, damit Nutzen.',
    );
    expect(container.textContent).not.toMatch(/^>|\*\*|(^|\s)> /m);
  });

  it('never turns a text into markup', () => {
    const { container } = render(<Markdown source={'> <img src=x onerror=alert(1)>'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('blockquote')).toHaveTextContent('<img src=x onerror=alert(1)>');
  });
});
