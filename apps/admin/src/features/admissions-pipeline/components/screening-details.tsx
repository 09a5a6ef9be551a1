import { type AdmissionDetail, ELIGIBILITY_RULES, type EligibilityRule } from '@school/contracts';
import { getInitiative } from '@school/catalogue/data';
import { AppLink } from '@school/ui';
import { paths } from '../../../lib/paths';
import { flagText } from '../pipeline-labels';

const MATCH_WORDS = { phone: 'same phone', name_and_birth_date: 'same name and date of birth' } as const;

/**
 * The screening's findings: each rule's flag with the answer that decided it, the warnings (an
 * age the date of birth contradicts) and the possible duplicates, of this intake or another (never
 * merged: each links to its page and names its intake).
 */
export function ScreeningDetails({ screening, intake }: { screening: NonNullable<AdmissionDetail['screening']>; intake: string }) {
  const rules = Object.keys(ELIGIBILITY_RULES) as EligibilityRule[];
  return (
    <>
      <dl className="admin-pipeline-facts admin-pipeline-rules">
        {rules.map((rule) => (
          <div key={rule}>
            <dt>{ELIGIBILITY_RULES[rule]}</dt>
            <dd>
              <span className={`admin-pipeline-rule admin-pipeline-rule--${String(screening.flags?.[rule] ?? null)}`}>
                {flagText(screening.flags?.[rule])}
              </span>
              {screening.notes?.basis[rule] && <span className="admin-pipeline-basis">{screening.notes.basis[rule]}</span>}
            </dd>
          </div>
        ))}
      </dl>
      {!!screening.notes?.warnings.length && (
        <div className="admin-admissions-alert" role="note" aria-label="Screening warnings">
          <ul className="admin-pipeline-notes">
            {screening.notes.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      )}
      {screening.duplicates.length > 0 && (
        <section className="admin-admissions-alert" aria-label="Possible duplicates">
          <p className="admin-pipeline-notes__title">
            Possible duplicate:{' '}
            {screening.duplicates.length === 1 ? 'another application' : `${screening.duplicates.length} other applications`} under another
            email.
          </p>
          <ul className="admin-pipeline-notes">
            {screening.duplicates.map((d) => (
              <li key={d.id_slug}>
                <AppLink to={paths.application(d.id_slug)}>{d.full_name}</AppLink> ({d.email}):{' '}
                {d.matches.map((m) => MATCH_WORDS[m]).join(' and ')},{' '}
                {d.intake === intake ? 'this intake' : `applied to ${getInitiative(d.intake)?.title ?? d.intake}`}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
