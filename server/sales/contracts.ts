import type { Handler } from '../http/services';
import { resourceHandler } from '../resources/handlers';

/**
 * The list of the contracts in one state: the generic list of the contract repository with the
 * state fixed (its filters, sort and paging are those the operation declares).
 */
function contractsIn(status: string): Handler {
  return (call) => resourceHandler(call.operation, { entity: 'contractFile', action: 'list', where: { status } })(call);
}

/** `GET contractfile/<state>/page`: the four contract lists. */
export const contractHandlers: Record<string, Handler> = {
  getContractFilePendingSignaturePage: contractsIn('pendingSignature'),
  getContractFileSignedPage: contractsIn('signed'),
  getContractFileCompletedPage: contractsIn('completed'),
  getContractFileDeletedPage: contractsIn('deleted'),
};
