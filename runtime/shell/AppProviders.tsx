import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../i18n/i18n';
import { RuntimeProvider, usePreferences, type Runtime } from '../RuntimeContext';
import { themeConfig } from './themes';

function Localised({ children }: { children: ReactNode }) {
  const { language, theme } = usePreferences();
  const i18n = useMemo(() => createI18n(language), [language]);
  useEffect(() => {
    dayjs.locale(language === 'zh' ? 'zh-cn' : 'en');
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
    document.documentElement.dataset.theme = theme;
  }, [language, theme]);
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={language === 'zh' ? zhCN : enUS} theme={themeConfig(theme)} button={{ autoInsertSpace: false }}>
        <App>{children}</App>
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
