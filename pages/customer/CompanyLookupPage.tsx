import { Alert, App, Button, Card, Descriptions, Space, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabel, useRuntime } from '../../runtime';
import { FormPage } from '../../runtime/forms/FormPage';

interface CompanyInfo {
  taxNumber: string;
  found: boolean;
  name: string | null;
  legalPerson: string | null;
  registeredCapital: string | null;
  establishDate: string | null;
  registryStatus: string | null;
  city: string | null;
  address: string | null;
  businessScope: string | null;
  customerId: number | null;
  ownerName: string | null;
}

/** What the registry says of a company, in the order a reader checks it. */
const REGISTRY_FIELDS = [
  'name',
  'legalPerson',
  'registeredCapital',
  'establishDate',
  'registryStatus',
  'city',
  'address',
  'businessScope',
] as const;

/**
 * Tax-number lookup: the company registry's entry of a tax number and whether the tenant has the
 * company as a customer already (whose, or in the pool, where the reader may take it).
 */
export function CompanyLookupPage() {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { message } = App.useApp();
  const [result, setResult] = useState<CompanyInfo>();
  const lookUp = useCallback(
    async (values: Record<string, unknown>) => {
      setResult((await api.callDynamic('youyouCustomerInfo', { body: values }, { silent: true })) as CompanyInfo);
    },
    [api],
  );
  const take = async (found: CompanyInfo) => {
    try {
      await api.callDynamic('intoCustomer', { body: { id: found.customerId } });
      void message.success(t('common.done'));
      await lookUp({ taxNumber: found.taxNumber });
    } catch {
      // The API client has shown the server's message (a colleague took it first).
    }
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <FormPage form="crmCompanyLookup" save={lookUp} submitText={t('lookup.submit')} />
      {result ? (
        <Card style={{ maxWidth: 720 }} title={result.taxNumber}>
          {result.found ? (
            <Descriptions
              column={1}
              size="small"
              items={REGISTRY_FIELDS.map((field) => ({
                key: field,
                label: t(`lookup.fields.${field}`),
                children:
                  field === 'registryStatus' && result.registryStatus
                    ? enumLabel(t, 'crmRegistryStatus', result.registryStatus)
                    : (result[field] ?? ''),
              }))}
            />
          ) : (
            <Alert type="info" showIcon message={t('lookup.notFound')} />
          )}
          <Space style={{ marginTop: 16 }}>
            <Typography.Text strong>
              {result.customerId === null
                ? t('lookup.notCustomer')
                : result.ownerName === null
                  ? t('lookup.inPool')
                  : t('lookup.ownedBy', { name: result.ownerName })}
            </Typography.Text>
            {result.customerId !== null && result.ownerName === null ? (
              <Button type="primary" onClick={() => void take(result)}>
                {t('actions.intoCustomer')}
              </Button>
            ) : null}
          </Space>
        </Card>
      ) : null}
    </Space>
  );
}
