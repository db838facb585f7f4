import { robustness } from './robustness.ts';

await robustness({ index: 3, of: 4 });
