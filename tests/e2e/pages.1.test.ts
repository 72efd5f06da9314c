import { pageTests } from './pageTests';

pageTests(0, 3);
