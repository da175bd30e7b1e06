// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { polarityChartMarkup, type ProfileRow } from '../../core/index.ts';

afterEach(cleanup);

/** The chart as React drew it from JSX before it became markup: the reference for the markup. */
function JsxChart({ rows, label }: { rows: ProfileRow[]; label: string }) {
  const width = 150 * 2 + 280;
  const height = rows.length * 34 + 10;
  const x = (value: number) => 150 + ((value + 3) / 6) * 280;
  const y = (index: number) => index * 34 + 34 / 2 + 5;
  const line = rows.map((row, index) => `${x(row.value)},${y(index)}`).join(' ');
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      preserveAspectRatio="xMidYMin meet"
    >
      {rows.map((row, index) => (
        <g key={row.key}>
          <text x={150 - 12} y={y(index) + 4} textAnchor="end" className="chart-pole">
            {row.left}
          </text>
          <text x={150 + 280 + 12} y={y(index) + 4} className="chart-pole">
            {row.right}
          </text>
          <line x1={x(-3)} x2={x(3)} y1={y(index)} y2={y(index)} className="chart-axis" />
          {[-3, -2, -1, 0, 1, 2, 3].map((point) => (
            <circle
              key={point}
              cx={x(point)}
              cy={y(index)}
              r={point === 0 ? 3.5 : 2.5}
              className="chart-tick"
            />
          ))}
        </g>
      ))}
      <line x1={x(0)} x2={x(0)} y1={4} y2={height - 4} className="chart-center" />
      {rows.length > 1 ? <polyline points={line} className="chart-line" /> : null}
      {rows.map((row, index) => (
        <circle key={row.key} cx={x(row.value)} cy={y(index)} r={7} className="chart-point" />
      ))}
    </svg>
  );
}

function expectSame(rows: ProfileRow[], label: string) {
  const { getByTestId } = render(
    <>
      <figure data-testid="jsx">
        <JsxChart rows={rows} label={label} />
      </figure>
      <figure
        data-testid="markup"
        dangerouslySetInnerHTML={{ __html: polarityChartMarkup(rows, label) }}
      />
    </>,
  );
  const markup = getByTestId('markup');
  expect(markup.innerHTML).toBe(getByTestId('jsx').innerHTML);
  expect(markup.querySelector('svg')?.namespaceURI).toBe('http://www.w3.org/2000/svg');
  cleanup();
}

const row = (key: string, value: number, left = 'traditionell', right = 'modern'): ProfileRow => ({
  key,
  left,
  right,
  value,
});

describe('polarityChartMarkup', () => {
  it('draws the same SVG as the JSX chart for one row and for every point of the scale', () => {
    expectSame([row('a', 3)], 'Profil: Die Marke ist ganz klar modern.');
    expectSame(
      [-3, -2, -1, 0, 1, 2, 3].map((value) => row(`r${value}`, value)),
      'Polaritätenprofil: sieben Zeilen',
    );
  });

  it('escapes the poles and the label', () => {
    expectSame(
      [
        row('a', -1, '<b>laut</b> & "grell"', "leise'"),
        row('b', 2, 'A&amp;B', '</svg><img src=x>'),
      ],
      'Profil: „<script>“ & "Zitat"',
    );
    const figure = document.createElement('figure');
    figure.innerHTML = polarityChartMarkup([row('a', 0, '<img src=x>', 'y')], '<img src=x>');
    expect(figure.querySelector('img')).toBeNull();
    expect(figure.querySelector('text')?.textContent).toBe('<img src=x>');
  });
});
