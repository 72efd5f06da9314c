import { Card, Descriptions, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenSearch } from '../../runtime/shell/screenLocation';
import type { OpenQuotation } from '../../generated/types';
import { formatMoney } from '../../runtime/format/money';
import { OpenPageFrame } from './OpenPageFrame';
import { QuoteReply } from './QuoteReply';
import { useCallAnswer } from '../../runtime/list/useCallAnswer';
import { ScrollBox } from '../../runtime/table/ScrollBox';

/** A line of the quotation. */
type QuoteLine = OpenQuotation['items'][number];

/**
 * `/quotation?token=...`: the page a customer opens from the link sent with a quotation, without
 * signing in: who quotes whom, the lines with their amounts and the total (never the costs), and,
 * while it waits for them, their reply.
 */
export function OpenQuotationPage() {
  const { t } = useTranslation();
  const token = useScreenSearch()[0].get('token') ?? '';
  const [version, setVersion] = useState(0);
  const answer = useCallAnswer<OpenQuotation>('getOpenQuotation', { query: { token } }, version);
  const quote = answer.data;
  const item = (field: string) => t(`entities.quote.itemFields.items.${field}`);
  return (
    <OpenPageFrame token={token} loading={answer.loading && !answer.data} error={answer.error}>
      {quote ? (
        <>
          <Card
            title={t('openLinks.quotation.title', { quoteNo: quote.quoteNo })}
            extra={<Tag color={quote.status === 'replied' ? 'green' : 'blue'}>{t(`enums.salesQuoteStatus.${quote.status}`)}</Tag>}
          >
            <Descriptions column={{ xs: 1, sm: 2 }} size="small" style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('openLinks.quotation.from')}>{quote.company}</Descriptions.Item>
              <Descriptions.Item label={t('openLinks.quotation.to')}>{quote.customerName}</Descriptions.Item>
              <Descriptions.Item label={t('entities.quote.fields.name')}>{quote.name}</Descriptions.Item>
              <Descriptions.Item label={t('openLinks.quotation.date')}>{quote.quoteDate}</Descriptions.Item>
              {quote.validUntil ? (
                <Descriptions.Item label={t('entities.quote.fields.validUntil')}>{quote.validUntil}</Descriptions.Item>
              ) : null}
            </Descriptions>
            <ScrollBox label={t('openLinks.quotation.title')}>
              <Table<QuoteLine>
                size="small"
                rowKey={(_line, index) => String(index)}
                pagination={false}
                dataSource={quote.items}
                columns={[
                  { key: 'productName', title: item('productName'), dataIndex: 'productName' },
                  { key: 'model', title: item('model'), dataIndex: 'model' },
                  { key: 'unit', title: item('unit'), dataIndex: 'unit' },
                  { key: 'quantity', title: item('quantity'), dataIndex: 'quantity', align: 'right' },
                  {
                    key: 'unitPrice',
                    title: item('unitPrice'),
                    align: 'right',
                    render: (_value, line) => formatMoney(line.unitPrice),
                  },
                  {
                    key: 'amount',
                    title: t('openLinks.quotation.amount'),
                    align: 'right',
                    render: (_value, line) => formatMoney(line.amount),
                  },
                ]}
                summary={() => (
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0} colSpan={5}>
                      <Typography.Text strong>{t('openLinks.quotation.total')}</Typography.Text>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right">
                      <Typography.Text strong aria-label={t('openLinks.quotation.total')}>
                        {formatMoney(quote.totalAmount)}
                      </Typography.Text>
                    </Table.Summary.Cell>
                  </Table.Summary.Row>
                )}
              />
            </ScrollBox>
          </Card>
          <QuoteReply token={token} quote={quote} onReplied={answer.setData} onStale={() => setVersion((v) => v + 1)} />
        </>
      ) : null}
    </OpenPageFrame>
  );
}
