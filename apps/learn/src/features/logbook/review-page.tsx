import { jobRoles } from '@school/catalogue';
import { isApiError, type OjtReview, type TraineeSection } from '@school/contracts';
import {
  AppLink,
  Button,
  ErrorView,
  LoadingIndicator,
  routeKey,
  TextAreaField,
  useRouteMutation,
  useRouteQuery,
  useSession,
} from '@school/ui';
import { OjtReviewDates, OjtReviewSections } from '@school/ui/ojt-review';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import './logbook.css';

const ROLES = jobRoles.map((r) => r.title);

/** /student/placements/{id}/reviews/{week}: the trainee's section of a review to complete and sign, the others' as they stand. */
export function ReviewPage() {
  const { placementId = '', week = '' } = useParams();
  const query = useRouteQuery('myOjtReview', { params: { placementId, week: Number(week) } }, { select: (r) => r.data });
  usePageTitle(`${week}-week review`);
  if (query.isPending) return <LoadingIndicator />;
  if (query.isError) return <ErrorView homePath={paths.dashboard} />;
  const r = query.data;
  const signed = r.signatures.some((s) => s.party === 'TRAINEE');
  return (
    <div className="ui-page ui-page--padded learn-logbook">
      <AppLink to={paths.logbook(placementId)}>← Logbook</AppLink>
      <h1>{r.week}-week review</h1>
      <OjtReviewDates review={r} />
      <p className="learn-logbook__sub">
        {r.host_name} · supervisor {r.supervisor_name}
      </p>
      {r.state === 'COMPLETE' && <Frozen review={r} placementId={placementId} />}
      {!signed && r.state !== 'NOT_OPEN' && <TraineeForm key={JSON.stringify(r.trainee)} review={r} placementId={placementId} />}
      <OjtReviewSections review={r} omit={!signed && r.state !== 'NOT_OPEN' ? 'TRAINEE' : undefined} />
    </div>
  );
}

/** The trainee's section: progress, competencies practised (the programme's job roles), goals; saved, then signed. */
function TraineeForm({ review: r, placementId }: { review: OjtReview; placementId: string }) {
  const params = { placementId, week: r.week };
  const [draft, setDraft] = useState<TraineeSection>(r.trainee);
  const [done, setDone] = useState<string | null>(null);
  const reads = () => [routeKey('myOjtReview'), routeKey('myOjtReviews')];
  const save = useRouteMutation('saveMyOjtReview', { invalidates: reads });
  const sign = useRouteMutation('signMyOjtReview', { invalidates: reads });
  const toggle = (role: string, on: boolean) =>
    setDraft((d) => ({ ...d, competencies: on ? [...d.competencies, role] : d.competencies.filter((c) => c !== role) }));
  const onSave = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    save.mutate({ params, body: draft }, { onSuccess: () => setDone('Saved. Sign your section when it is complete.') });
  };
  const onSign = () => {
    setDone(null);
    save.mutate({ params, body: draft }, { onSuccess: () => sign.mutate({ params }) });
  };
  const err = save.error ?? sign.error;
  return (
    <form className="ui-stack learn-logbook__review-form" onSubmit={onSave} noValidate aria-label="Your self-assessment">
      <h2>Your self-assessment</h2>
      {done && <output className="learn-logbook__done">{done}</output>}
      {err && isApiError(err) && <p role="alert">{err.errors?.competencies ?? err.message}</p>}
      <TextAreaField
        label="Progress"
        hint="What you have learned and done since the last review"
        rows={4}
        value={draft.progress}
        onChange={(e) => setDraft({ ...draft, progress: e.target.value })}
      />
      <fieldset className="learn-logbook__roles">
        <legend>Competencies practised</legend>
        {ROLES.map((role) => (
          <label key={role}>
            <input type="checkbox" checked={draft.competencies.includes(role)} onChange={(e) => toggle(role, e.target.checked)} /> {role}
          </label>
        ))}
      </fieldset>
      <TextAreaField
        label="Goals"
        hint="What you aim to learn or do by the next review"
        rows={3}
        value={draft.goals}
        onChange={(e) => setDraft({ ...draft, goals: e.target.value })}
      />
      <p className="learn-logbook__sub">Once signed, your section cannot change; your supervisor is then emailed a link to theirs.</p>
      <div className="learn-logbook__actions">
        <Button type="submit" variant="secondary" loading={save.isPending && !sign.isPending}>
          Save draft
        </Button>
        <Button type="button" onClick={onSign} loading={sign.isPending}>
          Sign my section
        </Button>
      </div>
    </form>
  );
}

/** A review signed by all three: its PDF and the public page that checks it. */
function Frozen({ review: r, placementId }: { review: OjtReview; placementId: string }) {
  const { client } = useSession();
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setFailed(false);
    try {
      const blob = await client.call('myOjtReviewPdf', { params: { placementId, week: r.week } });
      const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `review-week-${r.week}.pdf`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      setFailed(true);
    }
  };
  return (
    <div className="learn-logbook__frozen">
      <p>Signed by all three. The signed PDF is kept by the school with its fingerprint (SHA-256).</p>
      <div className="learn-logbook__actions">
        <Button type="button" variant="secondary" onClick={download}>
          Download the PDF
        </Button>
        <AppLink to={`/verify/reviews/${r.id_slug}/${r.sha256}`}>Verify the PDF</AppLink>
      </div>
      {failed && <p role="alert">The PDF could not be downloaded. Please try again.</p>}
    </div>
  );
}
