import { theme, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from './EChart';
import type { ChartOption } from './option';
import { useLand } from './useLand';

/** Read by a screen reader, not shown: the chart is a picture, the list says what it shows. */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};

export interface PlacesMapProps {
  /** The map (`placesOption`), drawn once the land outline is registered. */
  option: ChartOption;
  /** The chart's name as a picture. */
  label: string;
  /** What each marker is, for a screen reader. */
  names: string[];
  /** Those with no place to be drawn at, named under the map. */
  unplaced: string[];
  /** The map's box: a height, or its share of a column. */
  box: CSSProperties;
}

/** A map of places on the land outline, on the theme's ground, and the names of those without a place. */
export function PlacesMap({ option, label, names, unplaced, box }: PlacesMapProps) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const land = useLand();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', gap: 4 }}>
      <div
        style={{
          ...box,
          position: 'relative',
          overflow: 'hidden',
          borderRadius: token.borderRadius,
          background: token.colorFillQuaternary,
        }}
      >
        {land ? <EChart option={option} label={label} /> : null}
        <ul style={VISUALLY_HIDDEN}>
          {names.map((name, index) => (
            <li key={index}>{name}</li>
          ))}
        </ul>
      </div>
      {unplaced.length ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('common.withoutLocation', {
            names: new Intl.ListFormat(i18n.language === 'en' ? 'en' : 'zh', { type: 'unit' }).format(unplaced),
          })}
        </Typography.Text>
      ) : null}
    </div>
  );
}
