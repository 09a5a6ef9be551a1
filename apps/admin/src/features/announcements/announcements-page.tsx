import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_TITLE_MAX, isApiError, linkParts, type StaffAnnouncement } from '@school/contracts';
import { Button, Card, formatDate, routeKey, TextAreaField, TextField, useRouteMutation, useRouteQuery, useSession } from '@school/ui';
import { type FormEvent, useState } from 'react';
import { QueryView } from '../../components/query-view';
import { usePageTitle } from '../../lib/use-page-title';
import './announcements.css';

const STATUS_TEXT = { SCHEDULED: 'Scheduled', PUBLISHED: 'Sent', CANCELLED: 'Cancelled' } as const;

const whenText = (iso: string) =>
  `${formatDate(iso)}, ${new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`;

/** Plain text with its line breaks, its web addresses as links; never HTML. */
export function PlainText({ text }: { text: string }) {
  return (
    <p className="admin-announcement__body">
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
 * /instructor/announcements and /admin/announcements: post to the cohorts one reaches (now or at
 * a later time), and the announcements of those cohorts, with Cancel for scheduled ones and a pin.
 */
export function AnnouncementsPage() {
  usePageTitle('Announcements');
  const { user } = useSession();
  const isAdmin = user?.role === 'ADMIN';
  const cohorts = useRouteQuery('announcementCohorts', {}, { select: (r) => r.data });
  const list = useRouteQuery('announcementsStaff', {}, { select: (r) => r.data });
  const invalidates = () => [routeKey('announcementsStaff')];
  const create = useRouteMutation('announcementCreate', { invalidates });
  const update = useRouteMutation('announcementUpdate', { invalidates });
  const cancel = useRouteMutation('announcementCancel', { invalidates });
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [later, setLater] = useState(false);
  const [at, setAt] = useState('');
  const [pinned, setPinned] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setStatus(null);
    if (later && !at) return setErrors({ publish_at: 'Choose when it goes out' });
    try {
      const saved = await create.mutateAsync({
        body: { title, body, cohort_id_slugs: chosen, pinned, publish_at: later ? new Date(at).toISOString() : null },
      });
      setTitle('');
      setBody('');
      setPinned(false);
      setStatus(
        saved.data.status === 'PUBLISHED' ? 'Announcement posted.' : `Announcement scheduled for ${whenText(saved.data.publish_at)}.`,
      );
    } catch (err) {
      if (isApiError(err)) {
        setErrors(err.errors ?? {});
        setStatus(err.message);
      } else setStatus('Could not post. Please try again.');
    }
  };

  const toggleCohort = (slug: string, on: boolean) => setChosen((c) => (on ? [...c, slug] : c.filter((x) => x !== slug)));

  return (
    <div className="ui-page ui-page--narrow ui-stack ui-stack--loose">
      <header className="admin-page-header">
        <div className="admin-page-header__text">
          <h1 className="admin-page-header__title">Announcements</h1>
          <p className="admin-page-header__subtitle">Post to the students of your cohorts, now or at a later time.</p>
        </div>
      </header>
      <Card as="section" className="ui-stack" aria-labelledby="new-announcement">
        <h2 id="new-announcement" className="admin-section-title">
          New announcement
        </h2>
        <form className="ui-stack" onSubmit={(e) => void submit(e)} noValidate>
          <TextField
            label="Title"
            value={title}
            maxLength={ANNOUNCEMENT_TITLE_MAX}
            onChange={(e) => setTitle(e.target.value)}
            error={errors.title}
            required
          />
          <TextAreaField
            label="Message"
            hint="Plain text; web addresses become links."
            rows={6}
            value={body}
            maxLength={ANNOUNCEMENT_BODY_MAX}
            onChange={(e) => setBody(e.target.value)}
            error={errors.body}
            required
          />
          <fieldset className="admin-announcement__choices" aria-describedby={errors.cohort_id_slugs ? 'cohorts-error' : undefined}>
            <legend className="admin-announcement__legend">Cohorts</legend>
            <QueryView query={cohorts} label="your cohorts">
              {(options) =>
                options.length === 0 ? (
                  <p className="ui-empty ui-empty--quiet">You have no cohort to post to.</p>
                ) : (
                  options.map((c) => (
                    <label key={c.id_slug} className="admin-announcement__choice">
                      <input
                        type="checkbox"
                        checked={chosen.includes(c.id_slug)}
                        onChange={(e) => toggleCohort(c.id_slug, e.target.checked)}
                      />
                      {c.title}
                    </label>
                  ))
                )
              }
            </QueryView>
            {errors.cohort_id_slugs && (
              <p id="cohorts-error" className="ui-field__error">
                {errors.cohort_id_slugs}
              </p>
            )}
          </fieldset>
          <fieldset className="admin-announcement__choices">
            <legend className="admin-announcement__legend">When</legend>
            <label className="admin-announcement__choice">
              <input type="radio" name="when" checked={!later} onChange={() => setLater(false)} />
              Now
            </label>
            <label className="admin-announcement__choice">
              <input type="radio" name="when" checked={later} onChange={() => setLater(true)} />
              At a later time
            </label>
            {later && (
              <TextField
                label="Goes out at"
                type="datetime-local"
                value={at}
                onChange={(e) => setAt(e.target.value)}
                error={errors.publish_at}
              />
            )}
          </fieldset>
          <label className="admin-announcement__choice">
            <input type="checkbox" checked={pinned} onChange={(e) => setPinned(e.target.checked)} />
            Pin it (shown first)
          </label>
          <div className="admin-row">
            <Button type="submit" disabled={create.isPending}>
              {later ? 'Schedule' : 'Post now'}
            </Button>
          </div>
          <output className="ui-muted" aria-live="polite">
            {status}
          </output>
        </form>
      </Card>
      <section className="ui-stack" aria-labelledby="posted-announcements">
        <h2 id="posted-announcements" className="admin-section-title">
          Posted and scheduled
        </h2>
        <QueryView query={list} label="announcements">
          {(items) =>
            items.length === 0 ? (
              <p className="ui-empty ui-empty--quiet">No announcements yet.</p>
            ) : (
              <ul className="ui-stack admin-announcement-list">
                {items.map((a: StaffAnnouncement) => (
                  <Card as="li" key={a.id_slug} className="ui-stack admin-announcement">
                    <h3 className="admin-announcement__title">
                      {a.pinned && <span className="admin-announcement__pin">Pinned · </span>}
                      {a.title}
                    </h3>
                    <p className="ui-muted ui-muted--small">
                      {STATUS_TEXT[a.status]} · {whenText(a.published_at ?? a.publish_at)}
                      {a.edited_at && ` · edited ${whenText(a.edited_at)}`} · {a.author_name} · {a.cohorts.map((c) => c.title).join(', ')}
                    </p>
                    <PlainText text={a.body} />
                    {a.status !== 'CANCELLED' && (a.mine || isAdmin) && (
                      <div className="admin-row">
                        <Button
                          variant="secondary"
                          size="sm"
                          disabled={update.isPending}
                          onClick={() =>
                            void update
                              .mutateAsync({ params: { announcementId: a.id_slug }, body: { pinned: !a.pinned } })
                              .catch(() => setStatus('Could not change the pin.'))
                          }
                        >
                          {a.pinned ? 'Unpin' : 'Pin'}
                          <span className="ui-visually-hidden"> {a.title}</span>
                        </Button>
                        {a.status === 'SCHEDULED' && (
                          <Button
                            variant="secondary"
                            size="sm"
                            disabled={cancel.isPending}
                            onClick={() =>
                              void cancel
                                .mutateAsync({ params: { announcementId: a.id_slug }, body: {} })
                                .catch(() => setStatus('Could not cancel.'))
                            }
                          >
                            Cancel<span className="ui-visually-hidden"> {a.title}</span>
                          </Button>
                        )}
                      </div>
                    )}
                  </Card>
                ))}
              </ul>
            )
          }
        </QueryView>
      </section>
    </div>
  );
}
