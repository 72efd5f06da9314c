import { EnvironmentOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { contributionNeeds, migrateContribution, type SocialContributionConfig } from './rules';
import { SocialContributionView } from './SocialContributionView';

/** Social contribution: CO2, standard coal and trees that the energy generated or discharged since operation began stands for. */
export const socialContribution = defineWidget<SocialContributionConfig>({
  type: 'socialContribution',
  group: 'energy',
  icon: <EnvironmentOutlined />,
  size: { w: 12, h: 5 },
  needs: contributionNeeds,
  View: SocialContributionView,
  migrate: migrateContribution,
});
