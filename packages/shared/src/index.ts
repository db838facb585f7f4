// Plain rules and constants, free of zod so the storefront bundle stays small.
export * from './envelope.ts';
export * from './limits.ts';
export * from './validation.ts';
export * from './enums.ts';
export * from './money.ts';
export * from './money-words.ts';
export * from './format.ts';
export * from './cas.ts';
export * from './permissions.ts';
export * from './staff-security.ts';
export * from './password-policy.ts';
export * from './coa.ts';
export * from './preloaded.ts';
export * from './regulation.ts';
export * from './regions.ts';
export * from './audit.ts';
export * from './lot-rules.ts';
