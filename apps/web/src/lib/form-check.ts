/** What the checks need of a zod schema from packages/shared (the web app does not import zod). */
interface Schema {
  safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } };
}

/**
 * The first message a shared zod schema (packages/shared) gives for a form's values, or null:
 * the page shows the same message the server would answer, in the order of the schema's fields.
 */
export function firstProblem(schema: Schema, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}
