import { DEFAULT_ALLOWANCE_RULES, isApiError, ringgit, type SaveRuleVersion } from '@school/contracts';
import { AppLink, formatDateTime, useRouteMutation, useRouteQuery } from '@school/ui';
import { useParams } from 'react-router-dom';
import { malaysiaMonth, monthLabel, ruleSentences } from '../../components/allowance-text';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { errorMessage } from '../../lib/api-errors';
import { invalidations } from '../../lib/invalidations';
import { useNotify } from '../../lib/notice';
import { allowancePaths, COHORT_TABS, paths } from '../../lib/paths';
import { useFinance } from '../../lib/use-finance';
import { usePageTitle } from '../../lib/use-page-title';
import { RulesForm } from './rules-form';
import '../../components/allowance.css';

/**
 * /admin/allowance/programmes/:id: the monthly amount (finance only), the rule versions newest first
 * as sentences, "Change the rules" from a month, and the cohorts with the months decided for them.
 */
export function AllowanceProgrammePage() {
  const { id = '' } = useParams();
  const { finance } = useFinance();
  const notify = useNotify();
  const query = useRouteQuery('adminAllowanceProgramme', { params: { programmeId: id } }, { select: (r) => r.data });
  const save = useRouteMutation('adminAddRuleVersion', { invalidates: invalidations.adminAddRuleVersion });
  usePageTitle(query.data?.title ?? 'Allowance programme');

  const onSubmit = (body: SaveRuleVersion) =>
    save.mutate(
      { params: { programmeId: id }, body },
      { onSuccess: () => notify.success(`The rules from ${monthLabel(body.effective_month)} are saved.`) },
    );
  const serverErrors = isApiError(save.error) ? (save.error.errors ?? {}) : {};

  return (
    <QueryView query={query} label="the allowance programme" homePath={allowancePaths.programmes}>
      {(p) => (
        <div className="ui-page ui-stack ui-stack--loose">
          <PageHeader
            title={p.title}
            subtitle={finance && p.monthly_amount_sen !== null ? `${ringgit(p.monthly_amount_sen)} a month` : undefined}
            back={{ to: allowancePaths.programmes, label: 'Allowance' }}
          />
          <section className="admin-card ui-stack" aria-labelledby="versions-title">
            <h2 id="versions-title" className="admin-section-title">
              Rules by month
            </h2>
            {p.versions.map((v) => (
              <article key={v.id_slug} className="admin-allowance__version ui-stack" aria-labelledby={`v-${v.id_slug}`}>
                <h3 id={`v-${v.id_slug}`} className="admin-subtitle">
                  From {monthLabel(v.effective_month)}
                </h3>
                <ul className="admin-allowance__list">
                  {ruleSentences(v.rules).map((s) => (
                    <li key={s}>{s}</li>
                  ))}
                </ul>
                <p className="ui-muted ui-muted--small">
                  {v.note ? `${v.note} · ` : ''}
                  {v.created_by}, {formatDateTime(v.created_at)}
                </p>
              </article>
            ))}
          </section>
          <RulesForm
            // A saved version starts the form afresh from it.
            key={p.versions[0]?.id_slug ?? 'none'}
            rules={p.versions[0]?.rules ?? DEFAULT_ALLOWANCE_RULES}
            month={malaysiaMonth()}
            pending={save.isPending}
            serverErrors={serverErrors}
            serverMessage={save.error && Object.keys(serverErrors).length === 0 ? errorMessage(save.error) : null}
            onSubmit={onSubmit}
          />
          <section className="admin-card ui-stack" aria-labelledby="cohorts-title">
            <h2 id="cohorts-title" className="admin-section-title">
              Cohorts
            </h2>
            {p.cohorts.length ? (
              <ul className="admin-allowance__list">
                {p.cohorts.map((c) => (
                  <li key={c.id_slug}>
                    <AppLink className="ui-link" to={paths.cohort(c.id_slug, COHORT_TABS.allowance)}>
                      {c.title}
                    </AppLink>
                    {': '}
                    {c.decided_months.length ? `decided ${c.decided_months.map(monthLabel).join(', ')}` : 'no month decided yet'}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="ui-muted">No cohort yet: put a cohort in this programme from its page's Allowance tab.</p>
            )}
          </section>
        </div>
      )}
    </QueryView>
  );
}
