import { pageTests } from './pageTests';

pageTests(2, 3);
