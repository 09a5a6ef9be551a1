import { ADMIN_MESSAGES, AddStudentBulkSchema, AddStudentSchema, isApiError, PAGE_SIZES, type BulkAddResult } from '@school/contracts';
import { Button, formatCount, LoadingIndicator, TextField, useRouteMutation, useRouteQuery } from '@school/ui';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ListFrame } from '../../components/list-frame';
import { PickList } from '../../components/pick-list';
import { PageHeader } from '../../components/page-header';
import { listQuery, useListParams } from '../../lib/list-params';
import { invalidations } from '../../lib/invalidations';
import { useNotify } from '../../lib/notice';
import { COHORT_TABS, paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { BulkSummary, bulkAddNotice } from './components/bulk-summary';
import { CsvReadingSummary } from './components/csv-reading-summary';
import { CsvProblem, type CsvReading, readStudentsCsv } from './csv';

/** /admin/cohorts/{id}/add-student?title=: add one student from the list or by email, or many from a CSV file. */
export function AddStudentPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const title = params.get('title') ?? '';
  usePageTitle(title ? `Add students to ${title}` : 'Add students');
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader
        title={title ? `Add students to ${title}` : 'Add students'}
        back={{ to: paths.cohort(id, COHORT_TABS.students), label: title || 'Cohort' }}
      />
      <CsvUpload cohortId={id} />
      <IndividualAdd cohortId={id} />
      <AddByEmail cohortId={id} />
    </div>
  );
}

function IndividualAdd({ cohortId }: { cohortId: string }) {
  const list = useListParams('-created_date');
  // The list never shows staff: it always asks for role STUDENT.
  const students = useRouteQuery('adminStudentList', {
    query: { ...listQuery(list, PAGE_SIZES.addStudent), exclude_cohort_id_slug: cohortId, role: 'STUDENT' },
  });
  const add = useRouteMutation('adminAddStudent', { invalidates: invalidations.adminAddStudent });
  const notify = useNotify();
  return (
    <section className="ui-stack" aria-labelledby="add-one">
      <h2 id="add-one" className="admin-section-title">
        Add a student
      </h2>
      <p className="ui-muted ui-muted--small">Students already in this cohort are not listed.</p>
      <ListFrame
        label="Students not in the cohort"
        query={students}
        pageSize={PAGE_SIZES.addStudent}
        list={list}
        sortField="first_name"
        searchPlaceholder="Search by name or email..."
        empty={list.search ? 'No student matches your search.' : 'Every student is already in this cohort.'}
      >
        {(rows) => (
          <PickList
            label="Students"
            rows={rows}
            rowKey={(s) => s.id_slug}
            renderTitle={(s) => `${s.first_name} ${s.last_name}`}
            renderSub={(s) => s.email}
            renderAction={(s) => (
              <Button
                size="sm"
                variant="secondary"
                loading={add.isPending && add.variables?.body?.user_id_slug === s.id_slug}
                aria-label={`Add ${s.first_name} ${s.last_name}`}
                onClick={() =>
                  add.mutate(
                    { params: { cohortId }, body: { user_id_slug: s.id_slug } },
                    {
                      onSuccess: () => notify.success(ADMIN_MESSAGES.studentAdded),
                      onError: () => notify.error(ADMIN_MESSAGES.genericFailure),
                    },
                  )
                }
              >
                Add
              </Button>
            )}
          />
        )}
      </ListFrame>
    </section>
  );
}

