/**
 * Minimal landing page for signed-out visitors. The full landing page (spec part 1 section 2
 * "Landing page") comes in a later issue; Sign In already goes to /api/login.
 */
import { ScanBarcode } from 'lucide-react';
import { Button } from '@/components/ui/button';

export default function LandingPage() {
  return (
    <div className="flex min-h-svh flex-col">
      <header className="flex h-16 items-center justify-between border-b px-4 md:px-8">
        <div className="flex items-center gap-2 font-semibold">
          <div className="bg-primary text-primary-foreground flex size-8 items-center justify-center rounded-lg">
            <ScanBarcode className="size-4" aria-hidden="true" />
          </div>
          StockTally
        </div>
        <Button asChild>
          <a href="/api/login">Sign In</a>
        </Button>
      </header>
      <main className="flex flex-1 flex-col items-center justify-center gap-6 px-4 py-16 text-center">
        <h1 className="max-w-2xl text-3xl font-bold tracking-tight text-balance md:text-5xl">
          Inventory audits without the spreadsheet pain
        </h1>
        <p className="text-muted-foreground max-w-xl text-balance md:text-lg">
          Upload your product catalogue and your scan files. StockTally matches them and reports every discrepancy,
          ready to export as CSV or Excel.
        </p>
        <Button size="lg" asChild>
          <a href="/api/login">Sign In</a>
        </Button>
      </main>
    </div>
  );
}
