import { z } from 'zod';
import { requiredText } from './fields.ts';

/**
 * A word lab buyers type (ACN, 维C, 农残) and what the catalogue calls it (乙腈, 维生素C,
 * 农药残留). The search reads the list when it resolves a term; the staff keep it current.
 */
export const synonymInput = z
  .object({
    term: requiredText('请输入搜索词', 50),
    expansion: requiredText('请输入对应的商品用词', 100),
  })
  .refine((s) => s.term.toLowerCase() !== s.expansion.toLowerCase(), {
    error: '搜索词与对应的商品用词不能相同',
    path: ['expansion'],
  });
export type SynonymInput = z.infer<typeof synonymInput>;

export const synonymParams = z.object({ term: requiredText('请输入搜索词', 50) });

export const manageSynonymSchema = z.object({ term: z.string(), expansion: z.string() });
