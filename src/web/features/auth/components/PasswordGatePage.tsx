/**
 * Password gate screen (/password; spec part 2 "Password gate screen", sections 5, 7, 8;
 * DESIGN.md section 8): one password field and 'Access Application', disabled while empty.
 * Success loads the app afresh at '/'.
 */
import { useState, type FormEvent } from 'react';
import { Loader2, LockKeyhole } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/FormField';
import { useDocumentTitle } from '@/components/PageHeader';
import { ApiError } from '@/lib/api';
import { useVerifyPassword } from '../api/verify-password';

export default function PasswordGatePage() {
  useDocumentTitle('Access Required');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifyPassword();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    setError(null);
    try {
      await verify.mutateAsync({ password });
      window.location.href = '/';
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) setError(err.userMessage);
      else if (err instanceof ApiError && err.status === 401) setError('Invalid password. Please try again.');
      else setError('An error occurred. Please try again.');
    }
  };

  return (
    <div className="bg-muted/40 flex min-h-svh items-center justify-center p-4 sm:p-6">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          <span className="bg-primary text-primary-foreground mx-auto mb-2 flex size-10 items-center justify-center rounded-full">
            <LockKeyhole className="size-5" aria-hidden="true" />
          </span>
          <CardTitle className="text-xl">
            <h1>Access Required</h1>
          </CardTitle>
          <CardDescription>Enter the access password to continue.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Access Application">
            <FormField label="Password" error={error ?? undefined}>
              <Input type="password" autoComplete="current-password" autoFocus value={password} onChange={(e) => setPassword(e.target.value)} />
            </FormField>
            <Button type="submit" className="w-full" disabled={!password || verify.isPending}>
              {verify.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              Access Application
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
