import { linkParts, type StudentAnnouncement, type StudentAnnouncementsResponse } from '@school/contracts';
import { formatDate, routeKey, routeQueryKey, useRouteMutation, useRouteQuery } from '@school/ui';
import './announcements.css';

const whenText = (iso: string) =>
  `${formatDate(iso)}, ${new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`;

/** Plain text with its line breaks, its web addresses as links; never HTML. */
function PlainText({ text }: { text: string }) {
  return (
    <p className="learn-announcement__body">
      {linkParts(text).map((p, i) =>
        'href' in p ? (
          <a key={i} className="ui-link" href={p.href} target="_blank" rel="noopener noreferrer">
            {p.text}
          </a>
        ) : (
          p.text
        ),
      )}
    </p>
  );
}

/**
 * The announcements of one class (`cohortId`) or of all the student's classes: unread first, then
 * pinned, then newest, with the unread count. Opening one marks it read; it keeps its place until
 * the next visit, so the list does not jump under the reader.
 */
export function Announcements({ cohortId, showCohort = false }: { cohortId?: string; showCohort?: boolean }) {
  const classQuery = useRouteQuery('classAnnouncements', { params: { cohortId: cohortId ?? '' } }, { enabled: !!cohortId });
  const allQuery = useRouteQuery('myAnnouncements', {}, { enabled: !cohortId });
  const query = cohortId ? classQuery : allQuery;
  const key = cohortId ? routeQueryKey('classAnnouncements', { params: { cohortId } }) : routeQueryKey('myAnnouncements', {});
  const read = useRouteMutation('announcementRead', {
    // The other list (dashboard or class page) refetches when next shown; this one is updated in place.
    invalidates: () => [cohortId ? routeKey('myAnnouncements') : routeKey('classAnnouncements')],
    onSuccess: (answer, vars, queryClient) =>
      queryClient.setQueryData<StudentAnnouncementsResponse>(
        key,
        (old) =>
          old && {
            unread: cohortId ? old.data.filter((a) => !a.read && a.id_slug !== vars.params.announcementId).length : answer.unread,
            data: old.data.map((a) => (a.id_slug === vars.params.announcementId ? { ...a, read: true } : a)),
          },
      ),
  });
  const data = query.data;
  if (!data) return null;
  const open = (a: StudentAnnouncement, isOpen: boolean) => {
    if (isOpen && !a.read) read.mutate({ params: { announcementId: a.id_slug }, body: {} });
  };
  const headingId = cohortId ? 'class-announcements' : 'my-announcements';
  return (
    <section className="learn-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="learn-section__title">
        Announcements
        {data.unread > 0 && (
          <span className="learn-announcements__count" data-testid="unread-announcements">
            {data.unread} unread
          </span>
        )}
      </h2>
      {data.data.length === 0 ? (
        <p className="ui-muted">No announcements yet.</p>
      ) : (
        <ul className="learn-announcements">
          {data.data.map((a) => (
            <li key={a.id_slug} className={`learn-announcement${a.read ? '' : ' learn-announcement--unread'}`}>
              <details onToggle={(e) => open(a, (e.currentTarget as HTMLDetailsElement).open)}>
                <summary className="learn-announcement__summary">
                  <span className="learn-announcement__title">
                    {!a.read && <span className="ui-visually-hidden">Unread: </span>}
                    {a.pinned && <span className="learn-announcement__pin">Pinned · </span>}
                    {a.title}
                  </span>
                  <span className="learn-announcement__meta">
                    {a.author_name} · {whenText(a.published_at)}
                    {a.edited_at && ' · edited'}
                    {showCohort && ` · ${a.cohort_title}`}
                  </span>
                </summary>
                <PlainText text={a.body} />
                {a.edited_at && <p className="learn-announcement__meta">Edited {whenText(a.edited_at)}</p>}
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
