import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * An invitation link to pass on by hand, when the server could not e-mail it (DESIGN.md
 * section 8: without SMTP the dialog shows the link with a copy button).
 */
export function InviteLink({ url, email, expiresAt }: { url: string; email: string; expiresAt: string | null }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success('Invitation link copied');
    } catch {
      toast.error('Could not copy the link', { description: 'Select the link and copy it by hand.' });
    }
  };
  return (
    <div className="grid gap-3">
      <p className="text-muted-foreground text-sm">
        No e-mail was sent (e-mail is not set up on this server). Send this link to <strong className="text-foreground">{email}</strong>
        {expiresAt ? `. It works once and expires on ${expiresAt}.` : '.'}
      </p>
      <div className="grid gap-2">
        <Label htmlFor="invite-link">Invitation link</Label>
        <div className="flex gap-2">
          <Input id="invite-link" readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
          <Button type="button" variant="outline" onClick={copy} aria-label="Copy invitation link">
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            <span className="hidden sm:inline">{copied ? 'Copied' : 'Copy'}</span>
          </Button>
        </div>
      </div>
    </div>
  );
}
