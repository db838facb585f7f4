import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * A form rule that checks a field with the server's own zod schema (from @labshop/shared), so
 * the console refuses what the server refuses, with the server's message, instead of restating
 * its limits by hand. An empty box is checked as "no value".
 */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value === null || value === '' ? undefined : value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '输入有误');
    },
  };
}
