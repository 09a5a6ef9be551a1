import {
  type AttendanceFigures,
  type AttendanceStatus,
  attendanceForecast,
  type StudentAttendance,
  type StudentLiveSession,
} from '@school/contracts';
import { formatDateTime, useRouteQuery, useSession } from '@school/ui';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { CheckInForm } from './check-in-form';
import { sessionAnchor } from './schedule';

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

const MARK: Record<AttendanceStatus, string> = { PRESENT: 'Present', LATE: 'Late', EXCUSED: 'Excused', ABSENT: 'Absent' };

const figures = (f: AttendanceFigures) =>
  f.percent === null
    ? 'No session counted yet'
    : `${f.percent}% · ${f.attended} of ${f.counted} ${f.counted === 1 ? 'session' : 'sessions'}`;

/** The trainee's attendance this month and overall, what reaching the threshold takes, and their past sessions' marks. */
function Attendance({ attendance, past }: { attendance: StudentAttendance; past: StudentLiveSession[] }) {
  return (
    <section className="learn-attendance" aria-labelledby="attendance-title">
      <h3 id="attendance-title">Your attendance</h3>
      <dl className="learn-attendance__figures">
        <div>
          <dt>This month</dt>
          <dd>{figures(attendance.this_month)}</dd>
        </div>
        <div>
          <dt>Overall</dt>
          <dd>{figures(attendance.overall)}</dd>
        </div>
      </dl>
      <p>{attendanceForecast(attendance)}</p>
      <p className="ui-muted">
        The programme asks for {attendance.threshold_percent}% of the mandatory sessions. Late counts as attended; an excused absence is
        left out.
      </p>
      {past.length > 0 && (
        <details>
          <summary>Past sessions ({past.length})</summary>
          <ul className="learn-sessions" aria-label="Past sessions">
            {past.map((s) => (
              <li key={s.id_slug} id={sessionAnchor(s.id_slug)} className="learn-sessions__item">
                <strong>{s.title}</strong>
                {s.cancelled ? ' (cancelled)' : s.mandatory ? '' : ' · optional'}
                <div className="ui-muted">
                  {formatDateTime(s.starts_at)}
                  {!s.cancelled && s.my_status ? ` · ${MARK[s.my_status]}` : ''}
                </div>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

/**
 * The class's live sessions still to come or under way, soonest first, and the trainee's
 * attendance; nothing when the class has no session.
 */
export function LiveSessions({ cohortId, now }: { cohortId: string; now: Date }) {
  const { user } = useSession();
  // The QR on the room's screen opens the class with the session and its code.
  const [params] = useSearchParams();
  const sessions = useRouteQuery(
    'userCohortSessions',
    { params: { cohortId, userIdSlug: user?.id_slug ?? '' } },
    { enabled: !!user, refetchInterval: REFRESH_MS },
  );
  const all = sessions.data?.data ?? [];
  const upcoming = all.filter((s) => new Date(s.ends_at) > now);
  const past = all.filter((s) => new Date(s.ends_at) <= now).reverse();
  const attendance = sessions.data?.attendance;
  const counts = attendance && attendance.overall.counted + attendance.remaining > 0;
  // A link from the schedule names a session (`#session-…`): once the sessions are shown, bring it into view.
  const { hash } = useLocation();
  const shown = sessions.isSuccess;
  useEffect(() => {
    if (!shown || !hash.startsWith(`#${sessionAnchor('')}`)) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1))) ?? document.getElementById('sessions-title');
    target?.closest('details')?.setAttribute('open', '');
    target?.scrollIntoView?.({ block: 'start' });
  }, [hash, shown]);
  if (upcoming.length === 0 && !counts) return null;
  return (
    <section className="learn-section" aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="learn-section__title">
        Live sessions
      </h2>
      {upcoming.length > 0 && (
        <ul className="learn-sessions" aria-label="Live sessions">
          {upcoming.map((s) => (
            <li key={s.id_slug} id={sessionAnchor(s.id_slug)} className="learn-sessions__item">
              <strong>{s.title}</strong>
              {s.cancelled ? ' (cancelled)' : s.mandatory ? '' : ' · optional'}
              <div className="ui-muted">
                {formatDateTime(s.starts_at)} · {s.duration_minutes} min
                {s.facilitators.length ? ` · with ${s.facilitators.map((f) => `${f.first_name} ${f.last_name}`.trim()).join(', ')}` : ''}
              </div>
              {!s.cancelled && <div className="learn-sessions__where">{whereOf(s)}</div>}
              {s.my_status === 'PRESENT' || s.my_status === 'LATE' ? (
                <div className="learn-sessions__checked">Checked in · {MARK[s.my_status]}</div>
              ) : (
                !s.cancelled &&
                s.mode === 'ON_SITE' &&
                new Date(s.link_opens_at) <= now && (
                  <CheckInForm
                    cohortId={cohortId}
                    session={s}
                    initialCode={params.get('check_in') === s.id_slug ? (params.get('code') ?? '') : ''}
                  />
                )
              )}
            </li>
          ))}
        </ul>
      )}
      {counts && <Attendance attendance={attendance} past={past} />}
    </section>
  );
}
