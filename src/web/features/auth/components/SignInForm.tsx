import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { Loader2 } from 'lucide-react';
import { teamLoginBodySchema } from '../../../../contracts/auth';
import { FormField } from '@/components/FormField';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { useTeamLogin } from '../api/sign-in';

/** Email + password sign-in. Any non-OK answer reads 'Invalid credentials' (spec part 2 section 8). */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const login = useTeamLogin();
  const form = useForm({
    resolver: zodResolver(teamLoginBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await login.mutateAsync(body);
      toast.success('Welcome back!');
      onSignedIn();
    } catch (error) {
      // Too many attempts is the one case where the server's own words help the user.
      const description = error instanceof ApiError && error.status === 429 ? error.userMessage : undefined;
      toast.error('Invalid credentials', { description });
      form.setFocus('password');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign in">
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" autoFocus placeholder="you@company.com" {...form.register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      {login.isError ? (
        <p className="text-destructive text-sm" role="alert">
          Invalid credentials
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        Sign In
      </Button>
    </form>
  );
}
