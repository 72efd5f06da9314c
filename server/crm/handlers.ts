import type { Handler } from '../http/services';
import { cityHandlers } from './cities';
import { customerHandlers } from './customers';
import { vehicleHandlers } from './vehicles';

/** Named handlers of the customer relations area: customers, vehicles, news comments, the points mall, video courses. */
export const crmHandlers: Record<string, Handler> = {
  ...customerHandlers,
  ...cityHandlers,
  ...vehicleHandlers,
};
