import type { Handler } from '../http/services';
import { alarmConfigHandlers } from './alarmConfig';
import { cameraHandlers } from './cameras';
import { menuHandlers } from './menus';

/** The named handlers of cameras, EMS execution and menus, and the alarm configuration, by their `x-handler` name. */
export const emsassetsHandlers: Record<string, Handler> = {
  ...cameraHandlers,
  ...menuHandlers,
  ...alarmConfigHandlers,
};
