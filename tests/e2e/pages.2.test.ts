import { pageTests } from './pageTests';

pageTests(1, 3);
