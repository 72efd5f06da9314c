import type { TenantScope } from '../auth/context';
import { ApiError } from '../errors';
import type { EntityRecord } from '../resources/repository';
import type { Handler, Services } from '../http/services';
import { yuan } from '../sales/figures';
import { companyName, issueLink, resolveLink } from './links';

interface QuoteLine {
  productName: string;
  model?: string;
  unit?: string;
  quantity: number;
  unitPrice: number;
}

/** `POST quoteinfo/customerLink/{id}`: a new link for the customer of one of the tenant's quotations. */
export const createQuoteLink: Handler = async (call) => {
  const scope = call.scope();
  const quote = await call.services.repository.get(scope, 'quote', Number(call.params.id));
  return issueLink(call.services, scope, 'quote', Number(quote.id));
};

/** The quotation a link names, once it has been sent: a draft (never sent, or taken back) is not the customer's to see. */
async function sentQuote(services: Services, token: string): Promise<{ scope: TenantScope; quote: EntityRecord }> {
  const { scope, recordId } = await resolveLink(services, token, 'quote');
  const quote = await services.repository.get(scope, 'quote', recordId);
  if (quote.status === 'draft') throw new ApiError('notFound', { message: 'errors.openQuotationNotSent' });
  return { scope, quote };
}

/**
 * The quotation as its customer reads it: who quotes whom, the lines with their amounts and the
 * total. Budgeted costs, margins, the owner and internal notes stay inside.
 */
async function customerView(services: Services, scope: TenantScope, quote: EntityRecord) {
  const items = ((quote.items as QuoteLine[] | undefined) ?? []).map((line) => ({
    productName: line.productName,
    ...(line.model ? { model: line.model } : {}),
    ...(line.unit ? { unit: line.unit } : {}),
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    amount: yuan(line.quantity * line.unitPrice),
  }));
  const linesTotal = yuan(items.reduce((sum, line) => sum + line.amount, 0));
  return {
    company: await companyName(services, scope.tenantId),
    quoteNo: String(quote.quoteNo),
    name: String(quote.name),
    customerName: String(quote.customerName ?? ''),
    quoteDate: String(quote.createTime ?? '').slice(0, 10),
    ...(quote.validUntil ? { validUntil: String(quote.validUntil) } : {}),
    status: quote.status as 'pending' | 'replied',
    items,
    totalAmount: quote.totalAmount === undefined || quote.totalAmount === null ? linesTotal : Number(quote.totalAmount),
    ...(quote.replyDecision ? { replyDecision: quote.replyDecision } : {}),
    ...(quote.replyContent ? { replyContent: String(quote.replyContent) } : {}),
  };
}

/** `GET open/quotation`: the quotation a customer's link names. */
export const getOpenQuotation: Handler = async (call) => {
  const { scope, quote } = await sentQuote(call.services, String(call.query.token));
  call.reply.header('cache-control', 'no-store');
  return customerView(call.services, scope, quote);
};

/**
 * `POST open/quotation/reply`: the customer accepts or declines, with a comment; the quotation
 * moves to replied by its state machine, so a second reply is refused (409) and changes nothing.
 */
export const replyOpenQuotation: Handler = async (call) => {
  const body = call.body as { token: string; decision: 'accepted' | 'declined'; comment?: string };
  const { scope, quote } = await sentQuote(call.services, body.token);
  const comment = body.comment?.trim();
  const replied = await call.services.repository.transition(
    scope,
    'quote',
    Number(quote.id),
    'reply',
    comment ? { replyContent: comment } : {},
    { replyDecision: body.decision },
  );
  return customerView(call.services, scope, replied);
};

/** The named handlers of the quotation's open link, by their `x-handler` name. */
export const quotationLinkHandlers: Record<string, Handler> = { createQuoteLink, getOpenQuotation, replyOpenQuotation };
