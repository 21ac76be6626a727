/**
 * The landing page for signed-out visitors (spec part 1 sections 1, 2 "Landing page", 9;
 * DESIGN.md section 4 for the plans). It is the first load for every visitor: plain HTML and
 * CSS, no images, no extra libraries. Every sign-in or trial button goes to /api/login.
 */
import { useDocumentTitle } from '@/components/PageHeader';
import { ChallengeSection } from './components/ChallengeSection';
import { ClosingCta } from './components/ClosingCta';
import { FeaturesSection } from './components/FeaturesSection';
import { HeroSection } from './components/HeroSection';
import { HowItWorksSection } from './components/HowItWorksSection';
import { LandingFooter } from './components/LandingFooter';
import { LandingHeader } from './components/LandingHeader';
import { PricingSection } from './components/PricingSection';

export default function LandingPage() {
  useDocumentTitle('Inventory audits in minutes');
  return (
    <div id="top" className="flex min-h-svh flex-col">
      <LandingHeader />
      <main className="flex-1">
        <HeroSection />
        <ChallengeSection />
        <HowItWorksSection />
        <FeaturesSection />
        <PricingSection />
        <ClosingCta />
      </main>
      <LandingFooter />
    </div>
  );
}
