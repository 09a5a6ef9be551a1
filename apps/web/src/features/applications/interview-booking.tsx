import { ApiError, type ApplicantInterview, type ApplicantSlot } from '@school/contracts';
import { Button, LoadingIndicator, useSession } from '@school/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

export const interviewCopy = {
  title: 'Your interview',
  lead: 'Choose a time for your interview. You can change or cancel it until 24 hours before it starts.',
  booked: 'Your interview',
  when: 'When',
  length: 'Length',
  minutes: (n: number) => `${n} minutes`,
  place: 'Place',
  link: 'Meeting link',
  changeUntil: 'Change or cancel until',
  locked: 'Your interview is less than 24 hours away: it can no longer be changed here. Reply to the school’s email if you cannot come.',
  noShow: 'You were recorded as not attending this interview.',
  choose: 'Choose a slot',
  change: 'Choose another slot',
  none: 'No interview slot is open for booking right now. We will email you when there are more.',
  full: 'Full',
  book: 'Book this slot',
  move: 'Move my interview to this slot',
  cancel: 'Cancel my booking',
  cancelConfirm: 'Cancel your interview? The slot goes back to other applicants.',
  cancelYes: 'Yes, cancel my interview',
  keep: 'Keep my interview',
  failed: 'Your interview could not be loaded right now. Please try again.',
  sendFailed: 'Your booking could not be saved right now. Please try again.',
  pick: 'Choose one of the slots first.',
} as const;
const c = interviewCopy;

/**
 * The interview stage on the applicant's page: their booking (when, where, until when it may
 * change) and the open slots to book or move to, through the private link's token.
 */
export function InterviewBooking({ id, token }: { id: string; token: string }) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  const key = ['application-interview', id, token];
  const q = useQuery({
    queryKey: key,
    queryFn: async () => (await client.call('applicantInterview', { params: { applicationId: id }, body: { token } })).data,
  });
  const [chosen, setChosen] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async (call: () => Promise<{ data: ApplicantInterview; message?: string }>) => {
    setBusy(true);
    setFailure(null);
    setMessage(null);
    try {
      const res = await call();
      queryClient.setQueryData(key, res.data);
      setMessage(res.message ?? null);
      setChosen('');
      setConfirming(false);
    } catch (e) {
      setFailure(e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : c.sendFailed);
      // A slot may have filled meanwhile: show the slots as they are now.
      void queryClient.invalidateQueries({ queryKey: key });
    } finally {
      setBusy(false);
    }
  };
  const book = () => {
    if (!chosen) return setFailure(c.pick);
    return run(() => client.call('applicantBookInterview', { params: { applicationId: id }, body: { token, slot_id: chosen } }));
  };
  const cancel = () => run(() => client.call('applicantCancelInterview', { params: { applicationId: id }, body: { token } }));

  if (q.isPending) return <LoadingIndicator />;
  if (q.isError)
    return (
      <p role="alert" className="site-application-status__alert">
        {c.failed}
      </p>
    );
  const v = q.data;
  if (!v.open && !v.booking) return null;
  const b = v.booking;
  const canPick = v.open && (!b || b.can_change);
  const choices = v.slots.filter((s) => s.id_slug !== b?.id_slug);

  return (
    <section aria-labelledby="interview-title" className="site-application-status__offer site-interview">
      <h2 id="interview-title">{c.title}</h2>
      {message && <output className="site-application-status__message">{message}</output>}
      {failure && (
        <p role="alert" className="site-application-status__alert">
          {failure}
        </p>
      )}
      {b ? (
        <>
          <dl aria-label={c.booked}>
            <dt>{c.when}</dt>
            <dd>{b.starts_at_text}</dd>
            <dt>{c.length}</dt>
            <dd>{c.minutes(b.duration_minutes)}</dd>
            <SlotWhere slot={b} />
            {b.can_change && (
              <>
                <dt>{c.changeUntil}</dt>
                <dd>{b.change_until_text}</dd>
              </>
            )}
          </dl>
          {b.no_show ? (
            <p className="site-application-status__note">{c.noShow}</p>
          ) : (
            !b.can_change && <p className="site-application-status__note">{c.locked}</p>
          )}
        </>
      ) : (
        <p>{c.lead}</p>
      )}
      {canPick &&
        (choices.length ? (
          <fieldset className="site-interview__slots">
            <legend>{b ? c.change : c.choose}</legend>
            {choices.map((s) => (
              <label key={s.id_slug} className="site-interview__slot">
                <input
                  type="radio"
                  name="interview-slot"
                  value={s.id_slug}
                  disabled={s.full || busy}
                  checked={chosen === s.id_slug}
                  onChange={() => setChosen(s.id_slug)}
                />
                <span>
                  <strong>{s.starts_at_text}</strong> · {c.minutes(s.duration_minutes)}
                  <br />
                  {[s.place, s.meeting_link && c.link].filter(Boolean).join(' · ')}
                  {s.full && <em className="site-interview__full"> · {c.full}</em>}
                </span>
              </label>
            ))}
            <div className="site-application-status__actions">
              <Button type="button" disabled={busy} onClick={book}>
                {b ? c.move : c.book}
              </Button>
            </div>
          </fieldset>
        ) : (
          !b && <p className="site-application-status__note">{c.none}</p>
        ))}
      {b?.can_change &&
        (confirming ? (
          <div className="site-application-status__confirm">
            <p>{c.cancelConfirm}</p>
            <div className="site-application-status__actions">
              <Button type="button" variant="danger" disabled={busy} onClick={cancel}>
                {c.cancelYes}
              </Button>
              <Button type="button" variant="secondary" disabled={busy} onClick={() => setConfirming(false)}>
                {c.keep}
              </Button>
            </div>
          </div>
        ) : (
          <div className="site-application-status__actions">
            <Button type="button" variant="secondary" disabled={busy} onClick={() => setConfirming(true)}>
              {c.cancel}
            </Button>
          </div>
        ))}
    </section>
  );
}

function SlotWhere({ slot }: { slot: Pick<ApplicantSlot, 'place' | 'meeting_link'> }) {
  return (
    <>
      {slot.place && (
        <>
          <dt>{c.place}</dt>
          <dd>{slot.place}</dd>
        </>
      )}
      {slot.meeting_link && (
        <>
          <dt>{c.link}</dt>
          <dd>
            <a href={slot.meeting_link} rel="noreferrer" target="_blank" className="site-interview__link">
              {slot.meeting_link}
            </a>
          </dd>
        </>
      )}
    </>
  );
}
