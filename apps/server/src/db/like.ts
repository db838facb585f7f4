import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/**
 * Case-insensitive "contains" matching for the list filters. The typed text matches literally:
 * `%`, `_` and the backslash are escaped, and the pattern names its escape character, because
 * SQLite has no default one (a bare `\%` there would match a backslash). lower() on both sides:
 * PostgreSQL's LIKE is case-sensitive, SQLite's only for non-ASCII letters.
 */
export const containsPattern = (text: string): string =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `lower(column) like '%text%'`, the text taken literally. */
export function contains(column: Expression<unknown>, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${containsPattern(text)} escape '\\'`;
}

/** `column like '%digits'`: a phone number found by its last digits. */
export function endsWithDigits(column: Expression<unknown>, digits: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${column} like ${`%${digits.replace(/\D/g, '')}`}`;
}
