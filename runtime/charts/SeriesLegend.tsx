import { Typography } from 'antd';
import type { ReactNode } from 'react';

export interface LegendEntry {
  key: string | number;
  name: string;
  color: string;
  /** The entry's figure, printed after its name. */
  figure?: ReactNode;
}

/**
 * The series of a chart as text (a chart is a picture to a screen reader and to a test): each
 * with its colour (a square for bars, a stroke for lines), its name and its figure.
 */
export function SeriesLegend({ label, entries, marker }: { label: string; entries: LegendEntry[]; marker: 'square' | 'line' }) {
  const swatch = marker === 'square' ? { width: 10, height: 10, borderRadius: 2 } : { width: 12, height: 3 };
  return (
    <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 12 }}>
      {entries.map((entry) => (
        <li key={entry.key} aria-label={entry.name} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
          <span aria-hidden style={{ ...swatch, background: entry.color, flex: 'none' }} />
          <Typography.Text>{entry.name}</Typography.Text>
          {entry.figure !== undefined ? <Typography.Text strong>{entry.figure}</Typography.Text> : null}
        </li>
      ))}
    </ul>
  );
}
