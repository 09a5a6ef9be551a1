import type { StudentLiveSession } from '@school/contracts';
import { formatDateTime, useRouteQuery, useSession } from '@school/ui';

/** The server withholds a meeting link until 15 minutes before the start: read again each minute so it appears on time. */
const REFRESH_MS = 60_000;

function whereOf(s: StudentLiveSession) {
  if (s.mode === 'ON_SITE') return `On site · ${s.place}`;
  if (s.meeting_url)
    return (
      <a href={s.meeting_url} target="_blank" rel="noreferrer">
        Join the online session
      </a>
    );
  return `Online · the link opens at ${formatDateTime(s.link_opens_at)}`;
}

/** The class's live sessions still to come or under way, soonest first; nothing when there are none. */
export function LiveSessions({ cohortId, now }: { cohortId: string; now: Date }) {
  const { user } = useSession();
  const sessions = useRouteQuery(
    'userCohortSessions',
    { params: { cohortId, userIdSlug: user?.id_slug ?? '' } },
    { select: (r) => r.data, enabled: !!user, refetchInterval: REFRESH_MS },
  );
  const upcoming = (sessions.data ?? []).filter((s) => new Date(s.ends_at) > now);
  if (upcoming.length === 0) return null;
  return (
    <section className="learn-section" aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="learn-section__title">
        Live sessions
      </h2>
      <ul className="learn-sessions" aria-label="Live sessions">
        {upcoming.map((s) => (
          <li key={s.id_slug} className="learn-sessions__item">
            <strong>{s.title}</strong>
            {s.cancelled ? ' (cancelled)' : s.mandatory ? '' : ' · optional'}
            <div className="ui-muted">
              {formatDateTime(s.starts_at)} · {s.duration_minutes} min
              {s.facilitators.length ? ` · with ${s.facilitators.map((f) => `${f.first_name} ${f.last_name}`.trim()).join(', ')}` : ''}
            </div>
            {!s.cancelled && <div className="learn-sessions__where">{whereOf(s)}</div>}
          </li>
        ))}
      </ul>
    </section>
  );
}
