import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

function Home() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => void navigate('/')}>
      {t('common.home')}
    </Button>
  );
}

/** What an unknown path shows, instead of a blank page. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return <Result status="404" title="404" subTitle={t('common.notFound')} extra={<Home />} />;
}

/** A route the user may not open (another tenant's, or without the permission). */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return <Result status="403" title="403" subTitle={t('http.403')} extra={<Home />} />;
}

/** A route of the tree whose screen is not built yet. */
export function NotAvailablePage({ title }: { title: string }) {
  const { t } = useTranslation();
  return <Result status="info" title={title} subTitle={t('common.notAvailable')} extra={<Home />} />;
}
