import { ArrowRightOutlined } from '@ant-design/icons';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageSchema } from '../../generated/meta';
import { routes } from '../../generated/registry';
import { label } from '../i18n/labels';
import { useAccess } from '../shell/AccessContext';

/**
 * The other screens a page leads to (`links` of its schema), under its title: each named by its
 * route's title, and only those the user may open.
 */
export function PageLinks({ links }: { links: NonNullable<PageSchema['links']> }) {
  const { t } = useTranslation();
  const { allowed } = useAccess();
  const shown = links.flatMap(({ route: name }) => {
    const route = routes.find((entry) => entry.name === name);
    return route && allowed.has(name) ? [route] : [];
  });
  if (shown.length === 0) return null;
  return (
    <Space wrap size="middle">
      {shown.map((route) => (
        <Link key={route.name} to={route.path}>
          {label(t, `routes.${route.name}.title`)} <ArrowRightOutlined aria-hidden />
        </Link>
      ))}
    </Space>
  );
}
