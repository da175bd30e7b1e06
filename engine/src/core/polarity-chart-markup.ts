import type { ProfileRow } from './prose.ts';
import { escapeMarkup } from './escape-markup.ts';

const ROW = 34;
const LABEL = 150;
const SCALE = 280;
const POINTS = [-3, -2, -1, 0, 1, 2, 3];

/**
 * The polarity profile as a line across the answered attributes: both poles as text, a scale of
 * seven points per row, the chosen point filled and joined to the next row's. Drawn in black and
 * grey so it prints legibly without colour. As markup, poles and label escaped: ~150 SVG elements
 * (a tenth of the results view's) that React made one fiber each for on the first render. Tested
 * against the same chart in JSX.
 */
export function polarityChartMarkup(rows: ProfileRow[], label: string): string {
  const width = LABEL * 2 + SCALE;
  const height = rows.length * ROW + 10;
  const x = (value: number) => LABEL + ((value + 3) / 6) * SCALE;
  const y = (index: number) => index * ROW + ROW / 2 + 5;
  const circle = (cx: number, cy: number, r: number, className: string) =>
    `<circle cx="${cx}" cy="${cy}" r="${r}" class="${className}"></circle>`;
  let markup = `<svg viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeMarkup(label)}" preserveAspectRatio="xMidYMin meet">`;
  rows.forEach((row, index) => {
    markup += `<g><text x="${LABEL - 12}" y="${y(index) + 4}" text-anchor="end" class="chart-pole">${escapeMarkup(row.left)}</text>`;
    markup += `<text x="${LABEL + SCALE + 12}" y="${y(index) + 4}" class="chart-pole">${escapeMarkup(row.right)}</text>`;
    markup += `<line x1="${x(-3)}" x2="${x(3)}" y1="${y(index)}" y2="${y(index)}" class="chart-axis"></line>`;
    for (const point of POINTS)
      markup += circle(x(point), y(index), point === 0 ? 3.5 : 2.5, 'chart-tick');
    markup += '</g>';
  });
  markup += `<line x1="${x(0)}" x2="${x(0)}" y1="4" y2="${height - 4}" class="chart-center"></line>`;
  if (rows.length > 1) {
    const line = rows.map((row, index) => `${x(row.value)},${y(index)}`).join(' ');
    markup += `<polyline points="${line}" class="chart-line"></polyline>`;
  }
  rows.forEach((row, index) => (markup += circle(x(row.value), y(index), 7, 'chart-point')));
  return `${markup}</svg>`;
}
