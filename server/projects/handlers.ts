import type { Handler } from '../http/services';
import { boardHandlers } from './board';
import { earnedValueHandlers } from './earnedValue';
import { energyHandlers } from './energy';
import { forecastHandlers } from './forecasts';
import { siteHandlers } from './sites';

/** The named handlers of execution sites, projects and their board, by their `x-handler` name. */
export const projectHandlers: Record<string, Handler> = {
  ...siteHandlers,
  ...boardHandlers,
  ...energyHandlers,
  ...earnedValueHandlers,
  ...forecastHandlers,
};
