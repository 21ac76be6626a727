/**
 * The in-page payment form (spec part 2 section 7: card payment confirmation through the
 * provider's browser library, returning to the billing page). Loaded only on /subscribe, only
 * when the server has STRIPE_PUBLISHABLE_KEY: `@stripe/stripe-js` is imported dynamically here.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { toast } from '@/lib/toast';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';

export default function PaymentForm({ publishableKey, clientSecret }: { publishableKey: string; clientSecret: string }) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [paying, setPaying] = useState(false);
  const [, navigate] = useLocation();

  useEffect(() => {
    let cancelled = false;
    void import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((stripe) => {
        if (cancelled || !stripe || !mountRef.current) return;
        const elements = stripe.elements({ clientSecret });
        elements.create('payment').mount(mountRef.current);
        setReady({ stripe, elements });
      })
      .catch((error: unknown) => toast.error('Payment Failed', { description: error instanceof Error ? error.message : String(error) }));
    return () => {
      cancelled = true;
    };
  }, [publishableKey, clientSecret]);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setPaying(true);
    const { error } = await ready.stripe.confirmPayment({
      elements: ready.elements,
      confirmParams: { return_url: `${window.location.origin}/billing?success=true` },
      redirect: 'if_required',
    });
    setPaying(false);
    if (error) {
      toast.error('Payment Failed', { description: error.message });
      return;
    }
    toast.success('Subscription Created', { description: 'Welcome to your new plan!' });
    navigate('/billing?success=true');
  };

  return (
    <form onSubmit={(e) => void pay(e)} className="grid gap-4" aria-label="Payment details">
      <div ref={mountRef} className="min-h-32" />
      <Button type="submit" disabled={!ready || paying}>
        Subscribe
      </Button>
    </form>
  );
}
