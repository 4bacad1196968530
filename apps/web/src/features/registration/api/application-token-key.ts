/**
 * Where a refused applicant's short-lived token waits between sign-in and the corrected form.
 * Its own file: the sign-in page stores it without loading the registration calls and their
 * contracts.
 */
export const APPLICATION_TOKEN_KEY = 'drp.applicationToken';
