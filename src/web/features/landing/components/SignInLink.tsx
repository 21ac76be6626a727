import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/**
 * Every sign-in and trial button of the landing page sends the browser to /api/login
 * (spec part 1 section 2 "Landing page"): a real link, so it is a full page load.
 */
export function SignInLink({
  children,
  ...props
}: Omit<ComponentProps<typeof Button>, 'asChild'> & { children: ReactNode }) {
  return (
    <Button asChild {...props}>
      <a href="/api/login">{children}</a>
    </Button>
  );
}
