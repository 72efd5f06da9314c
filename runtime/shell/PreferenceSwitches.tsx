import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, THEMES } from '../preferences/preferences';
import { usePreferences, useRuntime } from '../RuntimeContext';

/** Language and theme choosers. */
export function PreferenceSwitches() {
  const { t } = useTranslation();
  const { preferences } = useRuntime();
  const { language, theme } = usePreferences();
  return (
    <Space>
      <Select
        aria-label={t('common.language')}
        value={language}
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 110 }}
        onChange={(value) => preferences.getState().choose({ language: value })}
        options={LANGUAGES.map((lng) => ({ value: lng, label: t(`common.languages.${lng}`) }))}
      />
      <Select
        aria-label={t('common.theme')}
        value={theme}
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 110 }}
        onChange={(value) => preferences.getState().choose({ theme: value })}
        options={THEMES.map((name) => ({ value: name, label: t(`common.themes.${name}`) }))}
      />
    </Space>
  );
}
