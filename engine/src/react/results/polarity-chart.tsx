import type { ProfileRow } from '../../core/index.ts';

const ROW = 34;
const LABEL = 150;
const SCALE = 280;
const POINTS = [-3, -2, -1, 0, 1, 2, 3];

/**
 * The polarity profile as a line across the answered attributes: both poles as text, a scale of
 * seven points per row, the chosen point filled and joined to the next row's. Drawn in black and
 * grey so it prints legibly without colour.
 */
export function PolarityChart({ rows, label }: { rows: ProfileRow[]; label: string }) {
  const width = LABEL * 2 + SCALE;
  const height = rows.length * ROW + 10;
  const x = (value: number) => LABEL + ((value + 3) / 6) * SCALE;
  const y = (index: number) => index * ROW + ROW / 2 + 5;
  const line = rows.map((row, index) => `${x(row.value)},${y(index)}`).join(' ');
  return (
    <figure className="polarity-chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={label}
        preserveAspectRatio="xMidYMin meet"
      >
        {rows.map((row, index) => (
          <g key={row.key}>
            <text x={LABEL - 12} y={y(index) + 4} textAnchor="end" className="chart-pole">
              {row.left}
            </text>
            <text x={LABEL + SCALE + 12} y={y(index) + 4} className="chart-pole">
              {row.right}
            </text>
            <line x1={x(-3)} x2={x(3)} y1={y(index)} y2={y(index)} className="chart-axis" />
            {POINTS.map((point) => (
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
    </figure>
  );
}
