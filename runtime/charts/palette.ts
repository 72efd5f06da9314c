/**
 * The chart colour list of 18 entries: every chart's series take their colours from it in order
 * (the first is the specification's default series blue). The same list serves both themes.
 */
export const SERIES_PALETTE = [
  '#409EFF',
  '#29BB9A',
  '#F96377',
  '#FAAD14',
  '#722ED1',
  '#13C2C2',
  '#F5222D',
  '#2F54EB',
  '#A0D911',
  '#EB2F96',
  '#FA8C16',
  '#1890FF',
  '#52C41A',
  '#FADB14',
  '#9254DE',
  '#36CFC9',
  '#FF7A45',
  '#597EF7',
] as const;

/** The colour of the n-th series. */
export const seriesColor = (index: number): string => SERIES_PALETTE[index % SERIES_PALETTE.length] ?? SERIES_PALETTE[0];
