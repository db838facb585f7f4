import { robustness } from './robustness.ts';

await robustness({ index: 1, of: 4 });
