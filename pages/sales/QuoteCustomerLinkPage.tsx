import { Alert, Card, Descriptions, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useScreenSearch } from '../../runtime/shell/screenLocation';
import { formatMoney } from '../../runtime/format/money';
import { useCallAnswer } from '../../runtime/list/useCallAnswer';
import { ScreenHeader } from '../../runtime/shell/ScreenHeader';
import { LinkField } from '../open/LinkField';
import { useIssuedLink } from '../open/useIssuedLink';

interface Quote {
  quoteNo: string;
  name: string;
  customerName?: string;
  totalAmount?: number;
  status: 'draft' | 'pending' | 'replied';
}

/**
 * The customer link of a quotation, opened from its row: a new link (its token holds 30 days) to
 * copy into a message to the customer, who opens it without signing in at /quotation.
 */
export function QuoteCustomerLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useScreenSearch()[0].get('id'));
  const quote = useCallAnswer<Quote>('getQuoteById', id > 0 ? { query: { id } } : undefined);
  const link = useIssuedLink('createQuoteLink', id, '/quotation');
  const error = quote.error ?? link.error;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
      <ScreenHeader title={t('routes.QuoteCustomerLink.title')} onClose={() => void navigate(-1)} />
      {error ? <Alert type="error" showIcon message={error} /> : null}
      {quote.data ? (
        <Card>
          <Descriptions column={{ xs: 1, sm: 2 }} size="small">
            <Descriptions.Item label={t('entities.quote.fields.quoteNo')}>{quote.data.quoteNo}</Descriptions.Item>
            <Descriptions.Item label={t('entities.quote.fields.name')}>{quote.data.name}</Descriptions.Item>
            <Descriptions.Item label={t('entities.quote.fields.customerName')}>{quote.data.customerName}</Descriptions.Item>
            <Descriptions.Item label={t('entities.quote.fields.totalAmount')}>
              {quote.data.totalAmount === undefined ? '--' : formatMoney(quote.data.totalAmount)}
            </Descriptions.Item>
            <Descriptions.Item label={t('entities.quote.fields.status')}>
              <Tag>{t(`enums.salesQuoteStatus.${quote.data.status}`)}</Tag>
            </Descriptions.Item>
          </Descriptions>
        </Card>
      ) : null}
      {quote.data?.status === 'draft' ? <Alert type="warning" showIcon message={t('openLinks.staff.draftHint')} /> : null}
      <Typography.Paragraph type="secondary">{t('openLinks.staff.quoteIntro')}</Typography.Paragraph>
      {link.address ? <LinkField address={link.address} expiresAt={link.expiresAt} /> : error ? null : <Spin />}
    </Space>
  );
}
