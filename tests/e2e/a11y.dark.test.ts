import { a11yTests } from './a11yRoutes';

// The dark theme on a phone: the menu in a drawer, lists as cards, each route also fitting the width.
a11yTests('dark', { width: 390, height: 844 });
