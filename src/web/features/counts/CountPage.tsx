/**
 * /audits/:id/count (DESIGN.md section 14): counting an audit on the floor, phone first. Reads come
 * from a keyboard-wedge scanner (anywhere on the page), from the camera, or typed; each beeps,
 * vibrates, and shows the product's name and running count, with +/-, a typed quantity and undo.
 * 'Scan the location label first': a code that names no product while a location is wanted is
 * the location, and later reads carry it. Reads wait on the device until the server has them.
 */
import { lazy, Suspense, useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ArrowLeft, Camera, CloudOff, Download, FileText, Loader2, MapPin, Minus, Plus, Undo2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { downloadFile } from '@/lib/api';
import { countFileUrl, countSheetUrl } from './api/count-api';
import { signalRead } from './lib/feedback';
import { countedReads, formatThousandths, tallyKey } from './lib/tally';
import { useCount } from './lib/use-count';
import { useWedgeScanner } from './lib/use-wedge-scanner';
import { GS } from './lib/wedge-detector';

const CameraScanner = lazy(() => import('./components/CameraScanner'));

/** A typed quantity: a number of at most 3 decimal places (DESIGN.md section 2). */
const QUANTITY = /^-?\d{1,10}(\.\d{1,3})?$/;

function Page({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto flex w-full max-w-xl min-w-0 flex-1 flex-col gap-4 p-3 sm:p-6">{children}</div>;
}

export default function CountPage({ auditId }: { auditId: string }) {
  const count = useCount(auditId);
  const { session, ready, lookup, totals, location } = count;
  const [wantLocation, setWantLocation] = useState(true);
  const [typedCode, setTypedCode] = useState('');
  const [typedQuantity, setTypedQuantity] = useState('');
  const [quantityError, setQuantityError] = useState<string | null>(null);
  const [cameraOn, setCameraOn] = useState(false);
  // Reads that arrived while the count was still opening: taken, in order, once it is ready.
  const [early, setEarly] = useState<string[]>([]);

  // Reads are shown once they can be named (the catalogue and this device's reads are there).
  const counted = useMemo(() => (ready ? countedReads(count.reads) : []), [ready, count.reads]);
  const last = counted.at(-1) ?? null;

  function take(value: string) {
    if (!ready || !lookup) {
      setEarly((reads) => [...reads, value]);
      return;
    }
    const product = lookup.identify(value);
    if (!product && (wantLocation || lookup.isLocation(value))) {
      count.setLocation(value);
      setWantLocation(false);
      signalRead(true);
      return;
    }
    signalRead(product !== null);
    void count.addValue(value);
  }

  useWedgeScanner(take);

  // Once the count is open, the early reads are taken one per render, so each sees the location
  // the one before it set: the render this causes is the point, not a waste.
  const nextEarly = ready ? early[0] : undefined;
  useEffect(() => {
    if (nextEarly === undefined) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setEarly((reads) => reads.slice(1));
    take(nextEarly);
    // take is a new function each render; the early reads are what decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [nextEarly, early]);

  const earlyNote = early.length === 0 ? null : `${early.length} ${early.length === 1 ? 'read' : 'reads'} made while the count opened`;

  if (count.failure) {
    return (
      <Page>
        <BackToAudit auditId={auditId} />
        <p role="alert" className="border-destructive/30 bg-destructive/5 rounded-lg border p-4 text-sm">
          {count.failure}
        </p>
        {earlyNote ? (
          <p role="alert" className="text-destructive text-sm" data-testid="early-reads">
            {earlyNote} were not stored: scan them again once the count opens.
          </p>
        ) : null}
      </Page>
    );
  }

  // The screen shows at once, each part as it arrives (docs/decisions/0157): what waits for the
  // server keeps its place, so nothing moves when it comes (the title is one line, the team's
  // line and the last read keep their height).
  const lastProduct = last && lookup ? lookup.identify(last.value) : null;
  const lastTotal = last && lookup ? (totals.get(tallyKey(last.value, lookup)) ?? 0) : 0;
  const closed = session !== null && session.auditStatus !== 'draft' && session.auditStatus !== 'pending' && session.auditStatus !== 'error';

  function submitCode(event: FormEvent) {
    event.preventDefault();
    const value = typedCode.trim();
    if (!value) return;
    take(value);
    setTypedCode('');
  }

  function submitQuantity(event: FormEvent) {
    event.preventDefault();
    if (!last) return;
    const quantity = typedQuantity.trim();
    if (!QUANTITY.test(quantity)) {
      setQuantityError('Enter a number with at most 3 decimal places, such as 12 or 2.5.');
      return;
    }
    setQuantityError(null);
    // The last read becomes one of the typed quantity: an undo of it, then the new read.
    void count.undo(last.id).then(() => count.addValue(last.value, quantity));
    setTypedQuantity('');
  }

  return (
    <Page>
      <BackToAudit auditId={auditId} />
      <header className="flex flex-col gap-2">
        <h1 className="truncate text-xl font-semibold tracking-tight" title={session?.auditName}>
          Count{session ? `: ${session.auditName}` : null}
        </h1>
        <div className="flex min-h-6 flex-wrap items-center gap-2 text-sm">
          {session ? (
            <span className="text-muted-foreground">Counting as {session.teamName}</span>
          ) : (
            <span role="status" className="text-muted-foreground flex items-center gap-2">
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
              Opening the count...
            </span>
          )}
          {count.online ? null : (
            <Badge variant="outline" className="gap-1">
              <CloudOff className="size-3" aria-hidden="true" />
              Offline
            </Badge>
          )}
          {count.readsKnown ? (
            <Badge variant={count.waiting > 0 ? 'secondary' : 'outline'} aria-live="polite" data-testid="waiting-badge">
              {count.waiting === 0 ? 'All reads sent' : `${count.waiting} ${count.waiting === 1 ? 'read' : 'reads'} waiting`}
            </Badge>
          ) : null}
          {session?.blind ? <Badge variant="outline">Blind count</Badge> : null}
        </div>
        {earlyNote ? (
          <p role="status" className="text-sm font-medium" data-testid="early-reads">
            {earlyNote}: counted as soon as it is open.
          </p>
        ) : null}
        {count.syncError ? (
          <p role="alert" className="text-destructive text-sm">
            {count.syncError}
          </p>
        ) : null}
        {closed ? (
          <p role="alert" className="text-destructive text-sm">
            This audit is {session.auditStatus}: reads made now are not counted.
          </p>
        ) : null}
      </header>

      <section aria-label="Location" className="bg-muted/40 flex flex-wrap items-center gap-2 rounded-lg border p-3 text-sm">
        <MapPin className="text-muted-foreground size-4" aria-hidden="true" />
        {wantLocation ? (
          <span className="font-medium">Scan the location label first</span>
        ) : (
          <span>
            Location: <span className="font-medium">{location ?? 'none'}</span>
          </span>
        )}
        <Button variant="outline" size="sm" className="ml-auto" onClick={() => setWantLocation((w) => !w)} aria-pressed={wantLocation}>
          {wantLocation ? 'Skip' : 'New location'}
        </Button>
      </section>

      {/* As tall as a read shown in it (name, +/-, quantity: 200 px) from the start, so the reads of
          an earlier visit, arriving after the screen showed, move nothing below it. */}
      <section aria-label="Last read" aria-live="polite" className="flex min-h-50 flex-col justify-center gap-3 rounded-lg border p-4">
        {last ? (
          <>
            <div className="flex items-start gap-3">
              <div className="min-w-0 flex-1">
                <p className="text-lg font-semibold break-words" data-testid="last-read-name">
                  {lastProduct ? (lastProduct.name ?? lastProduct.sku) : 'Unknown code'}
                </p>
                <p className="text-muted-foreground font-mono text-xs break-all">{printable(last.value)}</p>
              </div>
              <div className="text-right">
                <p className="text-3xl font-semibold tabular-nums" data-testid="last-read-count">
                  {formatThousandths(lastTotal)}
                </p>
                {!session?.blind && lastProduct?.expectedQuantity != null ? (
                  <p className="text-muted-foreground text-xs">expected {lastProduct.expectedQuantity}</p>
                ) : null}
              </div>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Button variant="outline" size="icon" aria-label="Count one less" onClick={() => void count.addValue(last.value, '-1')}>
                <Minus aria-hidden="true" />
              </Button>
              <Button variant="outline" size="icon" aria-label="Count one more" onClick={() => void count.addValue(last.value, '1')}>
                <Plus aria-hidden="true" />
              </Button>
              <Button variant="outline" onClick={() => void count.undo(last.id)}>
                <Undo2 aria-hidden="true" />
                Undo
              </Button>
            </div>
            <form onSubmit={submitQuantity} className="flex items-end gap-2">
              <div className="flex flex-1 flex-col gap-1">
                <Label htmlFor="typed-quantity">Quantity of this read</Label>
                <Input
                  id="typed-quantity"
                  inputMode="decimal"
                  autoComplete="off"
                  value={typedQuantity}
                  onChange={(e) => setTypedQuantity(e.target.value)}
                  aria-invalid={quantityError ? true : undefined}
                  aria-describedby={quantityError ? 'typed-quantity-error' : undefined}
                  placeholder="e.g. 24 or 2.5"
                />
              </div>
              <Button type="submit" variant="secondary">
                Set
              </Button>
            </form>
            {quantityError ? (
              <p id="typed-quantity-error" role="alert" className="text-destructive text-sm">
                {quantityError}
              </p>
            ) : null}
          </>
        ) : (
          <p className="text-muted-foreground text-sm">Scan a barcode with a scanner or the camera, or type a code below.</p>
        )}
      </section>

      <section aria-label="Scan" className="flex flex-col gap-3">
        <Button variant={cameraOn ? 'secondary' : 'default'} onClick={() => setCameraOn((on) => !on)} aria-pressed={cameraOn}>
          <Camera aria-hidden="true" />
          {cameraOn ? 'Stop camera' : 'Scan with camera'}
        </Button>
        {cameraOn ? (
          <Suspense fallback={<p className="text-muted-foreground text-sm">Starting the camera...</p>}>
            <CameraScanner onRead={take} />
          </Suspense>
        ) : null}
        <form onSubmit={submitCode} className="flex items-end gap-2">
          <div className="flex flex-1 flex-col gap-1">
            <Label htmlFor="typed-code">Barcode or SKU</Label>
            <Input id="typed-code" autoComplete="off" value={typedCode} onChange={(e) => setTypedCode(e.target.value)} />
          </div>
          <Button type="submit" variant="secondary">
            Add
          </Button>
        </form>
      </section>

      <section aria-labelledby="recent-reads" className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {/* As wide as 'Reads (9999)' from the start: its number arriving moves nothing. */}
          <h2 id="recent-reads" className="mr-auto min-w-24 text-sm font-semibold whitespace-nowrap">
            Reads{ready ? ` (${counted.length})` : null}
          </h2>
          <Button
            variant="ghost"
            size="sm"
            disabled={!session}
            onClick={() => session && void downloadFile(countFileUrl(session.id), `${session.auditName} - ${session.teamName}.csv`)}
          >
            <Download aria-hidden="true" />
            Download CSV
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={!session}
            onClick={() => session && void downloadFile(countSheetUrl(session.auditId, !session.blind), `${session.auditName} - count sheet.pdf`)}
          >
            <FileText aria-hidden="true" />
            Count sheet
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={!session}
            onClick={() => session && void downloadFile(countSheetUrl(session.auditId, !session.blind, 'csv'), `${session.auditName} - count sheet.csv`)}
          >
            <FileText aria-hidden="true" />
            Count sheet (CSV)
          </Button>
        </div>
        <ol className="divide-y rounded-lg border text-sm" data-testid="recent-reads">
          {counted
            .slice(-20)
            .reverse()
            .map((r) => {
              const product = lookup?.identify(r.value);
              return (
                <li key={r.id} className="flex items-center gap-2 px-3 py-2">
                  <span className="min-w-0 flex-1 truncate">{product ? (product.name ?? product.sku) : `Unknown: ${printable(r.value)}`}</span>
                  {r.location ? <span className="text-muted-foreground text-xs">{r.location}</span> : null}
                  <span className="font-medium tabular-nums">{r.quantity.startsWith('-') ? r.quantity : `+${r.quantity}`}</span>
                </li>
              );
            })}
        </ol>
      </section>
    </Page>
  );
}

function BackToAudit({ auditId }: { auditId: string }) {
  return (
    <Link href={`/audits/${encodeURIComponent(auditId)}`} className="text-muted-foreground hover:text-foreground inline-flex items-center gap-1 text-sm">
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to the audit
    </Link>
  );
}

/** A scan value with its GS characters shown as <GS> (few fonts draw the control picture ␝). */
function printable(value: string): string {
  return value.split(GS).join('<GS>');
}
