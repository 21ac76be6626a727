import { ArrowRight } from 'lucide-react';
import { SignInLink } from './SignInLink';

export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="bg-primary text-primary-foreground">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6 md:py-20">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Your next stock count could take minutes
        </h2>
        <p className="text-primary-foreground/75 max-w-xl text-lg text-pretty">
          Set up in under 5 minutes with the files you already have. No credit card required.
        </p>
        <SignInLink size="lg" variant="secondary" className="w-full sm:w-auto">
          Start Your Free Trial Today
          <ArrowRight aria-hidden="true" />
        </SignInLink>
      </div>
    </section>
  );
}
