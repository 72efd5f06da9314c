import { PayCircleOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { LedgerEarningsView } from './LedgerEarningsView';
import { dataRules, type LedgerEarningsConfig } from './rules';

/** Earnings: what the station earned against the stated baseline, from its settlement ledger. */
export const ledgerEarnings = defineWidget<LedgerEarningsConfig>({
  ...dataRules,
  group: 'energy',
  icon: <PayCircleOutlined />,
  size: { w: 12, h: 7 },
  View: LedgerEarningsView,
  // A type of format 3 and later: nothing stored before to migrate.
  migrate: (config) => config,
});
