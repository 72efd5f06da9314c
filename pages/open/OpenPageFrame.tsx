import { Alert, Layout, Space, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PreferenceSwitches } from '../../runtime/shell/PreferenceSwitches';

export interface OpenPageFrameProps {
  /** The link's token, as the address carries it; without one the page only says where it opens from. */
  token: string;
  /** Nothing to show yet: the first answer is on its way (a page asked again keeps showing what it has). */
  loading: boolean;
  error?: string;
  children: ReactNode;
}

/**
 * The frame of a page opened from a link, without sign-in and without the app's menu: the language
 * and theme switches, then the page, or the server's word on the link (not valid, expired).
 */
export function OpenPageFrame({ token, loading, error, children }: OpenPageFrameProps) {
  const { t } = useTranslation();
  const body = !token ? (
    <Alert type="warning" showIcon message={t('openLinks.noToken')} />
  ) : error ? (
    <Alert type="error" showIcon message={error} />
  ) : loading ? (
    <Spin style={{ display: 'block', margin: 64 }} />
  ) : (
    children
  );
  return (
    <Layout style={{ minHeight: '100vh', alignItems: 'center', padding: '24px 12px' }}>
      <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 960 }}>
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <PreferenceSwitches />
        </Space>
        {body}
      </Space>
    </Layout>
  );
}
