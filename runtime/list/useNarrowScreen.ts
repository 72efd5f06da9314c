import { Grid } from 'antd';

/**
 * Whether the window is narrower than a tablet (Ant Design's `md` breakpoint, 768 px): a phone,
 * where a list shows a card per record and folds its filters. A window that answers no media query
 * at all (a test's document) is taken as wide.
 */
export function useNarrowScreen(): boolean {
  const screens = Grid.useBreakpoint();
  return screens.md === false && (screens.xs === true || screens.sm === true);
}
