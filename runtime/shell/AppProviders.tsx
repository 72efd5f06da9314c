import { App, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useLanguage } from '../i18n/i18n';
import { RuntimeProvider, usePreferences, useRuntime, type Runtime } from '../RuntimeContext';
import { themeConfig, useReducedMotion, waveConfig } from './themes';

/** Lets the API client's warnings use Ant Design's messages. */
function Notifications() {
  const { notifier } = useRuntime();
  const { message } = App.useApp();
  useEffect(() => notifier.attach((text) => void message.warning(text)), [notifier, message]);
  return null;
}

function Localised({ children }: { children: ReactNode }) {
  const { language, theme } = usePreferences();
  const reducedMotion = useReducedMotion();
  const i18n = useLanguage(language);
  // The language whose labels are shown: while another loads, dates and Ant Design's texts stay in it too.
  const shown = i18n?.language;
  useEffect(() => {
    if (!shown) return;
    dayjs.locale(shown === 'zh' ? 'zh-cn' : 'en');
    document.documentElement.lang = shown === 'zh' ? 'zh-CN' : 'en';
  }, [shown]);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  // Nothing is drawn before the reader's labels have loaded (a moment, at start only).
  if (!i18n) return null;
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider
        locale={shown === 'zh' ? zhCN : enUS}
        theme={themeConfig(theme, reducedMotion)}
        wave={waveConfig(reducedMotion)}
        button={{ autoInsertSpace: false }}
      >
        <App>
          <Notifications />
          {children}
        </App>
      </ConfigProvider>
    </I18nextProvider>
  );
}

/** Runtime services, language and theme for everything below. */
export function AppProviders({ runtime, children }: { runtime: Runtime; children: ReactNode }) {
  return (
    <RuntimeProvider runtime={runtime}>
      <Localised>{children}</Localised>
    </RuntimeProvider>
  );
}
