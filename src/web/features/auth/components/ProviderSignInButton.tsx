import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { useAuthOptions } from '../api/auth-options';

/**
 * 'Continue with {provider}' (spec part 2 "Team login screen"): a navigation to /api/login,
 * shown only when the server has external sign-in configured. `href` overrides the target
 * (an invitation passes `/api/login?invite={token}`).
 */
export function ProviderSignInButton({ href = '/api/login', separator = true }: { href?: string; separator?: boolean }) {
  const { options } = useAuthOptions();
  if (!options?.oidcProviderName) return null;
  return (
    <>
      {separator ? (
        <div className="flex items-center gap-3" aria-hidden="true">
          <Separator className="flex-1" />
          <span className="text-muted-foreground text-xs uppercase">or</span>
          <Separator className="flex-1" />
        </div>
      ) : null}
      <Button variant="outline" className="w-full" asChild>
        <a href={href}>Continue with {options.oidcProviderName}</a>
      </Button>
    </>
  );
}
