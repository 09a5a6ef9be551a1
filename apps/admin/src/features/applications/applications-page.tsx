import type { FormSubmission } from '@school/contracts';
import { Button, ButtonLink, formatDateTime, Tabs, useRouteQuery, useSession } from '@school/ui';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ListFrame } from '../../components/list-frame';
import { ListTable, type Column } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { listQuery, useListParams } from '../../lib/list-params';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { exportApplications } from './api/export-applications';
import './applications.css';

export const APPLICATIONS_PAGE_SIZE = 10;
const DEFAULT_SORT = '-created_date';
const TABS = ['applications', 'forms'] as const;

/** Downloads the programme applications as CSV, in the list's search and order. */
function ExportButton() {
  const { client } = useSession();
  const list = useListParams(DEFAULT_SORT);
  const [exporting, setExporting] = useState(false);
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
    <Button type="button" variant="secondary" onClick={onExport} disabled={exporting}>
      {exporting ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}

const SUBMISSION_COLUMNS: Column<FormSubmission>[] = [
  {
    label: 'Name',
    render: (s) => (
      <>
        <span className="admin-table__title">{`${s.first_name} ${s.last_name}`}</span>
        <span className="admin-table__sub">{s.email}</span>
        {s.phone && <span className="admin-table__sub">{s.phone}</span>}
      </>
    ),
  },
  { label: 'Form', render: (s) => (s.kind === 'contact' ? 'Contact' : 'Course interest') },
  { label: 'Message or course', className: 'admin-applications-message', render: (s) => (s.kind === 'contact' ? s.message : s.course) },
  { label: 'Received', render: (s) => formatDateTime(s.created_date) },
];

function FormSubmissions() {
  const list = useListParams(DEFAULT_SORT, 'f');
  const query = useRouteQuery('adminFormSubmissionList', { query: listQuery(list, APPLICATIONS_PAGE_SIZE) });
  return (
    <ListFrame
      label="Form submissions"
      query={query}
      pageSize={APPLICATIONS_PAGE_SIZE}
      list={list}
      sortField="first_name"
      searchPlaceholder="Search by name, email or course..."
      empty={list.search ? 'No submission matches your search.' : 'There are no form submissions yet.'}
    >
      {(rows) => <ListTable columns={SUBMISSION_COLUMNS} rows={rows} rowKey={(s) => s.id_slug} />}
    </ListFrame>
  );
}

export interface ApplicationsPageProps {
  /** The programme applications' tab (the admissions pipeline); `actions` is the CSV export button for its toolbar. */
  programmeApplications: ComponentType<{ actions?: ReactNode }>;
}

/** Programme applications (the admissions pipeline, with CSV export) and the public forms' submissions. */
export function ApplicationsPage({ programmeApplications: ProgrammeApplications }: ApplicationsPageProps) {
  usePageTitle('Applications');
  const [params, setParams] = useSearchParams();
  const tab = Math.max(0, TABS.indexOf(params.get('tab') as (typeof TABS)[number]));
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader
        title="Applications"
        subtitle="Youth programme applications and messages from the public site."
        actions={
          <>
            <ButtonLink to={paths.admissionsRanking()} variant="secondary">
              Ranking
            </ButtonLink>
            <ButtonLink to={paths.admissionsRubric()} variant="secondary">
              Rubric
            </ButtonLink>
            <ButtonLink to={paths.admissionsMail()} variant="secondary">
              Mail
            </ButtonLink>
            <ButtonLink to={paths.admissionsInterviews()} variant="secondary">
              Interviews
            </ButtonLink>
            <ButtonLink to={paths.admissionsOverview} variant="secondary">
              Admissions overview
            </ButtonLink>
            <ButtonLink to={paths.admissionsRecords()} variant="secondary">
              Records
            </ButtonLink>
          </>
        }
      />
      <Tabs
        label="Kind of submission"
        active={tab}
        onChange={(i) => setParams(i === 0 ? {} : { tab: TABS[i] }, { replace: true })}
        tabs={[
          { label: 'Programme applications', content: <ProgrammeApplications actions={<ExportButton />} /> },
          { label: 'Form submissions', content: <FormSubmissions /> },
        ]}
      />
    </div>
  );
}
