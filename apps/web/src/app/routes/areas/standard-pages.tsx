import { useParams } from 'react-router';
import { StandardClauses } from '../../../features/clauses/components/standard-clauses';
import { StandardList } from '../../../features/clauses/components/standard-list';

/** /sys_admin/standards: the clause library's standards (issue 19). */
export function StandardListPage() {
  return <StandardList detailPath={(id) => `/sys_admin/standards/${id}`} />;
}

/** /sys_admin/standards/:id: one standard's clauses, their versions and the CSV import. */
export function StandardClausesPage() {
  const { id = '' } = useParams();
  return <StandardClauses standardId={id} backPath="/sys_admin/standards" />;
}
