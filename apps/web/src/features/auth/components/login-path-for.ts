/**
 * The sign-in page that returns here afterwards. Its own file, so the app's shell (root-layout)
 * can use it without loading the area guard, which loads with the first area page.
 */
export function loginPathFor(location: { pathname: string; search: string }) {
  return `/sys_sso/login?from=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
}
