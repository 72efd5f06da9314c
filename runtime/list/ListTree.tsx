import { Alert, Button, Empty, Flex, Spin, theme, Tree, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageSchema } from '../../generated/meta';
import { useAnswer } from '../api/useAnswer';
import { useRuntime } from '../RuntimeContext';

/** A node of a list's tree: what the records belong to, with the nodes under it when nested. */
export interface TreeNode {
  id: number;
  name: string;
  [property: string]: unknown;
}

/** A node as the tree draws it: a group of what is picked (a department of stations) is keyed apart and not picked. */
export interface DrawnNode {
  key: number | string;
  title: string;
  selectable?: false;
  isLeaf?: true;
  children?: DrawnNode[];
}

/**
 * The nodes as the tree draws them: keyed by id, titled by name, each with those under it
 * (`children`). With `leaves` (a department's stations), the nodes group what is picked: each
 * holds the nodes under it, then its leaves, and only a leaf is picked.
 */
export function drawnNodes(nodes: readonly TreeNode[], children?: string, leaves?: string): DrawnNode[] {
  return nodes.map((node) => {
    const under = children ? node[children] : undefined;
    const held = leaves ? node[leaves] : undefined;
    const drawn: DrawnNode[] = [
      ...(Array.isArray(under) ? drawnNodes(under as TreeNode[], children, leaves) : []),
      ...(Array.isArray(held)
        ? (held as TreeNode[]).map((leaf) => ({ key: leaf.id, title: leaf.name, isLeaf: true as const }))
        : []),
    ];
    return {
      key: leaves ? `group-${node.id}` : node.id,
      title: node.name,
      ...(leaves ? { selectable: false as const } : {}),
      ...(drawn.length > 0 ? { children: drawn } : {}),
    };
  });
}

export interface ListTreeProps {
  tree: NonNullable<PageSchema['tree']>;
  /** The tree's title: the label of the field it filters. */
  title: string;
  /** The picked node's id, none when the list shows all. */
  value: number | undefined;
  /** Asked again when the list's records change (a department added is a node). */
  version: number;
  onChange(value: number | undefined): void;
}

/**
 * The tree beside a list (`tree` of a page schema): the nodes its call answers, all open. Picking a
 * node (a leaf, when the nodes group leaves) lists the records that belong to it; picking it
 * again, or "All", lists all.
 */
export function ListTree({ tree, title, value, version, onChange }: ListTreeProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { token } = theme.useToken();
  const answer = useAnswer(
    () => api.callDynamic(tree.call, {}, { silent: true }) as Promise<TreeNode[]>,
    `${tree.call}|${version}`,
    { keep: true },
  );
  let body;
  if (answer.error) body = <Alert type="error" showIcon message={`${t('common.loadFailed')} ${answer.error}`} />;
  else if (!answer.data) body = <Spin />;
  else if (answer.data.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />;
  else
    body = (
      <Tree<DrawnNode>
        aria-label={title}
        blockNode
        defaultExpandAll
        treeData={drawnNodes(answer.data, tree.children, tree.leaves)}
        selectedKeys={value === undefined ? [] : [value]}
        onSelect={(keys) => onChange(keys[0] === undefined ? undefined : Number(keys[0]))}
      />
    );
  return (
    <Flex
      vertical
      gap="small"
      style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, padding: 12 }}
    >
      <Flex justify="space-between" align="center">
        <Typography.Text strong>{title}</Typography.Text>
        {value === undefined ? null : (
          <Button type="link" size="small" onClick={() => onChange(undefined)}>
            {t('common.all')}
          </Button>
        )}
      </Flex>
      {body}
    </Flex>
  );
}
