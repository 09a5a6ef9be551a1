import { isApiError } from '@school/contracts';
import { applicationReference } from '../../../components/admissions/reference';
import { errorMessage } from '../../../lib/api-errors';

/**
 * A refused bulk action: the API's message and, when it names more applications than the message
 * already tells (`listFrom`), each by its reference with why.
 */
export function RefusedApplications({ error, listFrom = 1 }: { error: unknown; listFrom?: number }) {
  const refused = isApiError(error) && error.errors ? Object.entries(error.errors) : [];
  return (
    <div className="admin-admissions-alert" role="alert">
      <p>{errorMessage(error)}</p>
      {refused.length >= listFrom && (
        <ul>
          {refused.map(([id, why]) => (
            <li key={id}>
              Application {applicationReference(id)}: {why}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
