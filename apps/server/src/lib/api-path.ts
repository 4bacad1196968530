/**
 * Paths the API owns: /api, the sign-in service /uaa, and the legacy /table list. Everything
 * else is the web app. Tokens are read, access rules enforced and envelopes sent for these only.
 */
export const API_PATH = /^\/(api|uaa|table)(\/|$)/;
