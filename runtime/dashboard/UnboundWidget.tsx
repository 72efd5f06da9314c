import { useTranslation } from 'react-i18next';
import type { KanbanUnbound } from '../../generated/types';
import { unboundReasons } from './unbound';

export interface UnboundWidgetProps {
  unbound: readonly KanbanUnbound[];
  editing: boolean;
}

/**
 * A widget of a template that this station could not bind, in its place: what it lacks, named, and
 * what to do (in edit mode, the widget's Edit binds it to the station's own variables, Delete
 * removes it). It asks for no data. Plain elements in the frame's colours: a component of the
 * library here would split the library's chunks that every dashboard loads anew.
 */
export function UnboundWidget({ unbound, editing }: UnboundWidgetProps) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start', overflowWrap: 'anywhere' }}>
      <span aria-hidden style={{ color: '#d48806', fontSize: 18, lineHeight: 1.2 }}>
        ⚠
      </span>
      <div style={{ minWidth: 0 }}>
        <strong>{t('dashboard.unbound.title')}</strong>
        <ul style={{ margin: '4px 0', paddingInlineStart: 18 }}>
          {unboundReasons(t, unbound).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {/* The frame's text colour, a little lighter: still AA on either theme's background. */}
        <p style={{ margin: 0, opacity: 0.75 }}>{t(editing ? 'dashboard.unbound.fix' : 'dashboard.unbound.view')}</p>
      </div>
    </div>
  );
}
