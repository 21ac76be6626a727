/**
 * Team login screen (spec part 2 "Team login screen", sections 5, 7, 8 "Login and gate"), plus
 * sign-up of a new organisation (DESIGN.md section 3).
 */
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ScanBarcode } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { useDocumentTitle } from '@/components/PageHeader';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';
import { ProviderSignInButton } from './ProviderSignInButton';

type Mode = 'sign-in' | 'sign-up';

export default function TeamLoginPage() {
  const [mode, setMode] = useState<Mode>('sign-in');
  const [, navigate] = useLocation();
  const done = () => navigate('/');
  useDocumentTitle(mode === 'sign-in' ? 'Sign In' : 'Create an account');

  return (
    <div className="bg-muted/40 flex min-h-svh flex-col items-center justify-center gap-6 p-4 sm:p-6">
      <a href="/" className="flex items-center gap-2 text-lg font-semibold">
        <span className="bg-primary text-primary-foreground flex size-8 items-center justify-center rounded-lg">
          <ScanBarcode className="size-4" aria-hidden="true" />
        </span>
        StockTally
      </a>
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle className="text-xl">{mode === 'sign-in' ? 'Sign in to your team' : 'Create an account'}</CardTitle>
          <CardDescription>
            {mode === 'sign-in'
              ? 'Enter your email and password.'
              : 'Start a new organisation. You can invite your team afterwards.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {mode === 'sign-in' ? <SignInForm onSignedIn={done} /> : <SignUpForm onSignedUp={done} />}
          <ProviderSignInButton />
        </CardContent>
        <CardFooter className="justify-center text-sm">
          {mode === 'sign-in' ? (
            <p className="text-muted-foreground">
              New to StockTally?{' '}
              <Button variant="link" className="h-auto p-0" onClick={() => setMode('sign-up')}>
                Create an account
              </Button>
            </p>
          ) : (
            <p className="text-muted-foreground">
              Already have an account?{' '}
              <Button variant="link" className="h-auto p-0" onClick={() => setMode('sign-in')}>
                Sign In
              </Button>
            </p>
          )}
        </CardFooter>
      </Card>
    </div>
  );
}
