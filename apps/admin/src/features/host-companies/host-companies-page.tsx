import type { HostCompany } from '@school/contracts';
import { AppLink, ButtonLink, formatDate, useRouteQuery } from '@school/ui';
import { ListFrame } from '../../components/list-frame';
import { type Column, ListTable } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { listQuery, useListParams } from '../../lib/list-params';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { signedShareText, TARGET_TEXT } from './host-figures';

const PAGE_SIZE = 20;

const COLUMNS: Column<HostCompany>[] = [
  {
    label: 'Company',
    render: (c) => (
      <>
        <AppLink className="admin-table__title" to={paths.hostCompany(c.id_slug)}>
          {c.name}
        </AppLink>
        <span className="admin-table__sub">{c.registration_number}</span>
      </>
    ),
  },
  { label: 'Sites', render: (c) => c.sites.map((s) => s.name).join(', ') },
  { label: 'Contacts', render: (c) => c.contacts.map((p) => p.name).join(', ') || '—' },
  { label: 'Trainees placed', render: (c) => c.placements },
  { label: `Weeks signed within 7 days (target ${TARGET_TEXT})`, render: (c) => signedShareText(c.figures) },
  { label: 'Added', render: (c) => formatDate(c.created_date) },
];

/** /admin/host-companies: the companies trainees are placed with for on-the-job training, searched by name or registration number. */
export function HostCompaniesPage() {
  usePageTitle('Host companies');
  const list = useListParams('name');
  const query = useRouteQuery('adminHostCompanies', { query: listQuery(list, PAGE_SIZE) });
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader
        title="Host companies"
        subtitle="The companies that host trainees for on-the-job training, with their sites and contacts. Trainees are placed from a cohort's Placements tab."
        actions={
          <ButtonLink size="sm" to={paths.newHostCompany}>
            Add host company
          </ButtonLink>
        }
      />
      <ListFrame
        label="Host companies"
        query={query}
        pageSize={PAGE_SIZE}
        list={list}
        sortField="name"
        searchPlaceholder="Search by name or registration number..."
        empty={list.search ? 'No host company matches your search.' : 'There are no host companies yet. Add the first one.'}
      >
        {(rows) => <ListTable columns={COLUMNS} rows={rows} rowKey={(c) => c.id_slug} />}
      </ListFrame>
    </div>
  );
}
