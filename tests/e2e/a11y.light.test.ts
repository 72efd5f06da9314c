import { a11yTests } from './a11yRoutes';

// The light theme on a laptop: the side menu, the header's choices, the tables at full width.
a11yTests('default', { width: 1440, height: 900 }, { fromMenu: true });
