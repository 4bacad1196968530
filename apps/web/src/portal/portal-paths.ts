/** The public portal's path prefix (spec §2 `/sys_out_sys/*`) and its landing page. */
export const PORTAL_PREFIX = '/sys_out_sys';
export const PORTAL_HOME = `${PORTAL_PREFIX}/home`;

export const isPortalPath = (pathname: string) =>
  pathname === PORTAL_PREFIX || pathname.startsWith(`${PORTAL_PREFIX}/`);
