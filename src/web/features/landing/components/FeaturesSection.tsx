import { Barcode, Cloud, FileDown, History, Smartphone, Users, type LucideIcon } from 'lucide-react';

/** What the product does (spec part 1 section 1), for the header's Features link. */
const FEATURES: Array<{ title: string; text: string; icon: LucideIcon }> = [
  { title: 'Any file, any scanner', text: 'Excel, CSV and legacy exports, with column mapping for each file.', icon: FileDown },
  { title: 'Barcode matching', text: 'Matches on UPC, EAN, SKU and other identifiers, whatever the leading zeros.', icon: Barcode },
  { title: 'Secure cloud storage', text: 'Catalogues, scans and reports kept safe and available from anywhere.', icon: Cloud },
  { title: 'Mobile access', text: 'Check an audit from the shop floor on your phone.', icon: Smartphone },
  { title: 'Team management', text: 'Invite your team and assign audits as tasks (Pro plan).', icon: Users },
  { title: 'Historical analytics', text: 'Follow accuracy across audits over time (Pro plan).', icon: History },
];

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className="bg-muted/40 scroll-mt-16 border-b">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Everything an audit needs
          </h2>
          <p className="text-muted-foreground mt-4 text-lg text-pretty">Nothing it does not.</p>
        </div>
        <ul className="mt-12 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="flex gap-4">
              <div className="bg-background flex size-10 shrink-0 items-center justify-center rounded-lg border shadow-xs">
                <feature.icon className="size-5" aria-hidden="true" />
              </div>
              <div>
                <h3 className="font-semibold">{feature.title}</h3>
                <p className="text-muted-foreground mt-1 text-sm leading-relaxed">{feature.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
