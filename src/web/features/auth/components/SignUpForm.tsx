import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { Loader2 } from 'lucide-react';
import { MIN_PASSWORD_LENGTH, signUpBodySchema } from '../../../../contracts/auth';
import { FormField } from '@/components/FormField';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { useSignUp } from '../api/sign-in';

/** Sign-up of a new organisation and its owner (DESIGN.md section 3; body = signUpBodySchema). */
export function SignUpForm({ onSignedUp }: { onSignedUp: () => void }) {
  const signUp = useSignUp();
  const form = useForm({
    resolver: zodResolver(signUpBodySchema),
    defaultValues: { email: '', password: '', firstName: '', lastName: '', organizationName: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await signUp.mutateAsync(body);
      toast.success('Welcome to StockTally!', { description: 'Your organisation is ready.' });
      onSignedUp();
    } catch (error) {
      toast.error('Sign up failed', { description: errorMessage(error) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Create an account">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" error={errors.firstName?.message}>
          <Input autoComplete="given-name" autoFocus {...form.register('firstName')} />
        </FormField>
        <FormField label="Last name" error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField label="Organisation name" error={errors.organizationName?.message}>
        <Input autoComplete="organization" {...form.register('organizationName')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="you@company.com" {...form.register('email')} />
      </FormField>
      <FormField
        label="Password"
        error={errors.password?.message}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      >
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      {signUp.isError ? (
        <p className="text-destructive text-sm" role="alert">
          {errorMessage(signUp.error)}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        Create account
      </Button>
    </form>
  );
}
