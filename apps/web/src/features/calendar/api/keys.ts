/** Every cached answer of the working-day calendar sits under this key. */
export const CALENDAR_KEY = ['calendar'] as const;
