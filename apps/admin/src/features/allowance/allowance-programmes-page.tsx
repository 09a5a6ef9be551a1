import { type AllowanceProgramme, ringgit, SaveAllowanceProgrammeSchema } from '@school/contracts';
import { AppLink, Button, TextField, useRouteMutation, useRouteQuery } from '@school/ui';
import { type FormEvent, useState } from 'react';
import { ruleSentences } from '../../components/allowance-text';
import { ListTable, type Column } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { errorMessage } from '../../lib/api-errors';
import { invalidations } from '../../lib/invalidations';
import { useNotify } from '../../lib/notice';
import { allowancePaths } from '../../lib/paths';
import { useFinance } from '../../lib/use-finance';
import { usePageTitle } from '../../lib/use-page-title';
import '../../components/allowance.css';

/** "New programme": a title and the monthly amount in RM, which only finance staff set. */
function NewProgrammeForm() {
  const notify = useNotify();
  const [title, setTitle] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useRouteMutation('adminCreateAllowanceProgramme', { invalidates: invalidations.adminCreateAllowanceProgramme });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = SaveAllowanceProgrammeSchema.safeParse({ title, monthly_amount: amount.trim() === '' ? Number.NaN : Number(amount) });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    create.mutate(
      { body: parsed.data },
      {
        onSuccess: (answer) => {
          notify.success(`Programme "${answer.data.title}" created with the default rules from this month.`);
          setTitle('');
          setAmount('');
        },
        onError: (err) => setErrors({ form: errorMessage(err) }),
      },
    );
  };

  return (
    <form className="admin-card ui-stack" aria-labelledby="new-programme-title" onSubmit={submit} noValidate>
      <h2 id="new-programme-title" className="admin-section-title">
        New programme
      </h2>
      <div className="admin-form__grid">
        <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} required />
        <TextField
          label="Monthly amount (RM)"
          type="number"
          inputMode="decimal"
          step="0.01"
          min={0}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={errors.monthly_amount}
          required
        />
      </div>
      {errors.form && (
        <p className="admin-danger-text" role="alert">
          {errors.form}
        </p>
      )}
      <div className="admin-form__actions">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create programme'}
        </Button>
      </div>
    </form>
  );
}

/**
 * /admin/allowance: the allowance programmes, their current rules and cohorts. Finance staff see the
 * amounts and create programmes; every admin changes rules and puts cohorts in a programme.
 */
export function AllowanceProgrammesPage() {
  usePageTitle('Allowance');
  const { finance } = useFinance();
  const query = useRouteQuery('adminAllowanceProgrammes', {});
  const columns: Column<AllowanceProgramme>[] = [
    {
      label: 'Programme',
      render: (p) => (
        <AppLink className="admin-table__title ui-link" to={allowancePaths.programme(p.id_slug)}>
          {p.title}
        </AppLink>
      ),
    },
    ...(finance
      ? [
          {
            label: 'Monthly amount',
            render: (p: AllowanceProgramme) => (p.monthly_amount_sen === null ? '' : ringgit(p.monthly_amount_sen)),
          },
        ]
      : []),
    {
      label: 'Current rules',
      render: (p) => (p.versions[0] ? <span className="admin-table__sub">{ruleSentences(p.versions[0].rules)[0]}</span> : 'None'),
    },
    { label: 'Cohorts', render: (p) => (p.cohorts.length ? p.cohorts.map((c) => c.title).join(', ') : 'None yet') },
  ];
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader
        title="Allowance"
        subtitle="Programmes paying a monthly allowance, their rules by month, and their cohorts."
        actions={
          <AppLink className="ui-link" to={allowancePaths.exceptions}>
            Allowance exceptions
          </AppLink>
        }
      />
      {finance && <NewProgrammeForm />}
      <QueryView query={query} label="the allowance programmes">
        {({ data }) =>
          data.length ? (
            <section aria-labelledby="programmes-title" className="ui-stack">
              <h2 id="programmes-title" className="admin-section-title">
                Programmes
              </h2>
              <ListTable columns={columns} rows={data} rowKey={(p) => p.id_slug} />
            </section>
          ) : (
            <p className="ui-muted">No allowance programme yet.{finance ? '' : ' An admin with the finance permission creates one.'}</p>
          )
        }
      </QueryView>
    </div>
  );
}
