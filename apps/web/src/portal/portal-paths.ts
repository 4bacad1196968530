/** The public portal's path prefix (spec §2 `/sys_out_sys/*`) and its landing page. */
export const PORTAL_PREFIX = '/sys_out_sys';
export const PORTAL_HOME = `${PORTAL_PREFIX}/home`;

/**
 * The public review record (spec §2 `/common/reviewInfoSearch` and its two details): public
 * pages, so the portal's bundle and layout serve them, with a place in its menu.
 */
export const REVIEW_RECORDS_PATH = '/common/reviewInfoSearch';
export const reviewRecordPath = (filingId: string) =>
  `${REVIEW_RECORDS_PATH}/buildingFilingDetail/${encodeURIComponent(filingId)}`;
export const reviewBuildingPath = (buildingId: string) =>
  `${REVIEW_RECORDS_PATH}/buildingFilingDetail2/${encodeURIComponent(buildingId)}`;

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

export const isPortalPath = (pathname: string) =>
  under(pathname, PORTAL_PREFIX) || under(pathname, REVIEW_RECORDS_PATH);
