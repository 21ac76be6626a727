/**
 * /audits/:id (spec part 1 "Audit detail"): the audit's header, then by status: results and
 * exports (complete), 'Audit In Progress' (processing, error), or the resume flow of the matching
 * wizard (draft, pending), which turns into the results when the audit completes. While it can
 * be counted on the floor, its blind count setting (DESIGN.md section 14).
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { Download, FileQuestion, Hourglass, Loader2, RotateCw, ScanBarcode } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { usePermissions } from '@/lib/permissions';
import { Progress } from '@/components/ui/progress';
import type { Audit } from '../../../contracts/audits';
import { ApiError, errorMessage } from '@/lib/api';
import { useAudit } from './api/get-audit';
import { AuditHeader, BackToAudits } from './components/AuditHeader';
import { ApplyToStock } from './components/ApplyToStock';
import { AuditManageActions } from './components/AuditManageActions';
import { AuditNotice } from './components/AuditNotice';
import { AuditResults } from './components/AuditResults';
import { BlindCountSetting } from './components/BlindCountSetting';
import { ExportDialog } from './components/ExportDialog';
import { ResumeAudit } from './components/ResumeAudit';

/** What each processing stage (GET /api/audits/{id} `stage`) shows while the page follows it. */
const STAGE_LABELS: Record<NonNullable<Audit['stage']>, string> = {
  queued: 'Waiting to start',
  reading: 'Reading and matching the scan files',
  storing: 'Saving the results',
};

/** Statuses an audit can be counted on the floor in (DESIGN.md section 14). */
const COUNTABLE: ReadonlyArray<Audit['status']> = ['draft', 'pending', 'error'];

function Page({ children }: { children: React.ReactNode }) {
  return <div className="flex min-w-0 flex-1 flex-col gap-6 p-4 md:p-6">{children}</div>;
}

/**
 * A complete audit recomputed from its kept scan files after an unknown barcode was mapped
 * (DESIGN.md section 13): 'recomputing' while it runs, then when; the last failure, if any.
 */
function RecomputeNote({ audit }: { audit: Audit }) {
  if (audit.recomputeState !== null) {
    return (
      <p role="status" className="text-muted-foreground flex items-center gap-2 text-sm">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        Recomputing from the kept scan files: an unknown barcode was mapped to a product.
      </p>
    );
  }
  if (audit.recomputeError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {audit.recomputeError}
      </p>
    );
  }
  if (!audit.recomputedAt) return null;
  return <p className="text-muted-foreground text-sm">Recomputed {new Date(audit.recomputedAt).toLocaleString()} after an unknown barcode was mapped to a product.</p>;
}

export default function AuditDetailPage({ id = '' }: { id?: string }) {
  const audit = useAudit(id);
  const [exportOpen, setExportOpen] = useState(false);
  const canRun = usePermissions().can('runAudits');

  const notFound = id === '' || (audit.isError && audit.error instanceof ApiError && audit.error.status === 404);
  if (notFound) {
    return (
      <Page>
        <BackToAudits />
        <AuditNotice icon={FileQuestion} title="Audit not found">
          <p>Audit not found. The audit you&apos;re looking for doesn&apos;t exist or you don&apos;t have access to it.</p>
        </AuditNotice>
      </Page>
    );
  }
  if (audit.isPending) {
    return (
      <Page>
        <p role="status" className="text-muted-foreground flex items-center gap-2 text-sm">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Loading audit details...
        </p>
      </Page>
    );
  }
  if (audit.isError) {
    return (
      <Page>
        <BackToAudits />
        <div role="alert" className="border-destructive/30 bg-destructive/5 flex flex-wrap items-center gap-3 rounded-lg border p-4 text-sm">
          <span className="min-w-0 flex-1">Failed to load the audit: {errorMessage(audit.error)}</span>
          <Button variant="outline" size="sm" onClick={() => void audit.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      </Page>
    );
  }

  const data = audit.data;
  const complete = data.status === 'complete';
  return (
    <Page>
      <AuditHeader
        audit={data}
        actions={
          <>
            <AuditManageActions audit={data} />
            {canRun && COUNTABLE.includes(data.status) ? (
              <Button asChild variant={data.status === 'complete' ? 'outline' : 'default'}>
                <Link href={`/audits/${encodeURIComponent(data.id)}/count`}>
                  <ScanBarcode aria-hidden="true" />
                  Count
                </Link>
              </Button>
            ) : null}
            {complete ? (
              <Button onClick={() => setExportOpen(true)}>
                <Download aria-hidden="true" />
                Export Results
              </Button>
            ) : null}
          </>
        }
      />
      {COUNTABLE.includes(data.status) ? <BlindCountSetting audit={data} /> : null}
      {complete ? (
        <>
          <RecomputeNote audit={data} />
          <ApplyToStock auditId={data.id} />
          <AuditResults audit={data} />
          <ExportDialog auditId={data.id} open={exportOpen} onOpenChange={setExportOpen} />
        </>
      ) : (data.status === 'draft' || data.status === 'pending') && canRun ? (
        <ResumeAudit key={data.id} audit={data} />
      ) : data.status === 'draft' || data.status === 'pending' ? (
        <AuditNotice icon={Hourglass} title="Audit Not Complete">
          <p>This audit has no results yet: its scan files have not been processed.</p>
        </AuditNotice>
      ) : (
        <AuditNotice icon={Hourglass} title="Audit In Progress">
          <p>This audit is still being processed. Please check back later.</p>
          {data.status === 'processing' ? (
            <div className="flex flex-col gap-1" aria-live="polite">
              <p className="text-muted-foreground text-sm">
                {STAGE_LABELS[data.stage ?? 'queued']} ({data.progress}%)
              </p>
              <Progress value={data.progress} aria-label="Processing progress" />
            </div>
          ) : null}
          {data.status === 'error' && data.errorMessage ? (
            <p role="alert" className="text-destructive break-words">
              Processing failed: {data.errorMessage}
            </p>
          ) : null}
          <div>
            <Button variant="outline" size="sm" onClick={() => void audit.refetch()} disabled={audit.isFetching}>
              <RotateCw aria-hidden="true" className={audit.isFetching ? 'animate-spin' : undefined} />
              Check again
            </Button>
          </div>
        </AuditNotice>
      )}
    </Page>
  );
}
