/** Several ids as one path segment (`a,b,c`), as the spec's batch calls take them. */
export const idList = (ids: readonly string[]) => ids.map(encodeURIComponent).join(',');
