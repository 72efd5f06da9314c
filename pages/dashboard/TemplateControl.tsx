import { AppstoreOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { lazyScreen } from '../../runtime/shell/lazyScreen';
import type { TemplateDrawerProps } from './TemplateDrawer';
import { useLazyPanel, type LazyPanelProps } from './useLazyPanel';

/** The drawer loads when it is about to open: the dashboard shown never needs it. */
const TemplateDrawer = lazyScreen<TemplateDrawerProps>(() =>
  import('./TemplateDrawer').then((module) => ({ default: module.TemplateDrawer })),
);

export type TemplateControlProps = Omit<TemplateDrawerProps, keyof LazyPanelProps>;

/**
 * The Template control of the dashboard: a drawer saying which template the station follows
 * (its version, the current one, its overrides), to edit that template, detach from it or follow
 * one; to make a template of this dashboard; and, for the template in view, its stations with how
 * each stands (follows, overrides, conflicts, detached), and stations of the kind to attach.
 */
export function TemplateControl(props: TemplateControlProps) {
  const { t } = useTranslation();
  const drawer = useLazyPanel(TemplateDrawer);
  return (
    <>
      <Button icon={<AppstoreOutlined />} {...drawer.trigger}>
        {t('dashboard.templates.open')}
      </Button>
      {drawer.rendered ? <TemplateDrawer {...props} open={drawer.open} onClose={drawer.close} /> : null}
    </>
  );
}
