import { FINANCE_MESSAGES } from '@school/contracts';
import { useRouteQuery } from '@school/ui';
import { useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { paths } from '../../lib/paths';
import { useFinance } from '../../lib/use-finance';
import { usePageTitle } from '../../lib/use-page-title';
import { PaymentDetailsPanel } from './components/payment-details-panel';

/** /admin/students/:id: a student's account; with the finance permission, their allowance payment details. */
export function StudentPage() {
  const { id = '' } = useParams();
  const query = useRouteQuery('adminStudentSummary', { params: { userIdSlug: id } });
  const { finance, isPending } = useFinance();
  const name = query.data ? `${query.data.student.first_name} ${query.data.student.last_name}` : undefined;
  usePageTitle(name ?? 'Student');
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <QueryView query={query} homePath={paths.students} label="this student">
        {({ student }) => (
          <>
            <PageHeader
              title={`${student.first_name} ${student.last_name}`}
              subtitle={student.email}
              back={{ to: paths.students, label: 'Students' }}
            />
            {isPending ? null : finance ? (
              <PaymentDetailsPanel student={student} />
            ) : (
              <p className="ui-muted">{FINANCE_MESSAGES.forbidden}</p>
            )}
          </>
        )}
      </QueryView>
    </div>
  );
}
