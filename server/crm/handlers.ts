import type { Handler } from '../http/services';
import { cityHandlers } from './cities';
import { customerHandlers } from './customers';
import { mallHandlers } from './mall';
import { newsHandlers } from './news';
import { vehicleHandlers } from './vehicles';
import { videoHandlers } from './videos';

/** Named handlers of the customer relations area: customers, vehicles, news comments, the points mall, video courses. */
export const crmHandlers: Record<string, Handler> = {
  ...customerHandlers,
  ...cityHandlers,
  ...vehicleHandlers,
  ...newsHandlers,
  ...mallHandlers,
  ...videoHandlers,
};
