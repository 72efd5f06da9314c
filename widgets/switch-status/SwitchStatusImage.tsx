import { useTranslation } from 'react-i18next';
import { switchStatusCode, switchStatusLabelKey } from './codes';
import { SWITCH_STATUS_COLORS, SWITCH_STATUS_DRAWINGS } from './images';

export interface SwitchStatusImageProps {
  /** The status code (a signal's value); a value without an image shows 10, unknown. */
  code: unknown;
  /** Width and height, px. */
  size?: number;
}

/** The image of a switch's status, named by its label for screen readers (role img). */
export function SwitchStatusImage({ code, size = 40 }: SwitchStatusImageProps) {
  const { t } = useTranslation();
  const known = switchStatusCode(code);
  return (
    <svg
      role="img"
      aria-label={t(switchStatusLabelKey(known))}
      data-code={known}
      viewBox="0 0 48 48"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      style={{ color: SWITCH_STATUS_COLORS[known], flex: 'none' }}
    >
      {SWITCH_STATUS_DRAWINGS[known]}
    </svg>
  );
}
