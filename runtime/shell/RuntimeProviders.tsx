import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useLanguage, type LabelPart } from '../i18n/i18n';
import type { ThemeName } from '../preferences/preferences';
import { RuntimeProvider, usePreferences, type Runtime } from '../RuntimeContext';
import { RED_UNDER_TEXT, TEXT_SHADES } from './shades';

/** The platform's reds and text shades of a theme, as the custom properties of `start.css`. */
const startColours = (theme: ThemeName) => ({
  '--app-red-fill': RED_UNDER_TEXT[theme].fill,
  '--app-red-hover': RED_UNDER_TEXT[theme].hover,
  '--app-red-active': RED_UNDER_TEXT[theme].active,
  '--app-error': TEXT_SHADES[theme].error,
  '--app-quiet': TEXT_SHADES[theme].quiet,
});

function Localised({ labels, children }: { labels: readonly LabelPart[]; children: ReactNode }) {
  const { language, theme } = usePreferences();
  const i18n = useLanguage(language, labels);
  // The language whose labels are shown: while another loads, the page stays in the one shown.
  const shown = i18n?.language;
  useEffect(() => {
    if (shown) document.documentElement.lang = shown === 'zh' ? 'zh-CN' : 'en';
  }, [shown]);
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = theme;
    for (const [name, value] of Object.entries(startColours(theme))) root.style.setProperty(name, value);
  }, [theme]);
  // Nothing is drawn before the reader's labels have loaded (a moment, at start only).
  if (!i18n) return null;
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

/**
 * Runtime services and the reader's language for everything below, with no component library:
 * what the sign-in page stands in, and every other screen inside `AntdProviders`. The labels
 * shown first are the sign-in page's; `labels` names the parts to wait for as well.
 */
export function RuntimeProviders({
  runtime,
  labels = [],
  children,
}: {
  runtime: Runtime;
  labels?: readonly LabelPart[];
  children: ReactNode;
}) {
  return (
    <RuntimeProvider runtime={runtime}>
      <Localised labels={labels}>{children}</Localised>
    </RuntimeProvider>
  );
}
