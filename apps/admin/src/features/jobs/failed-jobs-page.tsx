import { Button, formatDateTime, useRouteMutation, useRouteQuery } from '@school/ui';
import { ListTable } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { invalidations } from '../../lib/invalidations';
import { usePageTitle } from '../../lib/use-page-title';
import './failed-jobs.css';

/**
 * Jobs that failed after their last try (mail the SMTP server refused...), each with a Retry, and
 * the jobs that failed a try and wait for the next one (when, and why the last failed).
 */
export function FailedJobsPage() {
  usePageTitle('Failed jobs');
  const jobs = useRouteQuery('adminFailedJobs', {});
  const retry = useRouteMutation('adminRetryJob', { invalidates: invalidations.adminRetryJob });
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader
        title="Failed jobs"
        subtitle="Work that failed after its last try (Retry puts it back in the queue), and work waiting to be tried again."
      />
      {retry.isError && <p role="alert">The job could not be retried.</p>}
      {jobs.isError ? (
        <p role="alert">The failed jobs could not be loaded.</p>
      ) : !jobs.data ? (
        <p>Loading...</p>
      ) : jobs.data.results.length === 0 ? (
        <p>No job has failed.</p>
      ) : (
        <ListTable
          rows={jobs.data.results}
          rowKey={(j) => j.id}
          columns={[
            { label: 'Job', render: (j) => j.name },
            { label: 'Failed', render: (j) => (j.completed_on ? formatDateTime(j.completed_on) : '') },
            { label: 'Tries', render: (j) => j.retry_count + 1 },
            { label: 'Error', className: 'admin-failed-jobs__error', render: (j) => j.error },
            {
              label: 'Actions',
              hideLabel: true,
              render: (j) => (
                <Button
                  type="button"
                  variant="secondary"
                  disabled={retry.isPending}
                  onClick={() => retry.mutate({ params: { jobId: j.id } })}
                >
                  Retry
                </Button>
              ),
            },
          ]}
        />
      )}
      {jobs.data && (
        <section className="ui-stack" aria-labelledby="admin-failed-jobs-retrying">
          <h2 id="admin-failed-jobs-retrying" className="admin-section-title">
            Waiting to retry
          </h2>
          {jobs.data.retrying.length === 0 ? (
            <p>No job is waiting to be tried again.</p>
          ) : (
            <ListTable
              rows={jobs.data.retrying}
              rowKey={(j) => j.id}
              columns={[
                { label: 'Job', render: (j) => j.name },
                { label: 'Next try', render: (j) => formatDateTime(j.next_try_on) },
                { label: 'Tries', render: (j) => `${j.retry_count + 1} of ${j.retry_limit + 1}` },
                { label: 'Last error', className: 'admin-failed-jobs__error', render: (j) => j.error },
              ]}
            />
          )}
        </section>
      )}
    </div>
  );
}
