import { EnvironmentOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { dataRules, migrateContribution, type SocialContributionConfig } from './rules';
import { SocialContributionView } from './SocialContributionView';

/** Social contribution: CO2, standard coal and trees that the energy generated or discharged since operation began stands for. */
export const socialContribution = defineWidget<SocialContributionConfig>({
  ...dataRules,
  group: 'energy',
  icon: <EnvironmentOutlined />,
  size: { w: 12, h: 5 },
  View: SocialContributionView,
  migrate: migrateContribution,
});
