import { a11yTests } from './a11yRoutes';

// The light theme on a laptop: the side menu, the header's choices, the tables at full width. At
// 1366 × 768 the menu's last entries, clicked with every group open, sit nearest the bottom bar.
a11yTests('default', { width: 1366, height: 768 }, { fromMenu: true });