/** One person by email: a student account is added at once; an email without an account is queued and invited. */
function AddByEmail({ cohortId }: { cohortId: string }) {
  const add = useRouteMutation('adminAddStudent', { invalidates: invalidations.adminAddStudent });
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = AddStudentSchema.safeParse({
      email,
      ...(firstName.trim() ? { first_name: firstName.trim() } : {}),
      ...(lastName.trim() ? { last_name: lastName.trim() } : {}),
    });
    if (!body.success) return setError(body.error.issues[0].message);
    setError(undefined);
    add.mutate(
      { params: { cohortId }, body: body.data },
      {
        onSuccess: (answer) => {
          setEmail('');
          setFirstName('');
          setLastName('');
          notify.success(
            'added_to_queue' in answer && answer.added_to_queue > 0
              ? `Invitation sent to ${body.data.email}. They join the cohort when they sign up.`
              : ADMIN_MESSAGES.studentAdded,
          );
        },
        onError: (err) => {
          if (isApiError(err) && err.status === 400 && err.errors?.email) setError(err.errors.email);
          else notify.error(isApiError(err) && err.status === 409 ? err.message : ADMIN_MESSAGES.genericFailure);
        },
      },
    );
  };

  return (
    <section className="admin-card ui-stack" aria-labelledby="add-email">
      <h2 id="add-email" className="admin-section-title">
        Add by email
      </h2>
      <p className="ui-muted ui-muted--small">
        A student with this email is added at once. Someone without an account waits in the cohort's queue and is sent an invitation to sign
        up.
      </p>
      <form className="ui-stack" onSubmit={onSubmit} noValidate>
        <TextField label="Email" type="email" required value={email} error={error} onChange={(e) => setEmail(e.target.value)} />
        <TextField label="First name (optional)" value={firstName} onChange={(e) => setFirstName(e.target.value)} />
        <TextField label="Last name (optional)" value={lastName} onChange={(e) => setLastName(e.target.value)} />
        <div>
          <Button type="submit" loading={add.isPending}>
            Add by email
          </Button>
        </div>
      </form>
    </section>
  );
}

function CsvUpload({ cohortId }: { cohortId: string }) {
  const bulk = useRouteMutation('adminAddStudentBulk', { invalidates: invalidations.adminAddStudentBulk });
  const notify = useNotify();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState(0);
  const [result, setResult] = useState<BulkAddResult | null>(null);
  const [reading, setReading] = useState<CsvReading | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!cohortId) return notify.error(ADMIN_MESSAGES.noCohortId);
    if (!file) return notify.error(ADMIN_MESSAGES.noStudentsUploaded);
    setResult(null);
    setReading(null);
    let read: CsvReading;
    try {
      read = readStudentsCsv(await file.text());
    } catch (err) {
      return notify.error(
        err instanceof CsvProblem && err.kind === 'empty' ? ADMIN_MESSAGES.noStudentsUploaded : ADMIN_MESSAGES.fileFailure,
      );
    }
    const payload = AddStudentBulkSchema.safeParse({ students: read.students });
    if (!payload.success) return notify.error(payload.error.issues[0].message);
    setRows(read.students.length);
    bulk.mutate(
      { params: { cohortId }, body: { students: payload.data.students } },
      {
        onSuccess: (summary) => {
          setResult(summary);
          setReading(read);
          setFile(null);
          if (inputRef.current) inputRef.current.value = '';
          notify.success(bulkAddNotice(summary));
        },
        onError: (err) =>
          notify.error(isApiError(err) && err.status === 404 ? ADMIN_MESSAGES.noCohortId : ADMIN_MESSAGES.fileUploadFailure),
      },
    );
  };

  return (
    <section className="admin-card ui-stack" aria-labelledby="add-csv">
      <h2 id="add-csv" className="admin-section-title">
        Add students from a CSV file
      </h2>
      <p className="ui-muted ui-muted--small">
        The first line names the columns: one containing "email", and optionally "first" and "last" (for example Email, First name, Last
        name), or one full name column (for example the applications export's full_name), split into first and last name. People without an
        account wait in the cohort's queue and join it when they sign up with that email.
      </p>
      <form className="admin-inline-form" onSubmit={onSubmit} noValidate>
        <div className="ui-field">
          <label htmlFor={inputId} className="ui-field__label">
            CSV file
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className="admin-file-input"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <Button type="submit" loading={bulk.isPending} disabled={!file}>
          Upload
        </Button>
      </form>
      {bulk.isPending && <LoadingIndicator text={`Adding ${formatCount(rows, 'student')}...`} warning />}
      {result && <BulkSummary result={result} />}
      {result && reading && <CsvReadingSummary reading={reading} />}
    </section>
  );
}
