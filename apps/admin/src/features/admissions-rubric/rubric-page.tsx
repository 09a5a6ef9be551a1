import { intakeOptions } from '@school/catalogue/data';
import { isApiError, type RubricResponse } from '@school/contracts';
import {
  Button,
  ButtonLink,
  formatDateTime,
  routeKey,
  routeQueryKey,
  SelectField,
  TextAreaField,
  TextField,
  useRouteMutation,
  useRouteQuery,
} from '@school/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { SaveButtons } from '../../components/save-buttons';
import { DragHandle, type HandleProps, SortableList } from '../../components/sortable-list';
import { useIntakeParam } from '../../lib/intakes';
import { useNotify } from '../../lib/notice';
import { paths } from '../../lib/paths';
import { useUnsavedChangesGuard } from '../../lib/use-unsaved-changes';
import { usePageTitle } from '../../lib/use-page-title';
import {
  criterionIds,
  type CriterionDraft,
  type CriterionErrors,
  LEVELS,
  move,
  newCriterion,
  splitErrors,
  toDrafts,
  toRubric,
} from './rubric-model';
import '../../components/admissions/admissions.css';
import './admissions-rubric.css';

export const RUBRIC_SAVED_MESSAGE = 'Rubric saved';
const MAX_CRITERIA = 20;

type RubricData = RubricResponse['data'];

/** /admin/applications/rubric?intake=: the criteria reviewers score an intake's applications against. */
export function RubricPage() {
  const [intake, setIntake] = useIntakeParam();
  usePageTitle('Review rubric');
  const intakes = intakeOptions();
  const query = useRouteQuery('admissionsRubric', { params: { intake } }, { select: (r) => r.data });
  return (
    <div className="ui-page ui-page--narrow ui-stack ui-stack--loose">
      <PageHeader
        title="Review rubric"
        subtitle="The criteria reviewers score each application against, 1 to 5, and their weights in the ranking."
        back={{ to: paths.applications, label: 'Applications' }}
        actions={
          <ButtonLink variant="secondary" to={paths.admissionsRanking(intake)}>
            Ranking
          </ButtonLink>
        }
      />
      {intakes.length > 1 && (
        <SelectField
          label="Intake"
          options={intakes}
          value={intake}
          onChange={(e) => setIntake(e.target.value)}
          className="admin-rubric__intake"
        />
      )}
      <QueryView query={query} label="the rubric" homePath={paths.applications}>
        {(rubric) => <RubricEditor key={`${rubric.intake}:${rubric.updated_at ?? 'new'}`} rubric={rubric} />}
      </QueryView>
    </div>
  );
}

