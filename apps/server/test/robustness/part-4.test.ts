import { robustness } from './robustness.ts';

await robustness({ index: 4, of: 4 });
