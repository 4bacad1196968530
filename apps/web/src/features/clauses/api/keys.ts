/** Every cached answer of the clause library sits under this key; a change refetches them all. */
export const CLAUSES_KEY = ['clauses'] as const;
