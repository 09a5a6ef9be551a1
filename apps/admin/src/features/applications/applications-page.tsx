import { Button, formatDateTime, Tabs, useSession } from '@school/ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ListFrame } from '../../components/list-frame';
import { PageHeader } from '../../components/page-header';
import { useListParams } from '../../lib/list-params';
import { useRouteQuery } from '../../lib/route-query';
import { usePageTitle } from '../../lib/use-page-title';
import { exportApplications } from './api/export-applications';
import { ApplicationDetail } from './components/application-detail';
import { stateLabel } from './state-label';
import './applications.css';

export const APPLICATIONS_PAGE_SIZE = 10;
const DEFAULT_SORT = '-created_date';
const TABS = ['applications', 'forms'] as const;

function ProgrammeApplications() {
  const { client } = useSession();
  const list = useListParams(DEFAULT_SORT);
  const [open, setOpen] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const query = useRouteQuery('adminApplicationList', {
    query: { page: list.page, page_size: APPLICATIONS_PAGE_SIZE, search_query: list.search || undefined, order_by: list.sort },
  });

  const onExport = async () => {
    setExporting(true);
    try {
      await exportApplications(client, { search_query: list.search || undefined, order_by: list.sort });
    } catch (e) {
      console.error('Export failed', e);
      window.alert('Uh oh... something went wrong. Please try again later.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <ListFrame
        label="Programme applications"
        query={query}
        pageSize={APPLICATIONS_PAGE_SIZE}
        page={list.page}
        onPage={list.setPage}
        search={list.search}
        onSearch={list.setSearch}
        sort={{ value: list.sort, field: 'full_name', onChange: list.setSort }}
        searchPlaceholder="Search by name, email or phone..."
        actions={
          <Button type="button" variant="secondary" onClick={onExport} disabled={exporting}>
            {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        }
        empty={list.search ? 'No application matches your search.' : 'There are no applications yet.'}
      >
        {(rows) => (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Applicant</th>
                <th scope="col">Course</th>
                <th scope="col">Qualification</th>
                <th scope="col">State</th>
                <th scope="col">Submitted</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={a.id_slug}>
                  <td data-label="Applicant">
                    <button type="button" className="admin-applications-link" onClick={() => setOpen(a.id_slug)}>
                      {a.full_name}
                    </button>
                    <span className="admin-table__sub">{a.email}</span>
                    <span className="admin-table__sub">{a.phone}</span>
                  </td>
                  <td data-label="Course">{a.course}</td>
                  <td data-label="Qualification">{`${a.highest_qualification}, ${a.grad_year}`}</td>
                  <td data-label="State">{stateLabel(a.state)}</td>
                  <td data-label="Submitted">{formatDateTime(a.created_date)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListFrame>
      <ApplicationDetail id={open} onClose={() => setOpen(null)} />
    </>
  );
}

function FormSubmissions() {
  const list = useListParams(DEFAULT_SORT, 'f');
  const query = useRouteQuery('adminFormSubmissionList', {
    query: { page: list.page, page_size: APPLICATIONS_PAGE_SIZE, search_query: list.search || undefined, order_by: list.sort },
  });
  return (
    <ListFrame
      label="Form submissions"
      query={query}
      pageSize={APPLICATIONS_PAGE_SIZE}
      page={list.page}
      onPage={list.setPage}
      search={list.search}
      onSearch={list.setSearch}
      sort={{ value: list.sort, field: 'first_name', onChange: list.setSort }}
      searchPlaceholder="Search by name, email or course..."
      empty={list.search ? 'No submission matches your search.' : 'There are no form submissions yet.'}
    >
      {(rows) => (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Form</th>
              <th scope="col">Message or course</th>
              <th scope="col">Received</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.id_slug}>
                <td data-label="Name">
                  <span className="admin-table__title">{`${s.first_name} ${s.last_name}`}</span>
                  <span className="admin-table__sub">{s.email}</span>
                  {s.phone && <span className="admin-table__sub">{s.phone}</span>}
                </td>
                <td data-label="Form">{s.kind === 'contact' ? 'Contact' : 'Course interest'}</td>
                <td data-label="Message or course" className="admin-applications-message">
                  {s.kind === 'contact' ? s.message : s.course}
                </td>
                <td data-label="Received">{formatDateTime(s.created_date)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ListFrame>
  );
}

/** Programme applications (with detail and CSV export) and the public forms' submissions. */
export function ApplicationsPage() {
  usePageTitle('Applications');
  const [params, setParams] = useSearchParams();
  const tab = Math.max(0, TABS.indexOf(params.get('tab') as (typeof TABS)[number]));
  return (
    <div className="admin-page">
      <PageHeader title="Applications" subtitle="Youth programme applications and messages from the public site." />
      <Tabs
        label="Kind of submission"
        active={tab}
        onChange={(i) => setParams(i === 0 ? {} : { tab: TABS[i] }, { replace: true })}
        tabs={[
          { label: 'Programme applications', content: <ProgrammeApplications /> },
          { label: 'Form submissions', content: <FormSubmissions /> },
        ]}
      />
    </div>
  );
}