function RubricEditor({ rubric }: { rubric: RubricData }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  // A rubric not saved yet starts with one blank criterion.
  const initial = useMemo(() => (rubric.criteria.length ? toDrafts(rubric.criteria) : [newCriterion()]), [rubric.criteria]);
  const [drafts, setDrafts] = useState<CriterionDraft[]>(initial);
  const [blind, setBlind] = useState(rubric.blind);
  const [errors, setErrors] = useState<{ byKey: Map<string, CriterionErrors>; general: string[] }>({ byKey: new Map(), general: [] });
  const [failure, setFailure] = useState<string | null>(null);
  const fixed = rubric.scored;
  const ids = criterionIds(drafts);
  const params = { intake: rubric.intake };
  const dirty = JSON.stringify(toRubric(drafts, blind)) !== JSON.stringify(toRubric(initial, rubric.blind));
  const guard = useUnsavedChangesGuard(dirty, {
    title: 'Leave the rubric?',
    message: 'Your changes to the rubric are not saved yet. Leave the page and lose them?',
  });
  const save = useRouteMutation('admissionsUpdateRubric', {
    invalidates: () => [routeKey('admissionsRanking', { params })],
    onSuccess: (answer, _v, qc) => qc.setQueryData(routeQueryKey('admissionsRubric', { params }), answer),
  });

  const update = (key: string, change: Partial<CriterionDraft>) =>
    setDrafts((ds) => ds.map((d) => (d.key === key ? { ...d, ...change } : d)));
  const setLevel = (key: string, index: number, text: string) =>
    setDrafts((ds) => ds.map((d) => (d.key === key ? { ...d, levels: d.levels.map((l, i) => (i === index ? text : l)) } : d)));
  const reorder = (from: number, to: number) => setDrafts((ds) => move(ds, from, to));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const sent = drafts;
    setFailure(null);
    save.mutate(
      { params, body: toRubric(sent, blind) },
      {
        onSuccess: () => {
          setErrors({ byKey: new Map(), general: [] });
          notify.success(RUBRIC_SAVED_MESSAGE);
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 400) {
            const split = splitErrors(error.errors, sent);
            setErrors(split);
            setFailure(split.byKey.size ? `${error.message}. Check the fields marked below.` : error.message);
          } else if (isApiError(error) && error.status === 409) {
            setErrors({ byKey: new Map(), general: [] });
            setFailure(error.message);
            // Scoring has started since the page loaded: read the rubric again (ids and weights become read-only).
            void queryClient.invalidateQueries({ queryKey: routeKey('admissionsRubric', { params }) });
          } else setFailure(isApiError(error) ? error.message : 'The rubric could not be saved. Please try again.');
        },
      },
    );
  };

  const renderCriterion = (d: CriterionDraft, index: number, handle?: HandleProps) => {
    const err = errors.byKey.get(d.key);
    const name = d.title.trim() || `Criterion ${index + 1}`;
    return (
      <fieldset className="admin-admissions-criterion ui-stack" aria-describedby={`${d.key}-id`}>
        <legend className="admin-rubric__legend">
          {index + 1}. {name}
        </legend>
        <div className="admin-rubric__toolbar">
          {!fixed && handle && <DragHandle {...handle} label={`Move ${name}`} />}
          <p id={`${d.key}-id`} className="ui-muted ui-muted--small admin-rubric__id">
            Id: <code>{ids[index]}</code>
            {!d.savedId && ' (from the title; fixed once saved)'}
          </p>
          {!fixed && (
            <span className="admin-rubric__moves">
              <Button
                variant="ghost"
                size="sm"
                disabled={index === 0}
                onClick={() => reorder(index, index - 1)}
                aria-label={`Move ${name} up`}
              >
                Up
              </Button>
              <Button
                variant="ghost"
                size="sm"
                disabled={index === drafts.length - 1}
                onClick={() => reorder(index, index + 1)}
                aria-label={`Move ${name} down`}
              >
                Down
              </Button>
              <Button
                variant="ghost"
                size="sm"
                disabled={drafts.length === 1}
                onClick={() => setDrafts((ds) => ds.filter((x) => x.key !== d.key))}
                aria-label={`Remove ${name}`}
              >
                Remove
              </Button>
            </span>
          )}
        </div>
        {err?.id && <p className="ui-field__error">{err.id}</p>}
        <div className="admin-form__grid">
          <TextField
            label="Title"
            required
            maxLength={200}
            value={d.title}
            error={err?.title}
            onChange={(e) => update(d.key, { title: e.target.value })}
          />
          <TextField
            label="Weight"
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step="any"
            required
            value={d.weight}
            readOnly={fixed}
            hint={fixed ? 'Fixed: reviewers have scored this intake.' : 'Relative to the other criteria.'}
            error={err?.weight}
            onChange={(e) => update(d.key, { weight: e.target.value })}
          />
        </div>
        <TextAreaField
          label="Description"
          rows={2}
          maxLength={2000}
          value={d.description}
          error={err?.description}
          onChange={(e) => update(d.key, { description: e.target.value })}
        />
        <fieldset className="admin-rubric__levels ui-stack">
          <legend className="admin-subtitle">Levels</legend>
          {err?.levelsAll && <p className="ui-field__error">{err.levelsAll}</p>}
          {LEVELS.map((level, i) => (
            <TextAreaField
              key={level}
              label={`Level ${level}${level === 1 ? ' (lowest)' : level === 5 ? ' (highest)' : ''}`}
              rows={2}
              required
              maxLength={500}
              value={d.levels[i] ?? ''}
              error={err?.levels[i]}
              onChange={(e) => setLevel(d.key, i, e.target.value)}
            />
          ))}
        </fieldset>
      </fieldset>
    );
  };

  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-label="Rubric">
      {guard}
      <p className="ui-muted">
        {rubric.updated_at
          ? `Last saved ${formatDateTime(rubric.updated_at)}.`
          : 'This intake has no rubric yet: reviewers cannot score until it is saved.'}
      </p>
      <label className="admin-check">
        <input type="checkbox" checked={blind} onChange={(e) => setBlind(e.currentTarget.checked)} aria-describedby="rubric-blind-hint" />
        Blind review (recommended)
      </label>
      <p id="rubric-blind-hint" className="ui-muted">
        Reviewers who are not admins see no name, gender, ethnicity, marital status, age or date of birth, address, contact details or
        documents until they have submitted their scores.
      </p>
      {fixed && (
        <p className="admin-admissions-note" role="note">
          Reviewers have scored this intake: its criteria, their order and weights are fixed. Titles, descriptions and level texts can still
          change.
        </p>
      )}
      {(failure || errors.general.length > 0) && (
        <div role="alert" className="admin-admissions-alert">
          {failure && <p>{failure}</p>}
          {errors.general
            .filter((g) => g !== failure)
            .map((g) => (
              <p key={g}>{g}</p>
            ))}
        </div>
      )}
      {fixed ? (
        <ol className="ui-plain-list ui-stack">
          {drafts.map((d, i) => (
            <li key={d.key}>{renderCriterion(d, i)}</li>
          ))}
        </ol>
      ) : (
        <SortableList
          items={drafts}
          noun="criterion"
          nameOf={(d) => d.title.trim() || 'untitled'}
          onMove={(a, b) =>
            reorder(
              drafts.findIndex((d) => d.key === a),
              drafts.findIndex((d) => d.key === b),
            )
          }
          renderItem={(d, handle, i) => renderCriterion(d, i, handle)}
          className="ui-stack"
        />
      )}
      <div className="admin-form__actions admin-rubric__actions">
        {!fixed && (
          <Button variant="secondary" disabled={drafts.length >= MAX_CRITERIA} onClick={() => setDrafts((ds) => [...ds, newCriterion()])}>
            Add criterion
          </Button>
        )}
        <span className="admin-rubric__spacer" />
        <SaveButtons
          dirty={dirty}
          saving={save.isPending}
          saveLabel="Save rubric"
          onDiscard={() => {
            setDrafts(initial);
            setBlind(rubric.blind);
            setErrors({ byKey: new Map(), general: [] });
            setFailure(null);
          }}
        />
      </div>
    </form>
  );
}
