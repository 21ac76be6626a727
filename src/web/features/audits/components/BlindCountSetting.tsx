/**
 * The audit's blind count (DESIGN.md section 14) on its detail page: owners and admins get a
 * switch (`PATCH /api/audits/{id}` `countBlind`: on hides expected quantities from every
 * counter, off from nobody); members and viewers read the state, with no switch. Not set, the
 * default holds: members count blind, owners and admins see expected quantities.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { EyeOff } from 'lucide-react';
import type { Audit } from '../../../../contracts/audits';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api';
import { usePermissions } from '@/lib/permissions';
import { auditQueryOptions } from '../api/get-audit';
import { updateAudit } from '../api/update-audit';

export const BLIND_COUNT_LABEL = 'Blind count: hide expected quantities';

/** What the audit's setting means for the counters, in a sentence. */
function blindCountState(setting: boolean | null): string {
  if (setting === true) return 'On: no counter sees expected quantities on the count screen.';
  if (setting === false) return 'Off: every counter sees expected quantities on the count screen.';
  return 'Not set: members count blind; owners and admins see expected quantities.';
}

export function BlindCountSetting({ audit }: { audit: Audit }) {
  const canSet = usePermissions().can('setBlindCount');
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const state = blindCountState(audit.countBlind);

  async function change(checked: boolean) {
    setSaving(true);
    try {
      const updated = await updateAudit(audit.id, { countBlind: checked });
      queryClient.setQueryData(auditQueryOptions(audit.id).queryKey, updated);
      toast.success(checked ? 'Blind count on' : 'Blind count off');
    } catch (error) {
      toast.error('Failed to change the blind count', { description: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="blind-count-title" className="flex flex-wrap items-start gap-3 rounded-lg border p-4">
      <EyeOff className="text-muted-foreground mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {canSet ? (
          <div className="flex items-center justify-between gap-3">
            <Label id="blind-count-title" htmlFor="blind-count" className="leading-snug">
              {BLIND_COUNT_LABEL}
            </Label>
            <Switch
              id="blind-count"
              checked={audit.countBlind === true}
              disabled={saving}
              aria-describedby="blind-count-state"
              onCheckedChange={(checked) => void change(checked)}
            />
          </div>
        ) : (
          <h2 id="blind-count-title" className="text-sm leading-snug font-medium">
            Blind count
          </h2>
        )}
        <p id="blind-count-state" className="text-muted-foreground text-sm" data-testid="blind-count-state">
          {state}
        </p>
      </div>
    </section>
  );
}
