import { ADMIN_MESSAGES, type AdminStaffMember, FINANCE_MESSAGES } from '@school/contracts';
import { useRouteMutation, useRouteQuery, useSession } from '@school/ui';
import { ListTable, type Column } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { invalidations } from '../../lib/invalidations';
import { useNotify } from '../../lib/notice';
import { usePageTitle } from '../../lib/use-page-title';
import './staff-page.css';

/** The Finance permission of one admin: a switch another admin turns on or off. */
function FinanceSwitch({ staff }: { staff: AdminStaffMember }) {
  const { user } = useSession();
  const notify = useNotify();
  const name = `${staff.first_name} ${staff.last_name}`;
  const update = useRouteMutation('adminSetFinance', {
    invalidates: invalidations.adminSetFinance,
    onSuccess: (answer) =>
      notify.success(
        answer.staff.finance ? `${name} now holds the finance permission.` : `${name} no longer holds the finance permission.`,
      ),
  });
  const own = user?.id_slug === staff.id_slug;
  return (
    <div className="admin-staff__finance">
      <label className="admin-staff__switch">
        <input
          type="checkbox"
          aria-label={`Finance permission: ${name}`}
          // The choice shows at once while it is saved; the list's answer replaces it after.
          checked={update.isPending && update.variables ? update.variables.body.finance : staff.finance}
          disabled={own || update.isPending}
          aria-describedby={own ? `own-${staff.id_slug}` : undefined}
          onChange={(e) =>
            update.mutate(
              { params: { userIdSlug: staff.id_slug }, body: { finance: e.target.checked } },
              { onError: () => notify.error(ADMIN_MESSAGES.genericFailure) },
            )
          }
        />
        <span>Finance</span>
      </label>
      {own && (
        <span id={`own-${staff.id_slug}`} className="admin-table__sub">
          {FINANCE_MESSAGES.ownPermission}
        </span>
      )}
    </div>
  );
}

/**
 * /admin/staff: the admin accounts and their Finance permission (amounts, bank details and the audit
 * log). Another admin grants or removes it; the change applies on the holder's next request.
 */
export function StaffPage() {
  usePageTitle('Staff');
  const query = useRouteQuery('adminStaffList', {});
  const columns: Column<AdminStaffMember>[] = [
    {
      label: 'Name',
      render: (s) => (
        <>
          <span className="admin-table__title">
            {s.first_name} {s.last_name}
          </span>
          <span className="admin-table__sub">{s.email}</span>
        </>
      ),
    },
    { label: 'Finance permission', render: (s) => <FinanceSwitch staff={s} /> },
  ];
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader
        title="Staff"
        subtitle="Admins holding the Finance permission see trainees' IC or passport numbers, bank details and allowance amounts, and the audit log. Every such view is recorded."
      />
      <QueryView query={query} label="the staff list">
        {({ data }) => <ListTable columns={columns} rows={data} rowKey={(s) => s.id_slug} />}
      </QueryView>
    </div>
  );
}
