import { ArrowRight, Check, PlayCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ReportPreview } from './ReportPreview';
import { SignInLink } from './SignInLink';

/** The marketing claims of spec part 1 section 1. */
const CLAIMS = ['No credit card required', 'Setup in under 5 minutes', 'Secure cloud storage', 'Mobile access'];

export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden border-b">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,var(--color-emerald-50),transparent_60%)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1.1fr_1fr]">
        <div className="flex flex-col items-start gap-6">
          <p className="bg-background text-muted-foreground rounded-full border px-3 py-1 text-xs font-medium">
            Bring your own data: Excel, CSV or legacy exports
          </p>
          <h1 id="hero-title" className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Inventory audits in minutes, not days
          </h1>
          <p className="text-muted-foreground max-w-xl text-lg text-pretty">
            Upload your product catalogue and the scan results from your scanners, phones or manual counts. StockTally
            matches them and hands you a discrepancy report you can export to CSV or Excel.
          </p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <SignInLink size="lg">
              Start Free Trial
              <ArrowRight aria-hidden="true" />
            </SignInLink>
            {/* The spec's Watch Demo (its behaviour is not shown): the walkthrough of How It Works. */}
            <Button size="lg" variant="outline" asChild>
              <a href="#how-it-works">
                <PlayCircle aria-hidden="true" />
                Watch Demo
              </a>
            </Button>
          </div>
          <ul className="text-muted-foreground grid grid-cols-1 gap-x-6 gap-y-2 text-sm min-[400px]:grid-cols-2">
            {CLAIMS.map((claim) => (
              <li key={claim} className="flex items-center gap-2">
                <Check className="size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                {claim}
              </li>
            ))}
          </ul>
          <p className="text-muted-foreground text-sm">Team management and historical analytics on higher plans.</p>
        </div>
        <ReportPreview />
      </div>
    </section>
  );
}
