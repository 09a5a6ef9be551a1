import { Button, formatDateTime } from '@school/ui';
import { PageHeader } from '../../components/page-header';
import { invalidations } from '../../lib/invalidations';
import { useRouteMutation, useRouteQuery } from '../../lib/route-query';
import { usePageTitle } from '../../lib/use-page-title';
import './failed-jobs.css';

/** Jobs that failed after their last try (mail the SMTP server refused...), each with a Retry. */
export function FailedJobsPage() {
  usePageTitle('Failed jobs');
  const jobs = useRouteQuery('adminFailedJobs', {});
  const retry = useRouteMutation('adminRetryJob', { invalidates: invalidations.adminRetryJob });
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader title="Failed jobs" subtitle="Work that failed after its last try. Retry puts it back in the queue." />
      {retry.isError && <p role="alert">The job could not be retried.</p>}
      {jobs.isError ? (
        <p role="alert">The failed jobs could not be loaded.</p>
      ) : !jobs.data ? (
        <p>Loading...</p>
      ) : jobs.data.results.length === 0 ? (
        <p>No job has failed.</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Job</th>
              <th scope="col">Failed</th>
              <th scope="col">Tries</th>
              <th scope="col">Error</th>
              <th scope="col">
                <span className="ui-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.data.results.map((j) => (
              <tr key={j.id}>
                <td>{j.name}</td>
                <td>{j.completed_on ? formatDateTime(j.completed_on) : ''}</td>
                <td>{j.retry_count + 1}</td>
                <td className="failed-jobs__error">{j.error}</td>
                <td>
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={retry.isPending}
                    onClick={() => retry.mutate({ params: { jobId: j.id } })}
                  >
                    Retry
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
