import type { PageSchema } from '../../generated/meta';
import pageList from '../../generated/pages.json';

/** Every page schema of `schemas/pages/`: loaded with the list screens, not with the app's first screen. */
export const pages = pageList as PageSchema[];
