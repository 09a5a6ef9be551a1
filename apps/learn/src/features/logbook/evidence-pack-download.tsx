import type { EvidencePackFormat } from '@school/contracts';
import { Button, useSession } from '@school/ui';
import { useState } from 'react';

export const PACK_FAILED_MESSAGE = 'Your evidence pack could not be downloaded. Please try again.';

/** The trainee's own evidence pack of the placement: the PDF to read or hand over, the CSV for a spreadsheet. */
export function EvidencePackDownload({ placementId }: { placementId: string }) {
  const { client } = useSession();
  const [pending, setPending] = useState<EvidencePackFormat | null>(null);
  const [failed, setFailed] = useState(false);
  const download = async (format: EvidencePackFormat) => {
    setFailed(false);
    setPending(format);
    try {
      const blob = await client.call('myEvidencePack', { params: { placementId, format } });
      const url = URL.createObjectURL(new Blob([blob], { type: format === 'pdf' ? 'application/pdf' : 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `evidence-pack.${format}`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      setFailed(true);
    } finally {
      setPending(null);
    }
  };
  return (
    <section aria-labelledby="evidence-pack" className="learn-logbook__pack">
      <h2 id="evidence-pack">Evidence pack</h2>
      <p className="learn-logbook__sub">
        Your placement, every week of your logbook with its sign-off, your hours, breaks, reviews and attendance.
      </p>
      <div className="learn-logbook__pack-actions">
        <Button disabled={pending !== null} onClick={() => download('pdf')}>
          {pending === 'pdf' ? 'Preparing…' : 'Download PDF'}
        </Button>
        <Button variant="secondary" disabled={pending !== null} onClick={() => download('csv')}>
          {pending === 'csv' ? 'Preparing…' : 'Download CSV'}
        </Button>
      </div>
      {failed && <p role="alert">{PACK_FAILED_MESSAGE}</p>}
    </section>
  );
}
