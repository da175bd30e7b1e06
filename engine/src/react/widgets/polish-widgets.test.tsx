// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { WidgetProps } from '@rjsf/utils';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { badgeTone, itemCardMarkup } from '../../core/index.ts';
import { ItemCard } from '../list/item-card.tsx';
import { renderWithTexts, testDefinition } from '../test/render.tsx';
import { PolarityWidget } from './polarity-widget.tsx';
import { COUNTER_FROM, nearLimit, TextareaWidget } from './textarea-widget.tsx';

afterEach(cleanup);

/** The props rjsf hands a widget, with what a test sets. */
function widgetProps(props: Partial<WidgetProps>): WidgetProps {
  return {
    id: 'root_field',
    name: 'field',
    label: 'Feld',
    value: undefined,
    required: false,
    disabled: false,
    readonly: false,
    autofocus: false,
    placeholder: '',
    options: {},
    schema: { type: 'string' },
    uiSchema: {},
    rawErrors: [],
    onChange: vi.fn(),
    onBlur: vi.fn(),
    onFocus: vi.fn(),
    registry: {} as WidgetProps['registry'],
    ...props,
  } as WidgetProps;
}

describe('character counter of long text fields', () => {
  const schema = { type: 'string', maxLength: 5000 } as const;

  it('counts code points, as the schema check does, and only near the limit', () => {
    expect(nearLimit('x'.repeat(3999), 5000)).toBeUndefined();
    expect(nearLimit('x'.repeat(4000), 5000)).toBe(4000);
    // 4001 UTF-16 units, but 2001 characters: far from the limit.
    expect(nearLimit('😀'.repeat(2000) + 'x', 5000)).toBeUndefined();
    expect(nearLimit('x'.repeat(10), undefined)).toBeUndefined();
    expect(COUNTER_FROM).toBe(0.8);
  });

  it('shows nothing while the text is short', () => {
    renderWithTexts(<TextareaWidget {...widgetProps({ schema, value: 'kurz' })} />);
    expect(screen.queryByText(/Zeichen$/)).toBeNull();
    expect(screen.getByRole('textbox')).not.toHaveAttribute('aria-describedby');
  });

  it('shows a quiet count with thousands separators from 80 % of maxLength on', () => {
    renderWithTexts(<TextareaWidget {...widgetProps({ schema, value: 'x'.repeat(4100) })} />);
    const counter = screen.getByText('4.100 von 5.000 Zeichen');
    expect(counter).toHaveClass('char-count');
    expect(counter).not.toHaveClass('is-over');
    expect(screen.getByRole('textbox')).toHaveAccessibleDescription('4.100 von 5.000 Zeichen');
  });

  it('marks the count once the text is over the limit', () => {
    renderWithTexts(<TextareaWidget {...widgetProps({ schema, value: 'x'.repeat(5012) })} />);
    expect(screen.getByText('5.012 von 5.000 Zeichen')).toHaveClass('char-count', 'is-over');
  });
});

describe('polarity row keeps its height', () => {
  const schema = { type: ['integer', 'null'], 'x-poles': ['laut', 'leise'] } as never;

  it('without a choice the clear button keeps its place, hidden and out of reach', () => {
    renderWithTexts(<PolarityWidget {...widgetProps({ schema })} />);
    expect(screen.queryByRole('button', { name: 'Auswahl entfernen' })).toBeNull();
    const idle = document.querySelector('.polarity-clear')!;
    expect(idle).toHaveClass('is-idle');
    expect(idle).toHaveAttribute('tabindex', '-1');
  });

  it('with a choice the same button shows and clears', () => {
    const onChange = vi.fn();
    renderWithTexts(<PolarityWidget {...widgetProps({ schema, value: 2, onChange })} />);
    const button = screen.getByRole('button', { name: 'Auswahl entfernen' });
    expect(button).not.toHaveClass('is-idle');
    fireEvent.click(button);
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('the stylesheet hides the idle button without removing its box', () => {
    const css = readFileSync(path.join(import.meta.dirname, 'widgets.css'), 'utf8');
    expect(css).toMatch(/\.polarity-clear\.is-idle\s*\{\s*visibility:\s*hidden;\s*\}/);
  });
});

describe('priority badges', () => {
  const stories = testDefinition.steps.find((step) => step.meta.key === 'people')!;
  const priorities = (stories.schema.properties as Record<string, { enum: string[] }>).priority!
    .enum;

  it('take their tone from the position of the value in the options', () => {
    expect(priorities.map((value) => badgeTone(stories.schema, 'priority', value))).toEqual(
      priorities.map((_, index) => (index % 4) + 1),
    );
    expect(badgeTone(stories.schema, 'priority', 'unknown')).toBeUndefined();
  });

  it('each priority gets its own tone, with its text, in the list and in the results markup', () => {
    const tones = priorities.map((priority) => {
      const item = { id: priority, version: 1, name: 'Anna', job_definition: 'x', priority };
      renderWithTexts(<ItemCard definition={testDefinition} step={stories} item={item} />);
      const badge = document.querySelector('.badge')!;
      expect(badge.textContent).not.toBe('');
      const markup = itemCardMarkup(testDefinition, stories, item, {
        rating: () => '',
        openLink: '',
      });
      expect(markup).toContain(
        `<span class="badge" data-tone="${badge.getAttribute('data-tone')}">${badge.textContent}</span>`,
      );
      cleanup();
      return badge.getAttribute('data-tone');
    });
    expect(new Set(tones).size).toBe(priorities.length);
  });

  /** WCAG relative luminance of `#rrggbb`. */
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((start) => {
      const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const contrast = (one: string, two: string) => {
    const [light, dark] = [luminance(one), luminance(two)].sort((a, b) => b - a);
    return (light! + 0.05) / (dark! + 0.05);
  };

  it('every tone has text on it at a contrast of at least 4.5:1, and the tones differ', () => {
    const tokens = readFileSync(path.join(import.meta.dirname, '../tokens.css'), 'utf8');
    const token = (name: string) =>
      new RegExp(`--${name}:\\s*(#[0-9a-f]{6});`, 'i').exec(tokens)?.[1];
    const backgrounds = new Set<string>();
    for (const tone of [1, 2, 3, 4]) {
      const background = token(`fw-badge-${tone}`)!;
      const ink = token(`fw-badge-${tone}-ink`)!;
      expect(background).toBeDefined();
      expect(contrast(background, ink)).toBeGreaterThanOrEqual(4.5);
      backgrounds.add(background);
    }
    expect(backgrounds.size).toBe(4);
  });
});
