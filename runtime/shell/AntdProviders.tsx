import { App, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences, useRuntime } from '../RuntimeContext';
import { themeConfig, useReducedMotion, waveConfig } from './themes';

/** Lets the API client's warnings use Ant Design's messages. */
function Notifications() {
  const { notifier } = useRuntime();
  const { message } = App.useApp();
  useEffect(() => notifier.attach((text) => void message.warning(text)), [notifier, message]);
  return null;
}

/**
 * Ant Design's locale, theme and messages, and dates in the reader's language, for every screen
 * but the sign-in page (inside `RuntimeProviders`, in the language it shows).
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  const { theme } = usePreferences();
  const reducedMotion = useReducedMotion();
  const shown = useTranslation().i18n.language;
  useEffect(() => {
    dayjs.locale(shown === 'zh' ? 'zh-cn' : 'en');
  }, [shown]);
  return (
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
  );
}
