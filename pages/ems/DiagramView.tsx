import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { shown } from './EmsScreen';

export interface DiagramNode {
  id: string;
  type: string;
  x: number;
  y: number;
  label?: string;
  variableSn?: string;
}

export interface Diagram {
  id: number;
  name: string;
  nodes: DiagramNode[];
  edges?: { from: string; to: string }[];
}

export interface NodeValue {
  nodeId: string;
  value: number | null;
  unit: string;
}

const BOX = { w: 120, h: 40 };
const MARGIN = 24;

/**
 * A saved one-line diagram drawn as it was placed: lines between the nodes, each node a box with
 * its label and the latest value of the variable it shows; a busbar a thick bar.
 */
export function DiagramView({ diagram, values }: { diagram: Diagram; values: NodeValue[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const xs = diagram.nodes.map((n) => n.x);
  const ys = diagram.nodes.map((n) => n.y);
  const left = Math.min(...xs) - BOX.w / 2 - MARGIN;
  const top = Math.min(...ys) - BOX.h / 2 - MARGIN;
  const width = Math.max(...xs) - Math.min(...xs) + BOX.w + 2 * MARGIN;
  const height = Math.max(...ys) - Math.min(...ys) + BOX.h + 2 * MARGIN;
  const byId = new Map(diagram.nodes.map((n) => [n.id, n]));
  const valueOf = new Map(values.map((v) => [v.nodeId, v]));
  return (
    <svg
      role="img"
      aria-label={t('emsScreens.topology.diagram', { name: diagram.name })}
      viewBox={`${left} ${top} ${width} ${height}`}
      style={{ width: '100%', maxHeight: 480 }}
    >
      {(diagram.edges ?? []).map((edge) => {
        const from = byId.get(edge.from);
        const to = byId.get(edge.to);
        return from && to ? (
          <line
            key={`${edge.from}-${edge.to}`}
            x1={from.x}
            y1={from.y}
            x2={to.x}
            y2={to.y}
            stroke={token.colorTextSecondary}
            strokeWidth={2}
          />
        ) : null;
      })}
      {diagram.nodes.map((node) => {
        const value = valueOf.get(node.id);
        const bus = node.type === 'busbar';
        return (
          <g key={node.id}>
            <rect
              x={node.x - (bus ? BOX.w : BOX.w / 2)}
              y={node.y - (bus ? 4 : BOX.h / 2)}
              width={bus ? 2 * BOX.w : BOX.w}
              height={bus ? 8 : BOX.h}
              rx={bus ? 0 : 6}
              fill={bus ? token.colorTextSecondary : token.colorBgContainer}
              stroke={token.colorPrimary}
            />
            <text
              x={node.x + (bus ? BOX.w + 6 : 0)}
              y={node.y + (bus ? 4 : value ? -4 : 5)}
              textAnchor={bus ? 'start' : 'middle'}
              fontSize={12}
              fill={token.colorText}
            >
              {node.label ?? node.id}
            </text>
            {value && !bus ? (
              // A figure is text: the primary colour's text shade, which reads on the container (axe-core does not check SVG text).
              <text x={node.x} y={node.y + 13} textAnchor="middle" fontSize={12} fill={token.colorPrimaryText}>
                {shown(value.value, value.unit)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
