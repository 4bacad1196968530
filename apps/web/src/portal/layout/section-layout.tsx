import { NavLink, Outlet } from 'react-router';

/**
 * associationDetail and creditInformation: their child lists side by side with a sub-menu
 * (spec §2 names them as children of one page).
 */
export function SectionLayout({ title, links }: { title: string; links: { label: string; to: string }[] }) {
  return (
    <div className="portal-section-layout">
      <nav className="portal-subnav" aria-label={title}>
        <p className="portal-subnav-title" aria-hidden="true">
          {title}
        </p>
        <ul>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="portal-section-content">
        <Outlet />
      </div>
    </div>
  );
}
