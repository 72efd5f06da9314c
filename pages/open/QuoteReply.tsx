import { Alert, Button, Card, Form, Input, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError, useRuntime } from '../../runtime';
import type { OpenQuotation } from '../../generated/types';

/** Longest comment the server takes. */
const COMMENT_MAX = 1000;

export interface QuoteReplyProps {
  token: string;
  quote: OpenQuotation;
  /** The quotation as the server answers it after the reply. */
  onReplied(quote: OpenQuotation): void;
  /** The server refused the reply as the quotation is no longer pending: read it again. */
  onStale(): void;
}

interface ReplyValues {
  decision: 'accepted' | 'declined';
  comment?: string;
}

/**
 * The customer's reply: accept or decline, with a comment, once. After it (or when it was already
 * replied, from another tab perhaps: the server's 409) the reply on record is shown.
 */
export function QuoteReply({ token, quote, onReplied, onStale }: QuoteReplyProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);

  const refusal = error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} /> : null;
  if (quote.status === 'replied') {
    return (
      <Card title={t('openLinks.quotation.yourReply')}>
        {refusal}
        {sent ? <Alert type="success" showIcon message={t('openLinks.quotation.sent')} style={{ marginBottom: 12 }} /> : null}
        <Typography.Paragraph strong>
          {t('openLinks.quotation.repliedWith', {
            decision: quote.replyDecision
              ? t(`enums.salesQuoteReplyDecision.${quote.replyDecision}`)
              : t('enums.salesQuoteStatus.replied'),
          })}
        </Typography.Paragraph>
        {quote.replyContent ? (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{quote.replyContent}</Typography.Paragraph>
        ) : null}
      </Card>
    );
  }

  const send = async (values: ReplyValues) => {
    setBusy(true);
    setError(undefined);
    try {
      const body = { token, decision: values.decision, ...(values.comment?.trim() ? { comment: values.comment.trim() } : {}) };
      const replied = await api.call('replyOpenQuotation', { body }, { silent: true });
      setSent(true);
      onReplied(replied as OpenQuotation);
    } catch (failure) {
      setError(failure instanceof ApiCallError ? failure.message : String(failure));
      if (failure instanceof ApiCallError && failure.status === 409) onStale();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('openLinks.quotation.yourReply')}>
      {refusal}
      <Form<ReplyValues> layout="vertical" onFinish={(values) => void send(values)} disabled={busy}>
        <Form.Item
          name="decision"
          label={t('openLinks.quotation.decision')}
          rules={[{ required: true, message: t('openLinks.quotation.decision') }]}
        >
          <Radio.Group
            options={(['accepted', 'declined'] as const).map((value) => ({
              value,
              label: t(`enums.salesQuoteReplyDecision.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="comment" label={t('openLinks.quotation.comment')}>
          <Input.TextArea rows={3} maxLength={COMMENT_MAX} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('openLinks.quotation.send')}
        </Button>
      </Form>
    </Card>
  );
}
