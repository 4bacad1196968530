import type { FormRule } from 'antd';

/** What a field's schema from packages/domain offers: a check that says what is wrong. */
export interface FieldSchema<Issue> {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: Issue[] } };
}

/** Nothing entered: no text, no choice, no item. */
export const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && !v.length);

/**
 * A form rule that checks a field by its own schema of the contract the server checks too, so
 * bounds and patterns cannot drift from the server's. The feature says the words: `empty` for a
 * required field left empty, `describe` for the schema's first issue, `also` for what the schema
 * cannot see (a date after today).
 */
export function zodRule<Issue>(
  schema: FieldSchema<Issue>,
  {
    required = true,
    empty,
    describe,
    also,
  }: {
    required?: boolean;
    empty: () => string;
    describe: (issue: Issue) => string;
    also?: (value: unknown) => string | undefined;
  },
): FormRule {
  return {
    required,
    validator: async (_, value: unknown) => {
      if (isEmpty(value)) {
        if (required) throw new Error(empty());
        return;
      }
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(describe(result.error.issues[0]!));
      const more = also?.(value);
      if (more) throw new Error(more);
    },
  };
}
