import { robustness } from './robustness.ts';

await robustness({ index: 2, of: 4 });
