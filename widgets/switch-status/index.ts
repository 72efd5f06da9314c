export { SWITCH_STATUS_CODES, switchStatusCode, switchStatusLabelKey, UNKNOWN_SWITCH_STATUS } from './codes';
export type { SwitchStatusCode } from './codes';
export { SWITCH_STATUS_COLORS } from './images';
export { SwitchStatusImage } from './SwitchStatusImage';
export type { SwitchStatusImageProps } from './SwitchStatusImage';
