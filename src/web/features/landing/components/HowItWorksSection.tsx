import { ClipboardCheck, FileBarChart, FileSpreadsheet, ScanLine, Target, type LucideIcon } from 'lucide-react';

/** The two audit types of spec part 1 section 1. */
const AUDIT_TYPES: Array<{ title: string; subtitle: string; points: string[]; icon: LucideIcon }> = [
  {
    title: 'Cycle Count',
    subtitle: 'Full inventory audit',
    points: [
      'Your complete scan data against your entire product catalogue',
      'UPC, SKU and barcode matching',
      'Made for year-end and full-store counts',
    ],
    icon: ClipboardCheck,
  },
  {
    title: 'Product Audit',
    subtitle: 'Targeted section audit',
    points: [
      'Filter products by manufacturer, category, location and more',
      'Several teams count the same section and cross-check each other',
      'Made for warehouse sections and spot checks',
    ],
    icon: Target,
  },
];

const STEPS: Array<{ title: string; text: string; icon: LucideIcon }> = [
  {
    title: 'Upload Your Data',
    text: 'Import your product catalogue from Excel, CSV or a legacy system export. Columns are mapped for you.',
    icon: FileSpreadsheet,
  },
  {
    title: 'Upload Scan Results',
    text: 'Add files from barcode scanners, mobile apps or manual counts, and pick the barcode and quantity columns.',
    icon: ScanLine,
  },
  {
    title: 'Get Professional Reports',
    text: 'See matches, overs and unders, unknown items and a zero sheet of everything never scanned. Export to CSV or Excel.',
    icon: FileBarChart,
  },
];

export function HowItWorksSection() {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-16 border-b">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="how-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            How It Works
          </h2>
          <p className="text-muted-foreground mt-4 text-lg text-pretty">
            Two kinds of audit, three steps, and no new hardware: keep the scanners and files you already use.
          </p>
        </div>

        <div className="mt-12 grid gap-6 md:grid-cols-2">
          {AUDIT_TYPES.map((type) => (
            <div key={type.title} className="bg-card rounded-xl border p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <div className="bg-primary text-primary-foreground flex size-10 items-center justify-center rounded-lg">
                  <type.icon className="size-5" aria-hidden="true" />
                </div>
                <div>
                  <h3 className="text-lg font-semibold">{type.title}</h3>
                  <p className="text-muted-foreground text-sm">{type.subtitle}</p>
                </div>
              </div>
              <ul className="text-muted-foreground mt-4 grid list-disc gap-1.5 pl-5 text-sm">
                {type.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>

        <ol className="mt-16 grid gap-10 md:grid-cols-3 md:gap-8">
          {STEPS.map((step, i) => (
            <li key={step.title} className="flex flex-col items-center text-center">
              <div className="relative">
                <div className="flex size-14 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-700">
                  <step.icon className="size-6" aria-hidden="true" />
                </div>
                <span className="bg-primary text-primary-foreground absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full text-xs font-semibold">
                  {i + 1}
                </span>
              </div>
              <h3 className="mt-5 text-lg font-semibold">{step.title}</h3>
              <p className="text-muted-foreground mt-2 max-w-xs text-sm leading-relaxed">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
