import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import type { EntityRecord, Filter } from '../resources/repository';

/**
 * The approval steps that depend on who acts: only the assigned approver agrees or rejects, only
 * the applicant withdraws or submits again; and the lists of "my tasks", "approved by me" and
 * "copied to me". The state changes themselves go through the approval's state machine
 * (`x-states`), so a step from a state it does not start from is refused (409) the same way.
 */

interface PageQuery {
  current: number;
  size: number;
  kind?: string;
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
}

/** The employee record of the caller in the token's tenant (approvers and copies name employees). */
function employeeOf(call: CallContext): number {
  const employeeId = call.auth.user?.employeeId;
  if (!employeeId) throw new ApiError('forbidden');
  return employeeId;
}

/** A page of the tenant's approvals under the given conditions, filtered by kind when asked. */
async function approvalPage(call: CallContext, filters: Filter[]): Promise<unknown> {
  const { current, size, kind, sortField, sortOrder } = call.query as unknown as PageQuery;
  const page = await call.services.repository.list(call.scope(), 'approval', {
    filters: [...filters, ...(kind ? [{ field: 'kind', op: 'eq' as const, value: kind }] : [])],
    sortField: sortField ?? 'createTime',
    sortOrder: sortOrder ?? 'desc',
    current,
    size,
  });
  return { ...page, current, size };
}

/** `GET /act/task/todoPage`: the pending approvals assigned to the caller. */
export const todoTasks: Handler = (call) =>
  approvalPage(call, [
    { field: 'approverId', op: 'eq', value: employeeOf(call) },
    { field: 'state', op: 'eq', value: 'pending' },
  ]);

/** `GET /act/task/donePage`: the approvals the caller has agreed to or rejected. */
export const doneTasks: Handler = async (call) => {
  const employeeId = employeeOf(call);
  const { current, size, kind, sortField, sortOrder } = call.query as unknown as PageQuery;
  // Two states: one list call per state would page wrongly, so the rows are read whole and paged here.
  const all: EntityRecord[] = [];
  for (const state of ['agreed', 'rejected']) {
    for await (const batch of call.services.repository.each(call.scope(), 'approval', {
      filters: [
        { field: 'approverId', op: 'eq', value: employeeId },
        { field: 'state', op: 'eq', value: state },
        ...(kind ? [{ field: 'kind', op: 'eq' as const, value: kind }] : []),
      ],
      sortField: 'id',
      sortOrder: 'desc',
    }))
      all.push(...batch);
  }
  const field = sortField ?? 'createTime';
  const direction = sortOrder === 'asc' ? 1 : -1;
  all.sort((a, b) => {
    const [x, y] = [String(a[field] ?? ''), String(b[field] ?? '')];
    return (x < y ? -1 : x > y ? 1 : Number(a.id) - Number(b.id)) * direction;
  });
  return { records: all.slice((current - 1) * size, current * size), total: all.length, current, size };
};

/** `GET /manager/approval/copiedPage`: the approvals whose copy list names the caller. */
export const copiedApprovals: Handler = (call) =>
  // The copy list is stored as JSON text: `[{"userId":5},{"userId":12}]`; the closing brace keeps 5 from matching 51.
  approvalPage(call, [{ field: 'copyUsers', op: 'contains', value: `"userId":${employeeOf(call)}}` }]);

/**
 * Moves an application (an approval, an expenditure, a leave application) along its machine after
 * checking that the caller is the one who may take the step: its assigned approver, or its applicant.
 */
function step(entity: string, transition: string, who: 'approver' | 'applicant'): Handler {
  return async (call) => {
    const scope = call.scope();
    const { id, opinion } = call.body as { id: number; opinion?: string };
    const record = await call.services.repository.get(scope, entity, id);
    const allowed = who === 'approver' ? record.approverId === employeeOf(call) : record.applicantId === scope.userId;
    if (!allowed) throw new ApiError(who === 'approver' ? 'notApprover' : 'notApplicant');
    return call.services.repository.transition(scope, entity, id, transition, opinion === undefined ? {} : { opinion });
  };
}

export const approvalHandlers: Record<string, Handler> = {
  oaTodoTasks: todoTasks,
  oaDoneTasks: doneTasks,
  oaCopiedApprovals: copiedApprovals,
  oaApproveTask: step('approval', 'approve', 'approver'),
  oaRejectTask: step('approval', 'reject', 'approver'),
  oaWithdrawApproval: step('approval', 'withdraw', 'applicant'),
  oaResubmitApproval: step('approval', 'submit', 'applicant'),
  oaWithdrawExpendProcess: step('expenditure', 'withdraw', 'applicant'),
  oaResubmitExpendProcess: step('expenditure', 'submit', 'applicant'),
  oaWithdrawVacationProcess: step('leaveApplication', 'withdraw', 'applicant'),
  oaResubmitVacationProcess: step('leaveApplication', 'submit', 'applicant'),
};
