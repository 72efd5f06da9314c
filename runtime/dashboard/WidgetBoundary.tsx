import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface WidgetBoundaryProps {
  /** The widget's stored configuration: another one (the widget edited, an undo) is tried again. */
  config: unknown;
  editing: boolean;
  /** Told the configuration it failed on (the frame then offers no 'Inspect data': there is nothing to inspect). */
  onFailed?(config: unknown): void;
  children: ReactNode;
}

/** What a widget that failed shows in its frame: that it cannot be shown, and what to do. */
function WidgetFailed({ editing }: { editing: boolean }) {
  const { t } = useTranslation();
  return (
    <p role="alert">
      <strong>{t('dashboard.failed.title')}</strong>
      <br />
      {t(editing ? 'dashboard.unbound.fix' : 'dashboard.failed.view')}
    </p>
  );
}

/**
 * A widget that fails alone: a stored configuration that its view, or what it asks of the data
 * scheduler, throws on (a field its code expects and its schema lets out) shows why in the widget's
 * own frame, whose Edit and Delete stay, and the other widgets render. Plain elements: it is on
 * every dashboard's first load.
 */
export class WidgetBoundary extends Component<WidgetBoundaryProps, { failed: boolean; config: unknown }> {
  override state = { failed: false, config: this.props.config };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: WidgetBoundaryProps, state: { config: unknown }) {
    return props.config === state.config ? null : { failed: false, config: props.config };
  }

  override componentDidCatch() {
    this.props.onFailed?.(this.props.config);
  }

  override render() {
    return this.state.failed ? <WidgetFailed editing={this.props.editing} /> : this.props.children;
  }
}
