import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { WeatherCondition } from '../../generated/types';
import { enumLabel } from '../../runtime';

const SUN = '#FAAD14';
const CLOUD = '#8C8C8C';
const RAIN = '#1677FF';

const cloud = (fill: string) => (
  <path d="M15 36h19a8 8 0 0 0 0-16 11 11 0 0 0-21 3 6.5 6.5 0 0 0 2 13Z" fill={fill} stroke={CLOUD} strokeWidth={2} />
);

/** A drawing of each sky, in a 48 × 48 box. */
const DRAWINGS: Record<WeatherCondition, ReactElement> = {
  sunny: (
    <>
      <circle cx="24" cy="24" r="9" fill={SUN} />
      <path
        d="M24 6v5M24 37v5M6 24h5M37 24h5M11.3 11.3l3.5 3.5M33.2 33.2l3.5 3.5M11.3 36.7l3.5-3.5M33.2 14.8l3.5-3.5"
        stroke={SUN}
        strokeWidth={3}
        strokeLinecap="round"
      />
    </>
  ),
  cloudy: (
    <>
      <circle cx="17" cy="17" r="7" fill={SUN} />
      {cloud('#D9D9D9')}
    </>
  ),
  rain: (
    <>
      {cloud('#BFBFBF')}
      <path d="M17 39l-2 5M25 39l-2 5M33 39l-2 5" stroke={RAIN} strokeWidth={2.5} strokeLinecap="round" />
    </>
  ),
};

/** The picture of a sky, named by its label. */
export function ConditionIcon({ condition, size = 48 }: { condition: WeatherCondition; size?: number }) {
  const { t } = useTranslation();
  return (
    <svg
      role="img"
      aria-label={enumLabel(t, 'weatherCondition', condition)}
      viewBox="0 0 48 48"
      width={size}
      height={size}
      style={{ flex: 'none' }}
    >
      {DRAWINGS[condition] ?? DRAWINGS.cloudy}
    </svg>
  );
}
