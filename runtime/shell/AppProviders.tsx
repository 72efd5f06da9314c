import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18nFor } from '../i18n/i18n';
import { RuntimeProvider, usePreferences, useRuntime, type Runtime } from '../RuntimeContext';
import { themeConfig, useReducedMotion } from './themes';

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
  useEffect(() => {
    dayjs.locale(language === 'zh' ? 'zh-cn' : 'en');
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
    document.documentElement.dataset.theme = theme;
  }, [language, theme]);
  return (
    <I18nextProvider i18n={i18nFor(language)}>
      <ConfigProvider
        locale={language === 'zh' ? zhCN : enUS}
        theme={themeConfig(theme, reducedMotion)}
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
