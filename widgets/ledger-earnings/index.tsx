import { PayCircleOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { LedgerEarningsView } from './LedgerEarningsView';
import { ledgerNeeds, type LedgerEarningsConfig } from './rules';

/** Earnings: what the station earned against the stated baseline, from its settlement ledger. */
export const ledgerEarnings = defineWidget<LedgerEarningsConfig>({
  type: 'ledgerEarnings',
  group: 'energy',
  icon: <PayCircleOutlined />,
  size: { w: 12, h: 7 },
  needs: ledgerNeeds,
  View: LedgerEarningsView,
  // A type of format 3 and later: nothing stored before to migrate.
  migrate: (config) => config,
});
