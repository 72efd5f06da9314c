import { Card, Col, Row, Statistic } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import center from '../../schemas/constants/managementCenter.json';
import pageList from '../../generated/pages.json';
import type { PageSchema } from '../../generated/meta';
import { routes } from '../../generated/registry';
import { label, useRuntime } from '../../runtime';
import { initialListState, listQuery } from '../../runtime/list/listQuery';
import { ScreenHeader } from '../../runtime/shell/ScreenHeader';

const pages = pageList as PageSchema[];

/** The management center's entries: each route with the list it shows (the landing list of a group). */
const ENTRIES = center.entries.map(({ route: name }) => {
  const route = routes.find((candidate) => candidate.name === name);
  if (!route?.page) throw new Error(`management center: ${name} is no list route`);
  return { name, path: route.path, page: pages.find((page) => page.page === route.page) };
});

/**
 * The management center (bottom navigation): a tile per list the specification names for it,
 * with the number of records the list holds, opening the list where it lives in the route tree.
 */
export function ManagementCenterPage() {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const [totals, setTotals] = useState<Record<string, number>>({});

  useEffect(() => {
    let current = true;
    for (const { name, page } of ENTRIES) {
      if (!page) continue;
      // The list as it opens (its tabs and fixed conditions); a list the user may not read shows no figure.
      api
        .callDynamic(page.resource.list, { query: listQuery(initialListState(page), {}) }, { silent: true })
        .then((answer) => {
          const { total } = answer as { total: number };
          if (current) setTotals((shown) => ({ ...shown, [name]: total }));
        })
        .catch(() => undefined);
    }
    return () => {
      current = false;
    };
  }, [api]);

  return (
    <>
      <ScreenHeader title={label(t, 'routes.ManagementCenter.title')} />
      <Row gutter={[16, 16]} style={{ marginTop: 16 }} role="list">
        {ENTRIES.map(({ name, path }) => {
          const title = label(t, `routes.${name}.title`);
          return (
            <Col key={name} xs={12} md={8} lg={6} role="listitem">
              {/* Named by what it shows, the list's title and its count (WCAG 2.5.3, label in name). */}
              <Link to={path}>
                <Card hoverable size="small">
                  <Statistic title={title} value={totals[name] ?? '--'} />
                </Card>
              </Link>
            </Col>
          );
        })}
      </Row>
    </>
  );
}
