/**
 * Invitation acceptance screen, /accept-invite/{token} (spec part 2 "Invitation acceptance
 * screen", sections 4, 5, 8, 9; DESIGN.md section 8): the invitation's e-mail, role and expiry;
 * first and last name; a password or the external account; a welcome, then '/' after 3 seconds.
 * An unknown, used or expired link shows 'Invalid Invitation'.
 */
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { CircleCheck, Loader2, ScanBarcode, TriangleAlert } from 'lucide-react';
import { toast } from '@/lib/toast';
import { acceptInviteBodySchema, type InvitationLookup } from '../../../contracts/team';
import { FormField } from '@/components/FormField';
import { useDocumentTitle } from '@/components/PageHeader';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useAcceptInvite, useInvitation } from './api/invitation';
import { ROLE_LABELS, formatDate } from './member-display';

/** Spec part 2 section 9: redirect after joining the team. */
const REDIRECT_AFTER_JOIN_MS = 3000;

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="bg-muted/40 flex min-h-svh flex-col items-center justify-center gap-6 p-4 sm:p-6">
      <Link href="/" className="flex items-center gap-2 text-lg font-semibold">
        <span className="bg-primary text-primary-foreground flex size-8 items-center justify-center rounded-lg">
          <ScanBarcode className="size-4" aria-hidden="true" />
        </span>
        StockTally
      </Link>
      <Card className="w-full max-w-md">{children}</Card>
    </div>
  );
}

function InvalidInvitation() {
  useDocumentTitle('Invalid Invitation');
  return (
    <Frame>
      <CardHeader>
        <div className="bg-destructive/10 mb-2 flex size-10 items-center justify-center rounded-lg">
          <TriangleAlert className="text-destructive size-5" aria-hidden="true" />
        </div>
        <CardTitle className="text-xl" role="heading" aria-level={1}>
          Invalid Invitation
        </CardTitle>
        <CardDescription>
          This invitation is invalid or has expired. Please contact the person who invited you for a new invitation.
        </CardDescription>
      </CardHeader>
      <CardFooter>
        <Button asChild variant="outline">
          <Link href="/">Go to Home</Link>
        </Button>
      </CardFooter>
    </Frame>
  );
}

function Welcome({ organizationName }: { organizationName: string }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  useDocumentTitle('Welcome');
  useEffect(() => {
    const timer = setTimeout(() => {
      // Everything cached belonged to the signed-out visitor: start over as the new member.
      void queryClient.resetQueries().then(() => navigate('/'));
    }, REDIRECT_AFTER_JOIN_MS);
    return () => clearTimeout(timer);
  }, [queryClient, navigate]);
  return (
    <Frame>
      <CardHeader className="items-center text-center" role="status">
        <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-green-100">
          <CircleCheck className="size-6 text-green-700" aria-hidden="true" />
        </div>
        <CardTitle className="text-xl">Welcome to {organizationName}!</CardTitle>
        <CardDescription>You have joined the team and are signed in. Taking you to your dashboard…</CardDescription>
      </CardHeader>
    </Frame>
  );
}

function AcceptForm({ token, invitation, onJoined }: { token: string; invitation: InvitationLookup; onJoined: () => void }) {
  const accept = useAcceptInvite(token);
  const external = invitation.externalSignIn;
  const form = useForm({
    resolver: zodResolver(acceptInviteBodySchema),
    defaultValues: {
      firstName: invitation.firstName ?? '',
      lastName: invitation.lastName ?? '',
      // The spec's default is the external account; without one configured, a password.
      authMethod: external ? ('replit' as const) : ('password' as const),
      password: '',
      confirmPassword: '',
    },
  });
  const { errors } = form.formState;
  const method = useWatch({ control: form.control, name: 'authMethod' });

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const result = await accept.mutateAsync(body);
      if ('redirectTo' in result) window.location.assign(result.redirectTo);
      else onJoined();
    } catch (error) {
      toast.error('Failed to accept invitation', { description: errorMessage(error) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Accept invitation">
      <CardContent className="grid gap-4">
        <dl className="bg-muted/50 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg p-3 text-sm">
          <dt className="text-muted-foreground">Email</dt>
          <dd className="min-w-0 font-medium break-all">{invitation.email}</dd>
          <dt className="text-muted-foreground">Role</dt>
          <dd className="font-medium">{ROLE_LABELS[invitation.role]}</dd>
          <dt className="text-muted-foreground">Expires</dt>
          <dd className="font-medium">{formatDate(invitation.inviteExpiresAt)}</dd>
        </dl>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="First Name" error={errors.firstName?.message}>
            <Input autoComplete="given-name" autoFocus {...form.register('firstName')} />
          </FormField>
          <FormField label="Last Name" error={errors.lastName?.message}>
            <Input autoComplete="family-name" {...form.register('lastName')} />
          </FormField>
        </div>
        {external ? (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">How will you sign in?</legend>
            {(
              [
                ['replit', `Continue with ${external.providerName}`],
                ['password', 'Set a password'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="has-[:checked]:border-primary flex cursor-pointer items-center gap-3 rounded-md border p-3 text-sm">
                <input type="radio" value={value} className="accent-primary size-4" {...form.register('authMethod')} />
                {label}
              </label>
            ))}
          </fieldset>
        ) : null}
        {method === 'password' ? (
          <>
            <FormField label="Password" hint="At least 8 characters." error={errors.password?.message}>
              <Input type="password" autoComplete="new-password" {...form.register('password')} />
            </FormField>
            <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
              <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
            </FormField>
          </>
        ) : null}
      </CardContent>
      <CardFooter className="mt-6 flex flex-col gap-2 sm:flex-row-reverse sm:justify-between">
        <Button type="submit" className="w-full sm:w-auto" disabled={accept.isPending}>
          {accept.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {method === 'password' || !external ? 'Accept Invitation' : `Continue with ${external.providerName}`}
        </Button>
        <Button asChild variant="ghost" className="w-full sm:w-auto">
          <Link href="/">Decline invitation</Link>
        </Button>
      </CardFooter>
    </form>
  );
}

export default function AcceptInvitePage({ token }: { token: string }) {
  const invitation = useInvitation(token);
  const [joined, setJoined] = useState(false);
  useDocumentTitle('Accept Invitation');

  if (joined && invitation.data) return <Welcome organizationName={invitation.data.organizationName} />;
  if (invitation.isLoading) {
    return (
      <Frame>
        <CardHeader aria-busy="true" aria-label="Loading invitation">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-4 w-full" />
        </CardHeader>
        <CardContent className="grid gap-3">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-9 w-full" />
        </CardContent>
      </Frame>
    );
  }
  if (!invitation.data) return <InvalidInvitation />;
  return (
    <Frame>
      <CardHeader>
        <CardTitle className="text-xl" role="heading" aria-level={1}>
          Join {invitation.data.organizationName}
        </CardTitle>
        <CardDescription>You have been invited to StockTally. Set up your account to accept.</CardDescription>
      </CardHeader>
      <AcceptForm token={token} invitation={invitation.data} onJoined={() => setJoined(true)} />
    </Frame>
  );
}
