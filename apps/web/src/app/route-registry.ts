import { matchRoutes, type RouteObject } from 'react-router';

let registered: RouteObject[] = [];

/** Remembers the route table so links to screens that are not built yet are not shown. */
export function registerRoutes(routes: RouteObject[]) {
  registered = routes;
}

/** True when the path reaches a real screen rather than the catch-all that leads to /common/404. */
export function isRouted(path: string): boolean {
  const matches = matchRoutes(registered, path);
  return Boolean(matches && matches[matches.length - 1]?.route.path !== '*');
}
