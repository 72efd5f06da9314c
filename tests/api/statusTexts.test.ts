import { describe, expect, test } from 'vitest';
import en from '../../generated/i18n/en.json';
import { entities, pages } from '../support/contract';

/**
 * The status groups and texts of enterprise-management.md §4, quoted: each group is the coded
 * field of the records it names, and each text the English label of a status some record or chart
 * shows. (Procurement and bid groups are also held by tests/api/tender.test.ts.)
 */
const label = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

/** The codes of a field of an entity, with the labels of its enumeration. */
function statuses(entity: string, field: string): { codes: unknown[]; labels: unknown[] } {
  const property = entities[entity]?.properties?.[field];
  const codes = property?.enum ?? [];
  return { codes, labels: codes.map((code) => label(`enums.${String(property?.['x-enum'])}.${String(code)}`)) };
}

/** Whether a record's field or a chart shows the code of the enumeration. */
function shown(enumName: string, code: string): boolean {
  const byRecord = Object.values(entities).some((schema) =>
    Object.values(schema.properties ?? {}).some(
      (property) => property['x-enum'] === enumName && (property.enum ?? []).map(String).includes(code),
    ),
  );
  const byChart = pages.some((page) =>
    page.charts?.panels.some((panel) => 'categoryEnum' in panel && panel.categoryEnum === enumName),
  );
  return byRecord || byChart;
}

describe('the status groups of §4', () => {
  test.each([
    // [group as §4 names it, its members as §4 writes them, the entity and field holding them, their codes]
    ['Approval', 'pending, agreed, rejected, canceled', 'approval', 'state', ['pending', 'agreed', 'rejected', 'canceled']],
    ['Approval', 'pending, agreed, rejected, canceled', 'expenditure', 'state', ['pending', 'agreed', 'rejected', 'canceled']],
    [
      'Approval',
      'pending, agreed, rejected, canceled',
      'leaveApplication',
      'state',
      ['pending', 'agreed', 'rejected', 'canceled'],
    ],
    [
      'Procurement',
      'to be procured, being procured, on hold, completed',
      'procurement',
      'status',
      ['toBeProcured', 'beingProcured', 'onHold', 'completed'],
    ],
    ['Quotation', 'pending, replied', 'rfq', 'status', ['pending', 'replied']],
    ['Bid', 'ongoing, winning (won), failed, unawarded', 'tender', 'status', ['ongoing', 'won', 'failed', 'unawarded']],
    ['Account activation', 'active, inactive', 'user', 'accountActive', [true, false]],
    [
      'Contract lists',
      'pending signature, signed, completed, deleted',
      'contractFile',
      'status',
      ['pendingSignature', 'signed', 'completed', 'deleted'],
    ],
  ])('%s (%s) is %s.%s with the codes %j', (_group, _members, entity, field, codes) => {
    expect(statuses(entity, field).codes).toEqual(codes);
  });

  test.each([
    ['Procurement', ['To be procured', 'Being procured', 'Purchase on hold', 'Procurement completed'], 'procurement', 'status'],
    ['Bid', ['Ongoing', 'Won', 'Failed', 'Unawarded'], 'tender', 'status'],
    ['Account activation', ['Active', 'Inactive'], 'user', 'accountActive'],
    ['Contract lists', ['Pending signature', 'Signed', 'Completed', 'Deleted'], 'contractFile', 'status'],
    ['Quotation', ['Pending', 'Replied'], 'rfq', 'status'],
    ['Approval (the approver’s list)', ['Pending approval', 'Agreed', 'Rejected', 'Canceled'], 'approval', 'state'],
    ['Approval (the applicant’s leave)', ['Under approval', 'Agreed', 'Rejected', 'Canceled'], 'leaveApplication', 'state'],
    ['Approval (the applicant’s expenditure)', ['Under approval', 'Agreed', 'Rejected', 'Canceled'], 'expenditure', 'state'],
  ])('%s reads %j', (_group, texts, entity, field) => {
    expect(statuses(entity, field).labels).toEqual(texts);
  });
});

describe('the status texts of §4', () => {
  test.each([
    ['Unconfirmed', 'emsAssetGuardEventStatus', 'unconfirmed'],
    ['Planning', 'crmPlanStatus', 'planning'],
    ['Completed', 'crmPlanStatus', 'completed'],
    ['Agreed', 'oaApprovalState', 'agreed'],
    ['Rejected', 'oaApprovalState', 'rejected'],
    ['Pending approval', 'oaApprovalState', 'pending'],
    ['Canceled', 'oaApprovalState', 'canceled'],
    ['Unprocessed', 'oaProblemState', 'unprocessed'],
    ['Processing', 'oaProblemState', 'processing'],
    ['Bid opening', 'tenderFunnelStage', 'decided'],
    ['Under approval', 'oaApplicationState', 'pending'],
    ['To be procured', 'procurementStatus', 'toBeProcured'],
    ['Being procured', 'procurementStatus', 'beingProcured'],
    ['Purchase on hold', 'procurementStatus', 'onHold'],
    ['Procurement completed', 'procurementStatus', 'completed'],
  ])("'%s' is the label of %s %s, which a record or a chart shows", (text, enumName, code) => {
    expect(label(`enums.${enumName}.${code}`)).toBe(text);
    expect(shown(enumName, code)).toBe(true);
  });
});
