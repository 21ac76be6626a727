import { Clock, Lock, Wallet, type LucideIcon } from 'lucide-react';

/** The three pains of spec part 1 section 2 "Landing page". */
const PAINS: Array<{ title: string; text: string; icon: LucideIcon }> = [
  {
    title: 'Hours of manual work',
    text: 'Matching scanner exports against spreadsheets line by line takes hours, and one wrong lookup skews the whole count.',
    icon: Clock,
  },
  {
    title: 'Expensive overkill',
    text: 'Enterprise inventory suites cost thousands and take months to roll out, when all you need is an accurate count.',
    icon: Wallet,
  },
  {
    title: 'Data lock-in',
    text: 'Most audit tools only accept their own scanners and formats, and make it hard to get your data back out.',
    icon: Lock,
  },
];

export function ChallengeSection() {
  return (
    <section aria-labelledby="challenge-title" className="bg-muted/40 border-b">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="challenge-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            The Inventory Audit Challenge
          </h2>
          <p className="text-muted-foreground mt-4 text-lg text-pretty">
            Counting stock is hard enough. The tools around it make it harder.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {PAINS.map((pain) => (
            <li key={pain.title} className="bg-card rounded-xl border p-6 shadow-sm">
              <div className="flex size-10 items-center justify-center rounded-lg bg-red-50 text-red-600">
                <pain.icon className="size-5" aria-hidden="true" />
              </div>
              <h3 className="mt-4 text-lg font-semibold">{pain.title}</h3>
              <p className="text-muted-foreground mt-2 text-sm leading-relaxed">{pain.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
