import type { FormRule } from 'antd';
import type { z } from 'zod';

/** An empty box (null from a number box, '' from a text box) is "no value", as the server sees it. */
const valueOf = (value: unknown): unknown => (value === null || value === '' ? undefined : value);

/** The first message the schema gives for the value, or null when it accepts it. */
export function zodProblem(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? '输入有误');
}

/**
 * A form rule that checks a field with the server's own zod schema (from @labshop/shared), so
 * the console refuses what the server refuses, with the server's message, instead of restating
 * its limits by hand. An empty box is checked as "no value"; a schema that refuses no value marks
 * the field required (antd's asterisk), while the check itself stays the schema's.
 */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    required: !schema.safeParse(undefined).success,
    validator: async (_rule, value: unknown) => {
      const problem = zodProblem(schema, valueOf(value));
      if (problem !== null) throw new Error(problem);
    },
  };
}

/**
 * A rule for what the server checks across fields of one request (搜索词与对应的商品用词不能相同,
 * 驳回须填写原因): the form's values are checked with the request's object schema and the
 * issue it names for `field` is shown there. The field's own limits stay with its zodRule: while
 * they refuse the value this rule says nothing, so a message never shows twice. Give the Form.Item
 * `dependencies` on the other fields so a change of theirs checks it again.
 */
export function zodFormRule<S extends z.ZodObject>(
  schema: S,
  field: keyof S['shape'] & string,
): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async (_rule, value: unknown) => {
      const own = schema.shape[field] as z.ZodType | undefined;
      if (own && !own.safeParse(valueOf(value)).success) return;
      const values = Object.entries(getFieldsValue(true) as Record<string, unknown>).map(
        ([k, v]) => [k, valueOf(v)] as const,
      );
      const result = schema.safeParse(Object.fromEntries(values));
      const issue = result.success
        ? undefined
        : result.error.issues.find((i) => i.path.length === 1 && i.path[0] === field);
      if (issue) throw new Error(issue.message);
    },
  });
}
