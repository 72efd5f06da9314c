import { captcha, emsToken, login, oauthToken } from '../auth/handlers';
import type { Operation } from '../contract';
import { download, upload, uploadReturnUrl } from '../files/handlers';
import { resourceHandler } from '../resources/handlers';
import {
  changePassword,
  deleteUser,
  getInquiryPeople,
  getPermissions,
  getPrincipal,
  menu,
  menuNames,
  resetPassword,
  roles,
  savePermissions,
  saveUser,
  switchTenant,
  updateInfo,
  updateUser,
} from '../users/handlers';
import type { Handler } from './services';

/** Handlers of calls with behaviour beyond CRUD, by the `x-handler` name in `openapi/`. */
const NAMED: Record<string, Handler> = {
  oauthToken,
  login,
  captcha,
  emsToken,
  principal: getPrincipal,
  updateInfo,
  changePassword,
  switchTenant,
  menuNames,
  menu,
  inquiryPeople: getInquiryPeople,
  roles,
  saveUser,
  updateUser,
  deleteUser,
  resetPassword,
  getPermissions,
  savePermissions,
  upload,
  uploadReturnUrl,
  download,
};

/** The handler of an operation; the server does not start while a documented call has none. */
export function handlerFor(operation: Operation): Handler {
  if (operation.resource) return resourceHandler(operation, operation.resource);
  const named = operation.handler ? NAMED[operation.handler] : undefined;
  if (!named) throw new Error(`${operation.operationId}: no handler named ${String(operation.handler)}`);
  return named;
}
