import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageSchema } from '../../generated/meta';
import { label } from '../i18n/labels';
import { useCallAnswer } from './useCallAnswer';

const NO_INPUT = {};

/**
 * The line under a page's title saying what a call answers about the signed-in user (`notice` of
 * its schema: whether they take part in the rankings), labelled `pages.<page>.notice.<yes or no>`.
 * Nothing until the answer comes; the server's message when the call fails.
 */
export function PageNotice({ page, notice }: { page: string; notice: NonNullable<PageSchema['notice']> }) {
  const { t } = useTranslation();
  const answer = useCallAnswer<Record<string, unknown>>(notice.call, NO_INPUT);
  if (answer.error) return <Alert type="error" showIcon message={answer.error} />;
  const value = answer.data?.[notice.field];
  if (typeof value !== 'boolean') return null;
  return <Alert type={value ? 'success' : 'info'} showIcon message={label(t, `pages.${page}.notice.${String(value)}`)} />;
}
