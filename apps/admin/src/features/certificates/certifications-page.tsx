import { type AdminCertificate, DEFAULT_SORTS, PAGE_SIZES } from '@school/contracts';
import { AppLink, formatDate, useRouteQuery } from '@school/ui';
import { ListFrame } from '../../components/list-frame';
import { ListTable, type Column } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { listQuery, useListParams } from '../../lib/list-params';
import { COHORT_TABS, paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import './certificates.css';

const issued = (n: number) => `${n} issued`;

const COLUMNS: Column<AdminCertificate>[] = [
  {
    label: 'Certificate',
    render: (c) => (
      <>
        <span className="admin-table__title">{c.title}</span>
        <span className="admin-table__sub">{c.provider.join(', ')}</span>
      </>
    ),
  },
  {
    label: 'Awarded in',
    render: (c) =>
      c.cohorts.length === 0 ? (
        <span className="admin-table__sub">No cohort yet</span>
      ) : (
        <ul className="admin-certificate-cohorts">
          {c.cohorts.map((k) => (
            <li key={k.id_slug}>
              <AppLink to={paths.cohort(k.id_slug, COHORT_TABS.certifications)}>{k.title}</AppLink>{' '}
              <span className="admin-table__sub admin-certificate-cohorts__count">{issued(k.issued_count)}</span>
            </li>
          ))}
        </ul>
      ),
  },
  { label: 'Issued', render: (c) => c.issued_count },
  { label: 'Created', render: (c) => formatDate(c.created_date) },
];

/**
 * /admin/certifications: every certificate, 10 a page, with the cohorts that award it (each a link to
 * its Certifications tab) and how many were issued in each. Certificates are made and linked there.
 */
export function CertificationsPage() {
  usePageTitle('Certifications');
  const list = useListParams(DEFAULT_SORTS.certificates);
  const query = useRouteQuery('adminCertificateList', { query: listQuery(list, PAGE_SIZES.certificates) });
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader
        title="Certifications"
        subtitle="Every certificate, the cohorts that award it and how many were issued. Certificates are added and their rules set on a cohort's Certifications tab."
      />
      <ListFrame
        label="Certificates"
        query={query}
        pageSize={PAGE_SIZES.certificates}
        list={list}
        sortField="title"
        searchPlaceholder="Search certificates..."
        empty={
          list.search ? 'No certificate matches your search.' : "There are no certificates yet. Add one from a cohort's Certifications tab."
        }
      >
        {(certificates) => <ListTable columns={COLUMNS} rows={certificates} rowKey={(c) => c.id_slug} />}
      </ListFrame>
    </div>
  );
}
